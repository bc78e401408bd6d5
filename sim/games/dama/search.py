"""打马's search primitives: the world it samples and its ranking of moves.

Worlds come from :func:`sim.games.dama.world.resample_world` (the board is public; only
the dice to come are redrawn).

The search itself is :mod:`sim.loops`' (``search(k, width)``,
:class:`sim.search.SearchParams`), compiled over this module's primitives and the hand
loop's (:mod:`.batch`): each candidate is played to the end of the game (rollouts are not
truncated: a game's points come mostly from the pot at its end) and scored by the seat's
points, 帖 with the pot flows, as the rows count them (``PTS``). With ``width`` > 0 the
candidates after the rollout's own choice are the moves that carry most horse-stations
forward (:func:`rank_keys`). ``slots[p]`` is seat ``p``'s strategy and
``slots[ROLLOUT + p]`` its rollout kernel when it searches.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dama.board import HOME
from sim.games.dama.codes import horses, is_split, split_first, split_second, station
from sim.games.dama.engine import split_landings, target
from sim.games.dama.state import CUR_THROW, PTS, TURN  # noqa: F401 (PTS: sim.loops)
from sim.games.dama.world import resample_world  # noqa: F401 (sim.loops' primitive)

ROLLOUT = 5  # slots[ROLLOUT + p]: seat p's rollout kernel when it searches


@njit(cache=True)
def _progress(st, p, t, code) -> int:
    """Horse-stations a single move carries forward (a move back: negative)."""
    dest = target(st, p, t, code)
    if dest < 0:
        return 0
    return horses(code) * (min(dest, HOME) - station(code))


@njit(cache=True)
def rank_keys(st: np.ndarray, seat: int, legal: np.ndarray, n: int, keys: np.ndarray) -> None:
    """The cheap ranking of the candidates beyond the rollout's own choice (smallest first):
    the moves of the seat to move that carry most horse-stations forward first (a split
    move: both parts)."""
    p, t = st[TURN], st[CUR_THROW]
    for i in range(n):
        code = legal[i]
        if is_split(code):
            first, second = split_first(code), split_second(code)
            d1, d2 = split_landings(st, p, t, code)
            gain = 0
            if d1 >= 0:
                gain += horses(first) * (min(d1, HOME) - station(first))
            if d2 >= 0:
                gain += horses(second) * (min(d2, HOME) - station(second))
            keys[i] = -gain
        else:
            keys[i] = -_progress(st, p, t, code)


def specialised(kernels: list) -> object:
    """The search loop (:func:`sim.loops.search_loop`) over this game's primitives with ten
    kernels (each seat's strategy, then each seat's rollout), cached on disk."""
    import sys

    from sim.games.dama import batch
    from sim.loops import search_loop
    from sim.registry import builtin_kernels

    return search_loop([batch, sys.modules[__name__]], kernels, palette=builtin_kernels("dama"))
