"""摆牌 thresholds, 翻 (三红四黑) and the stake of a win (compiled, plus Python helpers).

翻 counts units in the cards a player has laid: a red type (天 地 人 红九 三四 幺四 — the
seed's red set for this rule) held three times is one unit, four times two units; any other
type held four times is one unit. ``n`` 翻 need ``n`` units and at least ``win_at + n``
摆牌, so 翻 = min(units, 摆牌 − win_at).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.tiandi.rules import C_BASE, C_DOUBLING, C_FAN, C_JIA1, C_JIA2, C_WIN

# the seed's red cards for 三红四黑: 天 地 人 红九 三四 幺四 (红五)
FAN_RED = np.zeros(N_TYPES, dtype=np.bool_)
FAN_RED[[0, 1, 2, 11, 15, 18]] = True
LEVEL_NAMES = ("小胡", "一甲", "两甲")


@njit(cache=True)
def fan_units(laid: np.ndarray) -> int:
    """三红四黑 units of a laid count vector."""
    u = 0
    for k in range(N_TYPES):
        c = laid[k]
        if FAN_RED[k]:
            if c == 3:
                u += 1
            elif c >= 4:
                u += 2
        elif c >= 4:
            u += 1
    return u


@njit(cache=True)
def level_of(n: int, cfg: np.ndarray) -> int:
    """-1 below the win threshold, else the number of 甲 (0 小胡, 1 一甲, 2 两甲)."""
    if n >= cfg[C_JIA2]:
        return 2
    if n >= cfg[C_JIA1]:
        return 1
    if n >= cfg[C_WIN]:
        return 0
    return -1


@njit(cache=True)
def fan_of(laid: np.ndarray, cfg: np.ndarray) -> int:
    """翻 of a laid count vector (0 below the win threshold or with 翻 switched off)."""
    n = 0
    for k in range(N_TYPES):
        n += laid[k]
    if not cfg[C_FAN] or n <= cfg[C_WIN]:
        return 0
    return min(fan_units(laid), n - cfg[C_WIN])


@njit(cache=True)
def stake_of(jia: int, fan: int, cfg: np.ndarray) -> int:
    """What each loser pays a winner with ``jia`` 甲 and ``fan`` 翻."""
    if cfg[C_DOUBLING]:
        return cfg[C_BASE] * (1 + jia + fan)
    return cfg[C_BASE] * (1 << (jia + fan))
