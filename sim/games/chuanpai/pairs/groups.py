"""The group evaluator of the pairing game (compiled): does a hand split into groups?

Groups: two cards whose pip totals make one of the preset's sums (挤/摆/吃), three identical
(碰/暗/扯/偷), four identical (亮/龙/杠) and, where 燕 is on, the three different sevens
幺六 + 三四 + 二五. Two-card groups depend only on pip totals, so after choosing which cards go
into identity groups and 燕, the rest is a matching problem on the eleven totals 2–12 that
a greedy pass solves exactly for every allowed sum set (each total has at most one partner
at or above it).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES, PIPS, RED_TYPES
from sim.games.chuanpai.pairs.rules import (
    C_DINGFU, C_EYE, C_SUM1, C_SUM2, C_XIAO_BLACK, C_XIAO_ONE_RED, C_YAN,
)

TOTAL = np.array([a + b for a, b in PIPS], dtype=np.int64)
RED = np.array([1 if k in RED_TYPES else 0 for k in range(N_TYPES)], dtype=np.int64)
SEVENS = np.array([9, 15, 16], dtype=np.int64)  # 幺六 三四 二五
FUTOU, DINGDING = 7, 20


@njit(cache=True)
def sums_to(a: int, b: int, cfg: np.ndarray) -> bool:
    """Whether types ``a`` and ``b`` make a two-card group."""
    t = TOTAL[a] + TOTAL[b]
    return t == cfg[C_SUM1] or t == cfg[C_SUM2]


@njit(cache=True)
def _pool_ok(h: np.ndarray, cfg: np.ndarray) -> bool:
    n = np.zeros(13, dtype=np.int64)
    for k in range(N_TYPES):
        n[TOTAL[k]] += h[k]
    for t in range(2, 13):
        if n[t] == 0:
            continue
        u = -1
        for s in (cfg[C_SUM1], cfg[C_SUM2]):
            if s >= 0 and t <= s - t <= 12:
                u = s - t
        if u < 0:
            return False
        if u == t:
            if n[t] % 2:
                return False
        else:
            n[u] -= n[t]
            if n[u] < 0:
                return False
        n[t] = 0
    return True


@njit(cache=True)
def _rest_ok(h: np.ndarray, cfg: np.ndarray) -> bool:
    if not cfg[C_YAN]:
        return _pool_ok(h, cfg)
    y = min(h[9], min(h[15], h[16]))
    ok = False
    for i in range(y + 1):
        if _pool_ok(h, cfg):
            ok = True
        if i < y:
            h[9] -= 1
            h[15] -= 1
            h[16] -= 1
    h[9] += y
    h[15] += y
    h[16] += y
    return ok


# cards of one type that identity groups can take out of c copies (two decks: up to 8):
# REMOVE[c, :NREMOVE[c]] — 0, 3, 4, 3 + 3, 3 + 4, 4 + 4
REMOVE = np.array([[0, 0, 0, 0, 0, 0]] * 3 + [[0, 3, 0, 0, 0, 0], [0, 3, 4, 0, 0, 0],
                                               [0, 3, 4, 0, 0, 0], [0, 3, 4, 6, 0, 0],
                                               [0, 3, 4, 6, 7, 0], [0, 3, 4, 6, 7, 8]],
                  dtype=np.int64)
NREMOVE = np.array([1, 1, 1, 2, 3, 3, 4, 5, 6], dtype=np.int64)


@njit(cache=True)
def _ident(h: np.ndarray, cfg: np.ndarray) -> bool:
    """Try every way of taking identity groups (3 or 4 identical) out of ``h``."""
    orig = h.copy()
    big = np.empty(N_TYPES, dtype=np.int64)
    m = 0
    total = 1
    for k in range(N_TYPES):
        if h[k] >= 3:
            big[m] = k
            m += 1
            total *= NREMOVE[h[k]]
    for code in range(total):
        x = code
        for i in range(m):
            k = big[i]
            r = NREMOVE[orig[k]]
            h[k] = orig[k] - REMOVE[orig[k], x % r]
            x //= r
        if _rest_ok(h, cfg):
            h[:] = orig
            return True
    h[:] = orig
    return False


@njit(cache=True)
def complete(hand: np.ndarray, cfg: np.ndarray) -> bool:
    """Whether ``hand`` (21 counts) splits exactly into groups (plus one eye if required)."""
    h = hand.astype(np.int64)
    if not cfg[C_EYE]:
        return _ident(h, cfg)
    for k in range(N_TYPES):
        if h[k] >= 2:
            h[k] -= 2
            ok = _ident(h, cfg)
            h[k] += 2
            if ok:
                return True
    return False


@njit(cache=True)
def ident_tuo(k: int, size: int) -> int:
    """坨 of an open column of ``size`` identical cards of type ``k`` (red 8/10, black 4/6)."""
    if size == 3:
        return 8 if RED[k] else 4
    return 10 if RED[k] else 6


@njit(cache=True)
def red_count(hand: np.ndarray) -> int:
    """Red cards among ``hand`` (21 counts)."""
    n = 0
    for k in range(N_TYPES):
        n += hand[k] * RED[k]
    return n


@njit(cache=True)
def _xiaojia_colour(red: int, futou: int, total: int, tuo: int, cfg: np.ndarray) -> int:
    """The 小家's 坨 for one colouring: ``tuo``, or the all-black / 五黑一红 option values."""
    if red == 0 and futou == 0 and cfg[C_XIAO_BLACK] > tuo:
        return cfg[C_XIAO_BLACK]
    if red == 1 and total == 6 and cfg[C_XIAO_ONE_RED] > tuo:
        return cfg[C_XIAO_ONE_RED]
    return tuo


@njit(cache=True)
def xiaojia_tuo(cards: np.ndarray, ident_columns: int, tuo: int, cfg: np.ndarray) -> int:
    """The 小家's 坨: ``tuo`` (red cards and columns), or with no 扯/偷/龙 column the options'
    values for an all-black holding without 斧头 and for five black cards and one red.

    With ``dingfu_swing`` a holding with exactly one 丁斧 pair (丁丁 + 斧头) may count that pair
    as red (斧头 then adds one 坨) or as black (丁丁 then adds none); the better count stands.
    ``cards`` counts every card of its holding (hand and table).
    """
    if ident_columns > 0:
        return tuo
    red = red_count(cards)
    total = 0
    for k in range(N_TYPES):
        total += cards[k]
    best = _xiaojia_colour(red, cards[FUTOU], total, tuo, cfg)
    if cfg[C_DINGFU] and min(cards[FUTOU], cards[DINGDING]) == 1:
        best = max(best, _xiaojia_colour(red + 1, cards[FUTOU], total, tuo + 1, cfg))
        best = max(best, _xiaojia_colour(red - 1, cards[FUTOU] - 1, total, tuo - 1, cfg))
    return best
