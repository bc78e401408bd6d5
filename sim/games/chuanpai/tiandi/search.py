"""天地人和's primitives of the compiled sampled-world search; its worlds are
:func:`.world.resample_world`'s.

:mod:`sim.loops` holds the search itself (``search(k, width)``, :class:`sim.search.SearchParams`),
compiled over this module's primitives and the hand loop's (:mod:`.batch`): with more than
one legal play, ``k`` worlds, each candidate applied to a copy of the world and played to
the end by the rollout kernel in every seat (common random numbers), the best mean of the
seat's points. With ``width`` > 0 the candidates are the rollout's own choice, then by
:func:`rank_keys` the plays of most cards first (legal order among equals). ``slots[p]`` is
seat ``p``'s strategy and ``slots[ROLLOUT + p]`` its rollout kernel.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.tiandi import engine as E
from sim.games.chuanpai.tiandi.state import PTS  # noqa: F401 (sim.loops)
from sim.games.chuanpai.tiandi.world import resample_world  # noqa: F401 (sim.loops)

ROLLOUT = 3  # slots[ROLLOUT + p]: seat p's rollout kernel when it searches


@njit(cache=True)
def rank_keys(s: np.ndarray, seat: int, legal: np.ndarray, n: int, keys: np.ndarray) -> None:
    """The cheap ranking of the candidates beyond the rollout's own choice (smallest first):
    plays of more cards first."""
    for i in range(n):
        keys[i] = -E.code_size(legal[i])


def specialised(kernels: list) -> object:
    """The search loop (:func:`sim.loops.search_loop`) over this game's primitives with six
    kernels (each seat's strategy, then each seat's rollout), cached on disk."""
    import sys

    from sim.games.chuanpai.tiandi import batch
    from sim.loops import search_loop
    from sim.registry import builtin_kernels

    return search_loop([batch, sys.modules[__name__]], kernels, palette=builtin_kernels("tiandi"))
