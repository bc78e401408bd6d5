"""The compiled batch driver: play many complete pairing-game hands with compiled strategies.

Hand ``i`` of a run has seed ``hand_seed(root, i)`` and dealer ``i % players``; the strategies
draw from a second generator started at ``sim.rng.strategy_seed(seed)`` (as in the Python
driver).
The hand loop is :mod:`sim.loops`' (this module gives its primitives); strategies are
kernels ``kernel(obs, legal, n, rng) -> action`` (six; seats beyond the table's size are
never asked). :func:`specialised` compiles the loop once per palette and keeps it in
numba's disk cache (:mod:`sim.specialise`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.pairs.engine import (  # noqa: F401 (ACTOR, the sizes: sim.loops)
    ACTOR, FAN, FORCED, MAXP, MAX_ACTIONS, NCLAIM, NDEC, NTOU, OUTCOME, PTS, STAKE, STATE_SIZE,
    TURNS, WINNER, WTUO, apply_action, new_hand, run_forced,
)
from sim.games.chuanpai.pairs.observe import OBS_SIZE, observe  # noqa: F401
from sim.games.chuanpai.pairs.rules import C_NP
from sim.games.spec import copy_words

(R_WINNER, R_OUTCOME, R_TURNS, R_FAN, R_TUO, R_STAKE, R_TOU, R_CLAIMS, R_DEC, R_BAD_SEAT,
 R_BAD_ACTION) = range(11)
R_PTS = 11  # [6]
R_TOU_SEAT = 17  # [6]
N_RESULT = 23
# (column, state word): the result columns record copies from the final state
STATE_COLUMNS = np.array([(R_WINNER, WINNER), (R_OUTCOME, OUTCOME), (R_TURNS, TURNS), (R_FAN, FAN),
                          (R_TUO, WTUO), (R_STAKE, STAKE), (R_CLAIMS, NCLAIM)])


@njit(cache=True)
def record(s: np.ndarray, row: np.ndarray) -> None:
    """The result columns of a finished hand (both drivers call this)."""
    copy_words(s, row, STATE_COLUMNS)
    row[R_DEC] = s[NDEC] - s[FORCED]
    tou = 0
    for p in range(MAXP):
        row[R_PTS + p] = s[PTS + p]
        row[R_TOU_SEAT + p] = s[NTOU + p]
        tou += s[NTOU + p]
    row[R_TOU] = tou


# sim.loops' default primitives are made of these and STATE_SIZE, MAX_ACTIONS, OBS_SIZE
DTYPE = np.int16
OBSERVE, APPLY, RECORD = observe, apply_action, record


@njit(cache=True)
def deal_hand(s, cfg, i, seed, carry, obs) -> None:
    """Hand ``i``: 头家 ``i % players`` (:mod:`sim.loops` primitives from here on)."""
    new_hand(s, seed, np.int64(i % cfg[C_NP]), cfg)


@njit(cache=True)
def settle(s, cfg, legal) -> int:
    """Make the forced moves, then list the legal actions (0 once the hand is over)."""
    return run_forced(s, legal)


def specialised(kernels: list) -> object:
    """``play_hands(root, start, count, cfg, seeds, res)`` (:mod:`sim.loops`) with seat ``p``
    playing ``kernels[p]`` (six), compiled for the game's palette and cached on disk."""
    import sys

    from sim.loops import hand_loop
    from sim.registry import builtin_kernels

    return hand_loop(sys.modules[__name__], kernels, palette=builtin_kernels("pairs"))
