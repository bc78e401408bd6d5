"""The compiled batch driver: play many complete pairing-game hands with compiled strategies.

Hand ``i`` of a run has seed ``hand_seed(root, i)`` and dealer ``i % players``; the strategies
draw from a second generator started at ``sim.rng.strategy_seed(seed)`` (as in the Python
driver).
Strategies are kernels ``kernel(obs, legal, n, rng) -> action``, called as
``choose(slots[seat], …)`` (six slots; seats beyond the table's size are never asked);
:func:`specialised` compiles the loop once per palette (:mod:`sim.specialise`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.pairs.engine import (
    ACTOR, FAN, FORCED, MAXP, MAX_ACTIONS, NCLAIM, NDEC, NTOU, OUTCOME, PTS, STAKE, STATE_SIZE,
    TURNS, WINNER, WTUO, apply_action, new_hand, run_forced,
)
from sim.games.chuanpai.pairs.observe import OBS_SIZE, observe
from sim.rng import hand_seed, strategy_seed
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


@njit
def play_hands(root_seed: np.uint64, start: np.int64, count: np.int64, cfg: np.ndarray,
               choose, slots, seeds: np.ndarray,
               res: np.ndarray) -> int:
    """Play hands ``start .. start + count - 1``; seat ``p`` plays palette slot ``slots[p]``.

    Fills ``seeds[h]`` and ``res[h, R_*]``. Returns -1, or the row of the first hand in
    which a strategy chose an illegal action (``res`` names the seat and the action).
    """
    s = np.zeros(STATE_SIZE, dtype=np.int16)
    obs = np.zeros(OBS_SIZE, dtype=np.int16)
    legal = np.empty(MAX_ACTIONS, dtype=np.int16)
    rng = np.zeros(1, dtype=np.uint64)
    players = cfg[0]
    for h in range(count):
        i = start + h
        seed = hand_seed(root_seed, i)
        seeds[h] = seed
        rng[0] = strategy_seed(seed)
        new_hand(s, seed, np.int64(i % players), cfg)
        n = run_forced(s, legal)
        while s[ACTOR] >= 0:
            seat = s[ACTOR]
            observe(s, seat, obs)
            a = choose(slots[seat], obs, legal, n, rng)
            ok = False
            for t in range(n):
                if legal[t] == a:
                    ok = True
                    break
            if not ok:
                res[h, R_BAD_SEAT] = seat
                res[h, R_BAD_ACTION] = a
                return h
            apply_action(s, a)
            n = run_forced(s, legal)
        record(s, res[h])
    return -1


def specialised(kernels: list) -> object:
    """``play_hands`` with seat ``p`` playing ``kernels[p]`` (six), compiled for the game's
    palette and cached on disk; it takes its arguments less ``choose, slots``."""
    import sys

    from sim.registry import builtin_kernels
    from sim.specialise import specialise

    return specialise([sys.modules[__name__]], [play_hands], kernels, palette=builtin_kernels("pairs"))
