"""The ``shape`` 跑胡子 strategy: keeps connected cards, 胡息 shapes and safe discards.

* Discards the card that is least useful to its own hand — usefulness counts pairs,
  neighbours of the same size, 二七十 partners and 绞 partners, each weighted by how many
  of the missing cards are still unseen — and, among near-ties, the card its 下家 is least
  likely to take (a card lying in his own discard area is usually 臭 for him; a card whose
  copies are visible is less useful to anyone). It reads only its own hand and public cards.
* 碰 always; declines a 吃 unless the laid-down 胡息 plus the change in hand value is
  positive (so a 吃 that breaks a pair or a 胡息 shape is refused).
* Always wins.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.zipai.cards import N_KINDS
from sim.games.zipai.deal import N_SEATS
from sim.games.zipai.engine import CHI, HU, MAXM, PASS, PENG, xia
from sim.games.zipai.melds import GROUPS, M_CHI, MELD_SIZE
from sim.games.zipai.observe import O_HAND, O_MK, O_MV, O_NM, O_PILE, O_SEAT
from strategies.zipai.basic import plan_hand, plan_huxi


@njit(cache=True)
def seen_counts(o: np.ndarray, out: np.ndarray) -> None:
    """Copies of each kind the seat can see: its hand, every discard area, face-up melds."""
    for k in range(N_KINDS):
        out[k] = o[O_HAND + k]
    for p in range(N_SEATS):
        for k in range(N_KINDS):
            out[k] += o[O_PILE + p * N_KINDS + k]
        for j in range(o[O_NM + p]):
            kind = o[O_MK + p * MAXM + j]
            v = o[O_MV + p * MAXM + j]
            if kind == M_CHI:
                for u in range(3):
                    out[GROUPS[v, u]] += 1
            elif v < 0:
                continue  # another player's 偎 lies face down
            else:
                out[v] += MELD_SIZE[kind]


@njit(cache=True)
def usefulness(hand: np.ndarray, seen: np.ndarray, k: int) -> int:
    """How much a ``k`` in ``hand`` helps it: partner cards held, weighted by the
    unseen copies of the card that would complete each shape."""
    r = k % 10
    base = k - r
    other = (k + 10) % N_KINDS
    u = 0
    if hand[k] == 2:
        u += 6 + (4 - seen[k]) * 2  # pair: 碰 / 偎 / 将
    if hand[other] > 0:
        u += 2 + (4 - seen[other])  # 绞
    for d in (-2, -1, 1, 2):
        if 0 <= r + d <= 9 and hand[base + r + d] > 0:
            need = -1
            if d == -1 or d == 1:
                lo = min(r, r + d)
                # the card that completes: lo - 1 or lo + 2
                a = lo - 1
                b = lo + 2
                free = 0
                if a >= 0:
                    free += 4 - seen[base + a]
                if b <= 9:
                    free += 4 - seen[base + b]
                u += 3 + free
            else:
                need = base + (r + d // 2)
                u += 2 + (4 - seen[need])
            if r + d == 0 or r == 0:
                u += 2  # 一二三 is worth 胡息
    if r == 1 or r == 6 or r == 9:
        a = base + (6 if r == 1 else 1)
        b = base + (9 if r != 9 else 6)
        if hand[a] > 0:
            u += 4 + (4 - seen[b])
        if hand[b] > 0:
            u += 4 + (4 - seen[a])
    return u


@njit(cache=True)
def hand_value(hand: np.ndarray, seen: np.ndarray) -> int:
    """Sum of the usefulness of every free card (坎 count as a fixed bonus)."""
    v = 0
    for k in range(N_KINDS):
        c = hand[k]
        if c >= 3:
            v += 30
        elif c > 0:
            v += c * min(usefulness(hand, seen, k), 24)
    return v


@njit(cache=True)
def shape_kernel(o: np.ndarray, legal: np.ndarray, n: int, rng: np.ndarray) -> int:
    """See the module docstring."""
    first = legal[0]
    if first == HU:
        return HU
    seen = np.empty(N_KINDS, dtype=np.int16)
    seen_counts(o, seen)
    hand = o[O_HAND: O_HAND + N_KINDS]
    if first < N_KINDS:  # a discard decision
        nxt = xia(o[O_SEAT])
        best = first
        best_v = 1 << 30
        for t in range(n):
            k = legal[t]
            v = usefulness(hand, seen, k) * 4
            if o[O_PILE + nxt * N_KINDS + k] == 0:
                v += 3 + (4 - seen[k])  # the 下家 might 吃 / 碰 it (unless it lies in his area)
            if v < best_v:
                best_v = v
                best = k
        return best
    if first == PENG:
        return PENG
    before = hand_value(hand, seen)
    after = np.empty(N_KINDS, dtype=np.int16)
    best = PASS
    best_v = 0
    for t in range(n):
        a = legal[t]
        if a >= CHI:
            i = a - CHI
            plan_hand(o, i, after)
            v = plan_huxi(o, i) * 12 + hand_value(after, seen) - before + 20
            if v > best_v:
                best_v = v
                best = a
    return best
