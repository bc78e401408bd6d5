"""The ``expert`` 跑胡子 strategy: play for a waiting hand (听) with enough 胡息.

* **Waits.** A hand is waiting when some card would complete 7 方门子 with at least the
  minimum 胡息 (the engine's own evaluator decides). Its worth is the number of *live*
  winning cards: copies of those cards the seat has not seen (its hand, the tables, the
  discard areas), which may still come from the stock.
* **Discards** keep the most live winning cards; when no discard leaves the hand waiting,
  it falls back to the ``shape`` rule (least useful card, not one the 下家 can use). Among
  discards of equal worth it prefers a card the 下家 cannot 吃 or 碰: one he discarded
  himself (臭 for him), one whose copies are all in sight, or one lying in his area.
* **碰 and 吃** are valued by what they do to the waits: each option (pass, 碰, every 吃
  plan) is followed by its best discard and the option with the most live winning cards
  is taken, ties going to the one that lays down more 胡息. With no wait in reach it 碰s
  (胡息 and a step to 7 门子), and takes a 吃 only when it lays down 胡息 or improves the
  hand's shape, as ``shape`` does.
* Always wins when it can.

Cost control: a card with no partner in the hand (a *loner*) can only be the 将 of a
win, so a hand with two or more loners is not waiting; the search skips such hands
without calling the evaluator.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.zipai.cards import N_KINDS
from sim.games.zipai.engine import CFG_MIN, CHI, HU, MAXM, PASS, PENG, xia
from sim.games.zipai.melds import M_CHI, M_PAO, M_PENG, M_TI, MAX_PLAN_GROUPS, MELD_SIZE
from sim.games.zipai.observe import (
    O_CARD, O_CFG, O_DISC, O_HAND, O_MK, O_MV, O_NM, O_PILE, O_PLANS, O_SEAT,
)
from sim.games.zipai.scoring import WORK_SIZE, best_win_kernel
from strategies.zipai.basic import partners, plan_hand, plan_huxi
from strategies.zipai.shape import hand_value, seen_counts, usefulness
from strategies.zipai.waits import MAX_DEPTH, NO_DISCARD, wait_masks

NO_WAIT = 0
SCRATCH = 2 * N_KINDS + 1 + 8 * MAX_DEPTH  # free counts, wait masks, search stack


@njit(cache=True)
def loners(hand: np.ndarray) -> tuple[int, int]:
    """(number of single cards without a partner in ``hand``, the last such kind)."""
    n = 0
    last = -1
    for k in range(N_KINDS):
        if hand[k] == 1 and partners(hand, k) == 0:
            n += 1
            last = k
    return n, last


@njit(cache=True)
def _free_of(hand: np.ndarray, free: np.ndarray) -> int:
    """Free cards (outside a 坎) into ``free``; returns how many."""
    n = 0
    for k in range(N_KINDS):
        c = hand[k] if hand[k] < 3 else 0
        free[k] = c
        n += c
    return n


@njit(cache=True)
def _table_quads(mk: np.ndarray, nm: int) -> int:
    q = 0
    for j in range(nm):
        if mk[j] == M_TI or mk[j] == M_PAO:
            q += 1
    return q


@njit(cache=True)
def _verified(hand: np.ndarray, mk: np.ndarray, mv: np.ndarray, nm: int, mask: int,
              seen: np.ndarray, min_huxi: int, work: np.ndarray) -> int:
    """Live copies of the candidate cards in ``mask`` on which the hand really wins."""
    total = 0
    for w in range(N_KINDS):
        if (mask >> w) & 1 and seen[w] < 4:
            if best_win_kernel(hand, mk, mv, nm, w, False, min_huxi, work) >= 0:
                total += 4 - seen[w]
    return total


@njit(cache=True)
def _special(hand: np.ndarray, mk: np.ndarray, mv: np.ndarray, nm: int) -> int:
    """Cards that could win through a 坎 (→ 跑) or a table 碰 / 偎 (→ 跑 / 提)."""
    mask = 0
    for k in range(N_KINDS):
        if hand[k] == 3:
            mask |= 1 << k
    for j in range(nm):
        if mk[j] != M_CHI and mk[j] != M_TI and mk[j] != M_PAO and mv[j] >= 0:
            mask |= 1 << mv[j]
    return mask


@njit(cache=True)
def live_waits(hand: np.ndarray, mk: np.ndarray, mv: np.ndarray, nm: int, seen: np.ndarray,
               min_huxi: int, work: np.ndarray, scratch: np.ndarray) -> int:
    """Unseen copies of the cards on which ``hand`` and the table melds would win."""
    n_lone, _ = loners(hand)
    # a win through a 坎 or a table meld leaves the rest complete: no loner at all
    mask = _special(hand, mk, mv, nm) if n_lone == 0 else 0
    if n_lone <= 1:
        free = scratch[:N_KINDS]
        masks = scratch[N_KINDS: 2 * N_KINDS + 1]
        masks[:] = 0
        _free_of(hand, free)
        need_pair = _table_quads(mk, nm) > 0
        wait_masks(free, need_pair, False, masks, scratch[2 * N_KINDS + 1:])
        mask |= masks[NO_DISCARD]
    if mask == 0:
        return NO_WAIT
    return _verified(hand, mk, mv, nm, mask, seen, min_huxi, work)


@njit(cache=True)
def discard_waits(hand: np.ndarray, mk: np.ndarray, mv: np.ndarray, nm: int, seen: np.ndarray,
                  min_huxi: int, work: np.ndarray, scratch: np.ndarray, out: np.ndarray) -> int:
    """The most live winning cards a discard leaves; ``out[k]`` holds them for every discard
    ``k`` that reaches that best (others may be left lower than their true value)."""
    out[:] = 0
    n_lone, _ = loners(hand)
    if n_lone > 2:
        return NO_WAIT  # one discard removes at most one loner
    free = scratch[:N_KINDS]
    masks = scratch[N_KINDS: 2 * N_KINDS + 1]
    masks[:] = 0
    _free_of(hand, free)
    need_pair = _table_quads(mk, nm) > 0
    wait_masks(free, need_pair, True, masks, scratch[2 * N_KINDS + 1:])
    special = _special(hand, mk, mv, nm)
    # an upper bound per discard (every candidate wins); verify the most promising first
    # and stop once no other discard could reach the best verified one
    ub = np.zeros(N_KINDS, dtype=np.int32)
    for k in range(N_KINDS):
        if hand[k] == 0 or hand[k] >= 3:
            continue
        mask = masks[k]
        if special != 0:
            hand[k] -= 1
            if loners(hand)[0] == 0:
                mask |= special  # a win through a 坎 or table meld needs a complete rest
            hand[k] += 1
        masks[k] = mask
        for w in range(N_KINDS):
            if (mask >> w) & 1 and seen[w] < 4:
                ub[k] += 4 - seen[w]
    best = NO_WAIT
    while True:
        k = 0
        for j in range(1, N_KINDS):
            if ub[j] > ub[k]:
                k = j
        if ub[k] == 0 or ub[k] < best:
            break
        ub[k] = 0
        hand[k] -= 1
        v = _verified(hand, mk, mv, nm, masks[k], seen, min_huxi, work)
        hand[k] += 1
        out[k] = v
        if v > best:
            best = v
    return best


@njit(cache=True)
def must_discard(hand: np.ndarray, mk: np.ndarray, nm: int) -> bool:
    """Whether a player with ``hand`` and these melds holds more than 20 + max(0, q − 1)."""
    held = 0
    for k in range(N_KINDS):
        held += hand[k]
    q = 0
    for j in range(nm):
        held += MELD_SIZE[mk[j]]
        if mk[j] == M_TI or mk[j] == M_PAO:
            q += 1
    return held > 20 + (q - 1 if q > 1 else 0)


@njit(cache=True)
def _own_table(o: np.ndarray, mk: np.ndarray, mv: np.ndarray) -> int:
    seat = o[O_SEAT]
    n = o[O_NM + seat]
    for j in range(n):
        mk[j] = o[O_MK + seat * MAXM + j]
        mv[j] = o[O_MV + seat * MAXM + j]
    return n


@njit(cache=True)
def _danger(o: np.ndarray, seen: np.ndarray, k: int) -> int:
    """How likely the 下家 can 吃 or 碰 a discarded ``k`` (0 when he cannot)."""
    nxt = xia(o[O_SEAT])
    if o[O_DISC + nxt * N_KINDS + k] > 0 or seen[k] >= 4:
        return 0  # 臭 for him, or every copy in sight
    v = 3 + (4 - seen[k])
    if o[O_PILE + nxt * N_KINDS + k] > 0:
        v -= 2
    return v


@njit(cache=True)
def _discard(o: np.ndarray, legal: np.ndarray, n: int, hand: np.ndarray, seen: np.ndarray,
             mk: np.ndarray, mv: np.ndarray, nm: int, min_huxi: int, work: np.ndarray,
             scratch: np.ndarray) -> int:
    waits = np.empty(N_KINDS, dtype=np.int32)
    discard_waits(hand, mk, mv, nm, seen, min_huxi, work, scratch, waits)
    best = legal[0]
    best_v = -(1 << 30)
    for t in range(n):
        k = legal[t]
        v = waits[k] * 1000 - usefulness(hand, seen, k) * 4 - _danger(o, seen, k)
        if v > best_v:
            best_v = v
            best = k
    return best


@njit(cache=True)
def expert_kernel(o: np.ndarray, legal: np.ndarray, n: int, rng: np.ndarray) -> int:
    """See the module docstring."""
    first = legal[0]
    if first == HU:
        return HU
    seen = np.empty(N_KINDS, dtype=np.int16)
    seen_counts(o, seen)
    hand = np.empty(N_KINDS, dtype=np.int16)
    for k in range(N_KINDS):
        hand[k] = o[O_HAND + k]
    mk = np.zeros(MAXM + MAX_PLAN_GROUPS, dtype=np.int16)
    mv = np.zeros(MAXM + MAX_PLAN_GROUPS, dtype=np.int16)
    nm = _own_table(o, mk, mv)
    min_huxi = o[O_CFG + CFG_MIN]
    work = np.empty(WORK_SIZE, dtype=np.int16)
    scratch = np.empty(SCRATCH, dtype=np.int32)
    if first < N_KINDS:
        return _discard(o, legal, n, hand, seen, mk, mv, nm, min_huxi, work, scratch)
    # 碰 / 吃 / pass: compare the waits each option leads to
    card = o[O_CARD]
    best = PASS
    best_w = live_waits(hand, mk, mv, nm, seen, min_huxi, work, scratch)
    per_discard = np.empty(N_KINDS, dtype=np.int32)
    best_h = 0
    after = np.empty(N_KINDS, dtype=np.int16)
    for t in range(n):
        a = legal[t]
        if a == PASS:
            continue
        for k in range(N_KINDS):
            after[k] = hand[k]
        m = nm
        if a == PENG:
            after[card] -= 2
            mk[m] = M_PENG
            mv[m] = card
            m += 1
            h = 1 if card < 10 else 3
        else:
            i = a - CHI
            plan_hand(o, i, after)
            for u in range(MAX_PLAN_GROUPS):
                g = o[O_PLANS + i * MAX_PLAN_GROUPS + u]
                if g >= 0:
                    mk[m] = M_CHI
                    mv[m] = g
                    m += 1
            h = plan_huxi(o, i)
        if must_discard(after, mk, m):
            w = discard_waits(after, mk, mv, m, seen, min_huxi, work, scratch, per_discard)
        else:
            w = live_waits(after, mk, mv, m, seen, min_huxi, work, scratch)
        if w > best_w or (w == best_w and w > 0 and h > best_h):
            best, best_w, best_h = a, w, h
    if best_w > 0:
        return best
    # no wait in reach: the shape rule
    if first == PENG:
        return PENG
    before = hand_value(hand, seen)
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
