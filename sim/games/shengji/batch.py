"""The batch driver: many hands, or whole matches, in one compiled call.

Hand ``i`` of a run draws from ``hand_seed(root, i)``. Hand ``h`` of match ``m`` draws
from ``hand_seed(hand_seed(root, m), h)``, so a match depends only on (seed, match id)
and its hands only on the hand number. The kernels take the four strategy functions as
arguments (see :mod:`sim.games.shengji.engine`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.shengji.engine import (
    R_ERROR,
    R_LEVELS,
    R_SIDE,
    R_ZHUANG,
    play_hand,
)
from sim.games.shengji.rules import END_DEFEND_A, END_REACH_A, V_MATCH_END, V_START_LEVEL
from sim.rng import hand_seed

MAX_MATCH_HANDS = 400  # a safety bound; real matches last a few dozen hands
TOP_LEVEL = 14  # A


@njit(cache=False)
def play_hands(root: np.uint64, start: int, count: int, rules: np.ndarray,
               choose, slots, seeds: np.ndarray, res: np.ndarray, err_play: np.ndarray) -> int:
    """Play independent first hands ``start .. start+count-1`` at the rules' start level
    (``rules``: :func:`sim.games.shengji.rules.rules_vector`); returns the index of a hand
    with an illegal play, or -1."""
    level = rules[V_START_LEVEL]
    state = np.zeros(1, dtype=np.uint64)
    for i in range(count):
        seeds[i] = hand_seed(root, start + i)
        state[0] = seeds[i]
        play_hand(state, level, -1, rules, choose, slots, res[i], err_play)
        if res[i, R_ERROR] != 0:
            return i
    return -1


@njit(cache=False)
def play_matches(root: np.uint64, start: int, count: int, rules: np.ndarray, choose, slots,
                 seeds: np.ndarray, res: np.ndarray, meta: np.ndarray,
                 err_play: np.ndarray) -> tuple:
    """Play matches ``start .. start+count-1`` under ``rules`` (its rules vector: the start
    level and the match end among them), one row per hand.

    ``meta`` rows: match id, hand number, level of team 0 and team 1 before the hand, match
    winner team (-1 until the match's last hand; -2 if it hit the safety bound). Returns
    ``(rows, error row or -1)``.
    """
    start_level = rules[V_START_LEVEL]
    end_rule = rules[V_MATCH_END]
    state = np.zeros(1, dtype=np.uint64)
    row = 0
    for mi in range(count):
        m = start + mi
        mseed = hand_seed(root, m)
        levels = np.array([start_level, start_level], dtype=np.int64)
        zhuang = -1
        for h in range(MAX_MATCH_HANDS):
            if row >= res.shape[0]:
                return row, -3
            seeds[row] = hand_seed(mseed, h)
            state[0] = seeds[row]
            team = zhuang % 2 if zhuang >= 0 else 0
            level = levels[team]
            play_hand(state, level, zhuang, rules, choose, slots, res[row], err_play)
            meta[row, 0] = m
            meta[row, 1] = h
            meta[row, 2] = levels[0]
            meta[row, 3] = levels[1]
            meta[row, 4] = -1
            if res[row, R_ERROR] != 0:
                return row + 1, row
            z = res[row, R_ZHUANG]
            team = z % 2
            gain = res[row, R_LEVELS]
            winner_team = team if res[row, R_SIDE] == 0 else 1 - team
            over = False
            if end_rule == END_DEFEND_A and res[row, R_SIDE] == 0 and levels[team] >= TOP_LEVEL:
                over = True
            levels[winner_team] = min(TOP_LEVEL, levels[winner_team] + gain)
            if end_rule == END_REACH_A and levels[winner_team] >= TOP_LEVEL:
                over = True
            zhuang = (z + 2) % 4 if res[row, R_SIDE] == 0 else (z + 1) % 4
            row += 1
            if over:
                meta[row - 1, 4] = winner_team
                break
            if h == MAX_MATCH_HANDS - 1:
                meta[row - 1, 4] = -2
    return row, -1


def specialised(kernels: list) -> object:
    """``play_hands`` and ``play_matches`` with seat ``p`` playing ``kernels[p]``.

    They are compiled for the game's palette and cached on disk, so a worker loads them
    instead of compiling, and take their arguments less ``choose, slots``
    (:mod:`sim.specialise`).
    """
    import sys

    from sim.games.shengji import engine
    from sim.registry import builtin_kernels
    from sim.specialise import specialise

    return specialise([engine, sys.modules[__name__]],
                      [engine._call, engine._follow_trick, engine.play_hand, play_hands,
                       play_matches], kernels, palette=builtin_kernels("shengji"))
