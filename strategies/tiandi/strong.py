"""The ``strong`` 天地人和 strategy: counts cards and plays the safe line.

* Leading: a play that nobody still holding cards can beat (counted from the unseen cards)
  is a sure trick; it takes the biggest sure one. Otherwise it weighs each lead by the
  chance it stands against what it costs to lose (so a weak hand leads cheap cards and
  lets the lead go), keeps its combinations and pairs, and
  never makes a 包牌 lead (天, 红九, 黑九 first) while it has another play. It steers clear
  of 脱手 when 脱手 is a draw (and goes for it when 脱手 wins).
* Beating (must-beat): last to play, it beats as cheaply as it can; with a player still to
  come it prefers the cheapest play that player cannot beat (占张).
* Face down: it throws the cards least worth keeping.
* Sets of three or four cards (``combo_sizes="2-4"``): it keeps a set together (its cards
  are worth more together) and leads it when nobody can beat it, which lays three or four
  cards at once.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.tiandi.observe import O_CFG, O_HAND, O_MODE, O_SIZE
from sim.games.chuanpai.tiandi.rules import C_TUOSHOU, TUOSHOU_WIN
from sim.games.chuanpai.tiandi.shapes import code_quad, code_size, code_two
from sim.games.chuanpai.tiandi.state import MODE_BEAT, MODE_DOWN
from strategies.tiandi.common import (
    W_KEEP, WORK_SIZE, bao_risk, count, makes_tuoshou, stand_chance,
)


@dataclasses.dataclass(frozen=True, kw_only=True)
class StrongParams:
    """The weights of ``strong`` (tuned on paired deals against earlier settings).

    A lead scores ``lead_gain · P(stands) · cards − lead_loss · P(beaten) · cost``, plus
    ``sure_bonus`` when nothing can beat it; a beat scores ``beat_gain · P(stands) − cost``;
    ``cost`` is what the cards are worth keeping (strength, combinations, pairs). Losing a
    lead is dear (the lead passes and the cards are gone), so weak hands lead cheap cards.
    """

    lead_gain: float = 2.0
    lead_loss: float = 12.0
    sure_bonus: float = 10.0
    beat_gain: float = 1.0


PARAMS = StrongParams()
_LEAD_GAIN, _LEAD_LOSS = PARAMS.lead_gain, PARAMS.lead_loss
_SURE_BONUS, _BEAT_GAIN = PARAMS.sure_bonus, PARAMS.beat_gain


@njit(cache=True)
def _cost(w: np.ndarray, code: int, lead: bool) -> float:
    m, t0, t1, t2, t3 = code_quad(code)
    v = w[W_KEEP + t0]
    if m > 1:
        v += w[W_KEEP + t1]
    if m > 2:
        v += w[W_KEEP + t2]
    if m > 3:
        v += w[W_KEEP + t3]
    if lead and (m >= 3 or (m == 2 and t0 != t1)):  # a combination laid out
        v -= 1.0  # protects nothing any more
    return v


@njit(cache=True)
def _throw(obs: np.ndarray, w: np.ndarray) -> int:
    """The cards least worth keeping, as many as the lead (any cards may go face down)."""
    a = -1
    for k in range(N_TYPES):
        if obs[O_HAND + k] > 0 and (a < 0 or w[W_KEEP + k] < w[W_KEEP + a]):
            a = k
    if obs[O_SIZE] != 2:  # one card, or one at a time under a set of three or four
        return a
    b = a if obs[O_HAND + a] >= 2 else -1
    for k in range(N_TYPES):
        if k != a and obs[O_HAND + k] > 0 and (b < 0 or w[W_KEEP + k] < w[W_KEEP + b]):
            b = k
    return code_two(a, b)


@njit(cache=True)
def strong_kernel(obs: np.ndarray, legal: np.ndarray, n: int, rng: np.ndarray) -> int:
    """The compiled ``strong`` strategy (engine signature)."""
    if n == 1:
        return legal[0]
    w = np.empty(WORK_SIZE, dtype=np.float64)
    count(obs, w)
    mode = obs[O_MODE]
    if mode == MODE_DOWN:
        return _throw(obs, w)
    best = legal[0]
    best_score = -1e18
    for i in range(n):
        c = legal[i]
        if mode == MODE_BEAT:
            p = stand_chance(obs, w, c)
            score = _BEAT_GAIN * p - _cost(w, c, False)
        else:
            p = stand_chance(obs, w, c)
            size = code_size(c)
            score = _LEAD_GAIN * p * size - _LEAD_LOSS * (1.0 - p) * _cost(w, c, True)
            if p > 0.999999:
                score += _SURE_BONUS + size
            if bao_risk(obs, c):
                score -= 100.0
            if makes_tuoshou(obs, c):  # a draw forfeits a hand it is close to winning
                score += 20.0 * p if obs[O_CFG + C_TUOSHOU] == TUOSHOU_WIN else -3.0 * p
        if score > best_score:
            best_score = score
            best = c
    return best
