"""The primitives of 广水's sampled-world search.

The search itself is :mod:`sim.loops`' (``search(k, width)``, :class:`sim.search.SearchParams`),
compiled over this module's primitives and the hand loop's (:mod:`.batch`): the worlds come
from :func:`sim.games.sise.guangshui.world.resample_world`; with ``width`` > 0 the
candidates after the rollout's own choice are ranked by :func:`rank_keys`. ``slots[p]`` is
seat ``p``'s strategy and ``slots[ROLLOUT + p]`` its rollout kernel.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import N_KINDS
from sim.games.sise.guangshui.state import HAND, PTS, STAGE, ST_DISCARD, priority  # noqa: F401 (PTS: sim.loops)
from sim.games.sise.guangshui.world import resample_world  # noqa: F401 (sim.loops)

ROLLOUT = 3  # slots[ROLLOUT + p]: seat p's rollout kernel when it searches


@njit(cache=True)
def rank_keys(s: np.ndarray, seat: int, legal: np.ndarray, n: int, keys: np.ndarray) -> None:
    """The cheap ranking of the candidates beyond the rollout's own choice (smallest first):
    a discard by how many of its kind the seat holds, a declaration by its claim priority
    (胡 first, 过 last)."""
    for i in range(n):
        if s[STAGE] == ST_DISCARD:
            keys[i] = s[HAND + seat * N_KINDS + legal[i]]
        else:
            keys[i] = -priority(legal[i])


def specialised(kernels: list) -> object:
    """The search loop (:func:`sim.loops.search_loop`) over this game's primitives with six
    kernels (each seat's strategy, then each seat's rollout), cached on disk."""
    import sys

    from sim.games.sise.guangshui import batch
    from sim.loops import search_loop
    from sim.registry import builtin_kernels

    return search_loop([batch, sys.modules[__name__]], kernels, palette=builtin_kernels("guangshui"))
