"""跑胡子 groups (门子): the table of 吃-type groups, meld kinds, their 胡息, and 吃 + 比 plans.

A *吃-type group* is three cards that may be laid down by 吃 or counted inside a hand:
a 一句话 (three consecutive ranks of one size), 二七十 / 贰柒拾, or a 绞 (two of one size
and one of the other, same rank). There are 38 of them, numbered once in ``GROUPS``;
table melds of kind 吃 store their group number.

Same-card melds store the card kind: 提 (four), 跑 (four), 偎 and 臭偎 (three drawn by
the player himself), 碰 (three with a claimed card). A 坎 (three identical dealt cards)
stays in the hand and is not a table meld.

胡息 (small / big): 碰 1/3, 坎 偎 臭偎 3/6, 跑 6/9, 提 9/12, 一二三 and 二七十 3/6, the
rest 0.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.zipai.cards import N_KINDS

# Meld kinds on the table.
M_NONE = 0
M_TI = 1  # 提: four, the last one drawn by the player himself (or dealt)
M_PAO = 2  # 跑: four, completed by another player's card, or 碰 + any drawn card
M_WEI = 3  # 偎: pair + own draw
M_CHOUWEI = 4  # 臭偎: 偎 of a card the player had passed (忍碰 / 臭牌)
M_PENG = 5  # 碰: pair + another player's card
M_CHI = 6  # 吃 / 比: one 吃-type group (the meld's value is the group number)

MELD_NAMES = ("", "提", "跑", "偎", "臭偎", "碰", "吃")
MELD_SIZE = np.array([0, 4, 4, 3, 3, 3, 3], dtype=np.int8)
# 胡息 of same-card melds by kind: [small, big]
_SAME_HUXI = np.array([[0, 0], [9, 12], [6, 9], [3, 6], [3, 6], [1, 3], [0, 0]], dtype=np.int16)
KAN_HUXI_SMALL = 3
KAN_HUXI_BIG = 6


def _build_groups() -> tuple[np.ndarray, np.ndarray]:
    groups: list[tuple[int, int, int]] = []
    huxi: list[int] = []
    for base in (0, 10):
        for r in range(8):  # sequences r+1 .. r+3
            groups.append((base + r, base + r + 1, base + r + 2))
            huxi.append((6 if base else 3) if r == 0 else 0)
        groups.append((base + 1, base + 6, base + 9))  # 二七十
        huxi.append(6 if base else 3)
    for r in range(10):  # 绞
        groups.append((r, r, r + 10))
        huxi.append(0)
        groups.append((r, r + 10, r + 10))
        huxi.append(0)
    return np.array(groups, dtype=np.int8), np.array(huxi, dtype=np.int16)


GROUPS, GROUP_HUXI = _build_groups()
N_GROUPS = GROUPS.shape[0]  # 38


def _build_groups_with() -> tuple[np.ndarray, np.ndarray]:
    """For each kind, the groups that contain it (ascending group number)."""
    lists = [[g for g in range(N_GROUPS) if k in GROUPS[g]] for k in range(N_KINDS)]
    width = max(len(x) for x in lists)
    table = np.full((N_KINDS, width), -1, dtype=np.int8)
    for k, gs in enumerate(lists):
        table[k, : len(gs)] = gs
    return table, np.array([len(x) for x in lists], dtype=np.int8)


GROUPS_WITH, N_GROUPS_WITH = _build_groups_with()

MAX_PLAN_GROUPS = 3  # the 吃 group plus at most two 比 groups
MAX_PLANS = 64


@njit(cache=True)
def same_meld_huxi(kind: int, card: int) -> int:
    """胡息 of a 提 / 跑 / 偎 / 臭偎 / 碰 of ``card``."""
    return _SAME_HUXI[kind, 1 if card >= 10 else 0]


@njit(cache=True)
def meld_huxi(kind: int, value: int) -> int:
    """胡息 of a table meld (``value`` = card kind, or group number for 吃)."""
    if kind == M_CHI:
        return GROUP_HUXI[value]
    return _SAME_HUXI[kind, 1 if value >= 10 else 0]


@njit(cache=True)
def kan_huxi(card: int) -> int:
    """胡息 of a 坎 (three identical cards held in hand)."""
    return KAN_HUXI_BIG if card >= 10 else KAN_HUXI_SMALL


@njit(cache=True)
def _take(free: np.ndarray, g: int, sign: int) -> bool:
    """Remove (sign 1) or return (sign -1) group ``g``'s cards; False if one ran short."""
    ok = True
    for u in range(3):
        free[GROUPS[g, u]] -= sign
        if free[GROUPS[g, u]] < 0:
            ok = False
    return ok


@njit(cache=True)
def _emit(plans: np.ndarray, n: int, g1: int, g2: int, g3: int) -> int:
    if n < plans.shape[0]:
        plans[n, 0] = g1
        plans[n, 1] = g2
        plans[n, 2] = g3
        n += 1
    return n


@njit(cache=True)
def chi_plans(hand: np.ndarray, card: int, plans: np.ndarray) -> int:
    """Fill ``plans`` with the legal 吃 plans of ``card`` and return how many.

    A plan is a multiset of 1–3 吃-type groups (row of group numbers, -1 padded, in
    ascending order) that together use the taken card and *every* copy of ``card`` left
    in the hand (比牌), built only from hand cards outside a 坎. No plan exists when the
    hand holds a 坎 of ``card`` (that card would make a 跑). Each multiset appears once.
    """
    if hand[card] >= 3:
        return 0
    free = np.zeros(N_KINDS, dtype=np.int8)
    for k in range(N_KINDS):
        if hand[k] < 3:
            free[k] = hand[k]
    free[card] += 1
    n = 0
    m = N_GROUPS_WITH[card]
    for t1 in range(m):
        g1 = GROUPS_WITH[card, t1]
        if _take(free, g1, 1):
            if free[card] == 0:
                n = _emit(plans, n, g1, -1, -1)
            else:
                for t2 in range(t1, m):
                    g2 = GROUPS_WITH[card, t2]
                    if _take(free, g2, 1):
                        if free[card] == 0:
                            n = _emit(plans, n, g1, g2, -1)
                        else:
                            for t3 in range(t2, m):
                                g3 = GROUPS_WITH[card, t3]
                                if _take(free, g3, 1) and free[card] == 0:
                                    n = _emit(plans, n, g1, g2, g3)
                                _take(free, g3, -1)
                    _take(free, g2, -1)
        _take(free, g1, -1)
    return n
