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

from sim.games.chuanpai.pairs.engine import (  # ACTOR: sim.loops
    ACTOR, FAN, FORCED, MAXP, MAX_ACTIONS, NCLAIM, NDEC, NTOU, OUTCOME, PTS, STAKE, STATE_SIZE,
    TURNS, WINNER, WTUO, apply_action, new_hand, run_forced,
)
from sim.games.chuanpai.pairs.observe import OBS_SIZE, observe
from sim.games.chuanpai.pairs.rules import C_NP

(R_WINNER, R_OUTCOME, R_TURNS, R_FAN, R_TUO, R_STAKE, R_TOU, R_CLAIMS, R_DEC, R_BAD_SEAT,
 R_BAD_ACTION) = range(11)
R_PTS = 11  # [6]
R_TOU_SEAT = 17  # [6]
N_RESULT = 23


@njit(cache=True)
def record(s: np.ndarray, row: np.ndarray) -> None:
    """The result columns of a finished hand (both drivers call this)."""
    row[R_WINNER] = s[WINNER]
    row[R_OUTCOME] = s[OUTCOME]
    row[R_TURNS] = s[TURNS]
    row[R_FAN] = s[FAN]
    row[R_TUO] = s[WTUO]
    row[R_STAKE] = s[STAKE]
    row[R_CLAIMS] = s[NCLAIM]
    row[R_DEC] = s[NDEC] - s[FORCED]
    tou = 0
    for p in range(MAXP):
        row[R_PTS + p] = s[PTS + p]
        row[R_TOU_SEAT + p] = s[NTOU + p]
        tou += s[NTOU + p]
    row[R_TOU] = tou


@njit(cache=True)
def new_state() -> np.ndarray:
    """A hand's state (:mod:`sim.loops` primitives from here on)."""
    return np.zeros(STATE_SIZE, dtype=np.int16)


@njit(cache=True)
def new_actions() -> np.ndarray:
    return np.empty(MAX_ACTIONS, dtype=np.int16)


@njit(cache=True)
def new_obs() -> np.ndarray:
    return np.zeros(OBS_SIZE, dtype=np.int16)


@njit(cache=True)
def deal_hand(s, cfg, i, seed, carry, obs) -> None:
    """Hand ``i``: 头家 ``i % players``."""
    new_hand(s, seed, np.int64(i % cfg[C_NP]), cfg)


@njit(cache=True)
def settle(s, cfg, legal) -> int:
    """Make the forced moves, then list the legal actions (0 once the hand is over)."""
    return run_forced(s, legal)


@njit(cache=True)
def seat_view(s, cfg, seat, obs) -> np.ndarray:
    observe(s, seat, obs)
    return obs


@njit(cache=True)
def act(s, cfg, action) -> None:
    apply_action(s, action)


@njit(cache=True)
def write_row(s, cfg, carry, res, row) -> None:
    record(s, res[row])


def specialised(kernels: list) -> object:
    """``play_hands(root, start, count, cfg, seeds, res)`` (:mod:`sim.loops`) with seat ``p``
    playing ``kernels[p]`` (six), compiled for the game's palette and cached on disk."""
    import sys

    from sim.loops import hand_loop
    from sim.registry import builtin_kernels

    return hand_loop(sys.modules[__name__], kernels, palette=builtin_kernels("pairs"))
