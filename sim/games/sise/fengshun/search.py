"""The primitives of 丰顺's sampled-world search.

The search itself is :mod:`sim.loops`' (``search(k, width)``, :class:`sim.search.SearchParams`),
compiled over this module's primitives and the hand loop's (:mod:`.batch`, sessions and
dealers alike): the worlds come from :func:`sim.games.sise.fengshun.world.resample_world`;
with ``width`` > 0 the candidates after the rollout's own choice are ranked by
:func:`rank_keys`. ``slots[p]`` is seat ``p``'s strategy and ``slots[ROLLOUT + p]`` its
rollout kernel.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import N_KINDS
from sim.games.sise.fengshun.state import GANG, HAND, MAX_SEATS, PASS, PENG, PTS, STAGE, ST_DISCARD  # noqa: F401 (PTS: sim.loops)
from sim.games.sise.fengshun.world import resample_world  # noqa: F401 (sim.loops)

ROLLOUT = 4  # slots[ROLLOUT + p]: seat p's rollout kernel when it searches


@njit(cache=True)
def rank_keys(s: np.ndarray, seat: int, legal: np.ndarray, n: int, keys: np.ndarray) -> None:
    """The cheap ranking of the candidates beyond the rollout's own choice (smallest first):
    a discard by how many of its kind the seat holds, a claim 杠, 碰, 吃, then 过."""
    for i in range(n):
        a = legal[i]
        if s[STAGE] == ST_DISCARD:
            keys[i] = s[HAND + seat * N_KINDS + a]
        else:
            keys[i] = 0 if a == GANG else 1 if a == PENG else 3 if a == PASS else 2


def specialised(kernels: list) -> object:
    """The search loop (:func:`sim.loops.search_loop`) over this game's primitives with
    eight kernels (each seat's strategy, then each seat's rollout; seats beyond the table
    padded), cached on disk: ``search_choice(s, ctx, seat, k, width, legal, n, rng)`` and
    ``play_search_hands(root, start, count, ctx, ks, widths, seeds, res)``, ``ctx`` as
    :func:`sim.games.sise.fengshun.batch.context` gives it."""
    import sys

    from sim.games.sise.fengshun import batch
    from sim.loops import search_loop
    from sim.registry import builtin_kernels

    assert len(kernels) == 2 * MAX_SEATS
    return search_loop([batch, sys.modules[__name__]], kernels, palette=builtin_kernels("fengshun"))
