"""The ``strong`` 天地人和 strategy: counts cards and plays the safe line.

* Leading: a play that nobody still holding cards can beat (counted from the unseen cards)
  is a sure trick; it takes the surest, biggest one. Otherwise it weighs each lead by the
  chance it stands against what it costs to lose, keeps its combinations and pairs, and
  never makes a 包牌 lead (天, 红九, 黑九 first) while it has another play.
* Beating (must-beat): last to play, it beats as cheaply as it can; with a player still to
  come it prefers the cheapest play that player cannot beat (占张).
* Face down: it throws the cards least worth keeping.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.tiandi.engine import MODE_BEAT, MODE_DOWN, O_CFG, O_MODE
from sim.games.chuanpai.tiandi.rules import CFG_SIZE
from sim.games.chuanpai.tiandi.shapes import code_cards, code_size, play_key
from strategies.tiandi.common import (
    bao_risk, in_combo, keep_value, stand_chance, strength, unseen_counts,
)


@njit(cache=True)
def _cost(obs: np.ndarray, code: int, unseen: np.ndarray) -> float:
    a, b = code_cards(code)
    v = keep_value(obs, a, unseen)
    if b >= 0:
        v += keep_value(obs, b, unseen)
        if a != b:  # leading a whole combination keeps nothing to protect
            v -= 1.0
    return v


@njit(cache=True)
def strong_kernel(obs: np.ndarray, legal: np.ndarray, n: int, rng: np.ndarray) -> int:
    """The compiled ``strong`` strategy (engine signature)."""
    cfg = obs[O_CFG:O_CFG + CFG_SIZE]
    unseen = np.zeros(N_TYPES, dtype=np.int64)
    total = unseen_counts(obs, unseen)
    mode = obs[O_MODE]
    best = legal[0]
    best_score = -1e18
    for i in range(n):
        c = legal[i]
        if mode == MODE_DOWN:
            score = -_cost(obs, c, unseen)
        elif mode == MODE_BEAT:
            p = stand_chance(obs, c, unseen, total)
            score = 3.0 * p - _cost(obs, c, unseen) - 0.01 * (play_key(c, cfg) % 64)
        else:
            p = stand_chance(obs, c, unseen, total)
            size = code_size(c)
            score = p * size * 2.0 - (1.0 - p) * _cost(obs, c, unseen)
            if p > 0.999999:
                score += 10.0 + size
            if bao_risk(obs, c):
                score -= 100.0
        if score > best_score:
            best_score = score
            best = c
    return best
