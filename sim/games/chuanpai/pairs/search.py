"""The pairing game's primitives of the compiled sampled-world search (any table: 2–6 seats,
one or two decks): the worlds are :func:`.world.resample_world`'s.

The search itself is :mod:`sim.loops`' (``search(k, width)``, :class:`sim.search.SearchParams`),
compiled over this module's primitives and the hand loop's (:mod:`.batch`): with ``width``
> 0 the candidates are the rollout's own choice, then by :func:`rank_keys` claims before 过
and discards of the types held fewest. ``slots[p]`` is seat ``p``'s strategy and
``slots[ROLLOUT + p]`` its rollout kernel.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.pairs.state import HAND, PASS, PTS  # noqa: F401 (PTS: sim.loops)
from sim.games.chuanpai.pairs.world import resample_world  # noqa: F401 (sim.loops)

ROLLOUT = 6  # slots[ROLLOUT + p]: seat p's rollout kernel when it searches


@njit(cache=True)
def rank_keys(s: np.ndarray, seat: int, legal: np.ndarray, n: int, keys: np.ndarray) -> None:
    """The cheap ranking beyond the rollout's own choice (smallest first): a claim before
    过, a discard by how many of its type the seat holds."""
    for i in range(n):
        a = legal[i]
        if a < N_TYPES:
            keys[i] = s[HAND + seat * N_TYPES + a]
        else:
            keys[i] = 1 if a == PASS else 0


def specialised(kernels: list) -> object:
    """The search loop (:func:`sim.loops.search_loop`) over this game's primitives with twelve
    kernels (each seat's strategy, then each seat's rollout), cached on disk."""
    import sys

    from sim.games.chuanpai.pairs import batch
    from sim.loops import search_loop
    from sim.registry import builtin_kernels

    return search_loop([batch, sys.modules[__name__]], kernels, palette=builtin_kernels("pairs"))
