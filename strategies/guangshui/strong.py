"""广水 ``strong``: plays for a complete hand and for 楼, 车 and 肥 groups, counts seen cards.

* wins whenever it may; always 发子 (a 楼 halves the requirement, and letting it go forbids
  the win); 碰s every pair it is offered (a 步 scores, counts toward 五步, 清, 天地 and 出车);
* 吃 only with two loose cards, 占 only a card with no partner in hand;
* discards the card least worth keeping: loose, 素, with few live partners; never breaks
  a 子 or a 车 if it can help it; among equals the one whose 圆 partners are mostly seen,
  so that it feeds the 下家 least.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import JIANG, N_KINDS, N_RANKS, ZU
from sim.games.sise.guangshui.observe import D_DISCARD, OB_CARD, OB_DECISION, OB_HAND
from sim.games.sise.guangshui.state import CHI, FAZI, HU, PASS, PENG, ZHAN
from sim.games.sise.groups import guangshui_table
from strategies.guangshui.basic import keep_value, partners, seen_counts

_GROUP_CARDS = guangshui_table().cards  # 吃 codes are CHI + a group number of this table


@njit(cache=True)
def _che_bonus(h: np.ndarray, k: int) -> float:
    """Extra keep value when ``k`` is part of a 车 held (or one pair short)."""
    r = k % N_RANKS
    v = 0.0
    if r != ZU:
        base = k - r + (0 if r <= 2 else 3)
        pairs = 0
        for i in range(3):
            if h[base + i] >= 2:
                pairs += 1
        if h[k] >= 2 and pairs >= 2:
            v += 15.0 * (pairs - 1)
    if r == JIANG or r == ZU:
        n = 0
        for col in range(4):
            if h[col * N_RANKS + r] >= 2:
                n += 1
        if h[k] >= 2 and n >= 2:
            v += 12.0 * (n - 1)
    return v


@njit(cache=True)
def _danger(k: int, seen: np.ndarray) -> float:
    """How likely the 下家 can use a discarded ``k`` (live partner copies, live pair copies)."""
    if k % N_RANKS == ZU:
        live = 0
        for col in range(4):
            z = col * N_RANKS + ZU
            if z != k:
                live += 4 - seen[z]
        return live / 12.0 + (4 - seen[k]) / 4.0
    a, b = partners(k, 0), partners(k, 1)
    return (4 - seen[a]) * (4 - seen[b]) / 16.0 + (4 - seen[k]) / 4.0


@njit(cache=True)
def strong_kernel(obs: np.ndarray, legal: np.ndarray, n: int, rng: np.ndarray) -> int:
    """The strong heuristic (module docstring)."""
    h = obs[OB_HAND:OB_HAND + N_KINDS]
    seen = np.zeros(N_KINDS, dtype=np.int64)
    seen_counts(obs, seen)
    if obs[OB_DECISION] == D_DISCARD:
        best, best_v = legal[0], 1e18
        for i in range(n):
            k = legal[i]
            v = keep_value(obs, k, seen) + _che_bonus(h, k) + 3.0 * _danger(k, seen)
            if v < best_v:
                best, best_v = k, v
        return best
    card = obs[OB_CARD]
    choice, rank = PASS, 0
    for i in range(n):
        a = legal[i]
        if a == HU:
            return HU
        if a == FAZI and rank < 4:
            choice, rank = a, 4
        elif a == PENG and rank < 3:
            choice, rank = a, 3
        elif a >= CHI and rank < 2:
            cs = _GROUP_CARDS[a - CHI]
            loose = True
            for j in range(3):
                if cs[j] != card and h[cs[j]] != 1:
                    loose = False
            if loose:
                choice, rank = a, 2
        elif a == ZHAN and rank < 1:
            r = card % N_RANKS
            if r == ZU or (h[partners(card, 0)] == 0 and h[partners(card, 1)] == 0):
                choice, rank = a, 1
    return choice

