"""The toy game's search primitives: :func:`sim.loops.search_loop` compiles the ``search``
strategy over them and the hand loop's (``tests/toy_batch.py``). ``slots[ROLLOUT + p]`` is
seat ``p``'s rollout kernel; the candidates beyond the rollout's own choice are ranked
stand first, then a swap of the lower card.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tests import toy_game as T
from tests.toy_game import PTS, resample_world  # noqa: F401 (sim.loops reads them)

ROLLOUT = T.SEATS


@njit(cache=True)
def rank_keys(s: np.ndarray, seat: int, legal: np.ndarray, n: int, keys: np.ndarray) -> None:
    """Stand first (key -1), then each swap by the card it gives up."""
    for i in range(n):
        code = legal[i]
        keys[i] = -1 if code == T.STAND else s[T.HANDS + T.HELD * seat + code - 1]


def specialised(kernels: list) -> object:
    """The search loop over the toy's primitives with four kernels (each seat's strategy,
    then each seat's rollout), cached on disk."""
    import sys

    from sim.loops import search_loop
    from tests import toy_batch

    return search_loop([toy_batch, sys.modules[__name__]], kernels)
