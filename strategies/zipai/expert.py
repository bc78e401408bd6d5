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

Cost control (the answers are exact: tests compare them with the engine's evaluator):

* the wait search (:func:`strategies.zipai.waits.winning_masks`) counts the 胡息 of its
  groups, so a wait it records already reaches the minimum and needs no evaluator call;
  it skips branches that cannot reach the 胡息 still missing, and hands whose 门子 count
  or 胡息 bound rule a win out are not searched at all;
* the wins through a 坎 or a table 碰 / 偎 (the card makes a 跑) need the rest to stand
  alone: one search finds every discard that leaves such a rest, and one cover search
  per promising discard gives its 胡息;
* a card with no partner in the hand (a *loner*) can only be the 将 of a win, so a hand
  with two or more loners is not waiting;
* the scratch of a decision is two arrays, allocated once.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.zipai.cards import COPIES, N_KINDS
from sim.games.zipai.deal import PLAYER_CARDS
from sim.games.zipai.engine import CFG_MIN, CHI, HU, MAXM, PASS, PENG, xia
from sim.games.zipai.melds import M_CHI, M_PAO, M_PENG, M_TI, MAX_PLAN_GROUPS, MELD_SIZE, M_CHOUWEI, M_WEI, kan_huxi, meld_huxi, same_meld_huxi
from sim.games.zipai.observe import (
    O_CARD, O_CFG, O_DISC, O_HAND, O_MK, O_MV, O_NM, O_PILE, O_PLANS, O_SEAT,
)
from sim.games.zipai.scoring import N_MENZI, WORK_SIZE, cover_huxi, group_bound, table_state
from strategies.zipai.basic import partners, plan_hand, plan_huxi
from strategies.zipai.shape import hand_value, seen_counts, usefulness
from strategies.zipai.waits import MAX_DEPTH, NO_DISCARD, winning_masks

NO_WAIT = 0
# scratch (int32): free counts, wait masks, search stack, per-discard bounds / counts / masks
_STACK = 2 * N_KINDS + 1
_UB = _STACK + 8 * MAX_DEPTH
_REST = _UB + 3 * N_KINDS
SCRATCH = _REST + N_KINDS + 1
_NMK = MAXM + MAX_PLAN_GROUPS  # own table melds, room for a claim's
_B16 = 3 * N_KINDS + 2 * _NMK + WORK_SIZE  # int16 scratch: seen, hand, after, melds, evaluator


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
def _live(mask: int, seen: np.ndarray) -> int:
    """Unseen copies of the cards in ``mask``."""
    total = 0
    w = 0
    while mask != 0:
        if mask & 1 and seen[w] < 4:
            total += 4 - seen[w]
        mask >>= 1
        w += 1
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
def _special_gain(hand: np.ndarray, mk: np.ndarray, mv: np.ndarray, nm: int, w: int) -> int:
    """胡息 gained when a claimed ``w`` turns a 坎 or a table 碰 / 偎 into a 跑."""
    pao = same_meld_huxi(M_PAO, w)
    if hand[w] == 3:
        return pao - kan_huxi(w)
    for j in range(nm):
        if mv[j] == w and (mk[j] == M_PENG or mk[j] == M_WEI or mk[j] == M_CHOUWEI):
            return pao - meld_huxi(mk[j], w)
    return 0


@njit(cache=True)
def _special_waits(hand: np.ndarray, mk: np.ndarray, mv: np.ndarray, nm: int, mask: int,
                   free: np.ndarray, fixed: int, kans: int, n_free: int, seen: np.ndarray,
                   min_huxi: int, work: np.ndarray) -> int:
    """Live copies of the cards in ``mask`` (see :func:`_special`) that win by making a 跑:
    the free cards must then form 7 门子 on their own, with the pair a 跑 requires; the best
    cover is searched once for all of them."""
    if not _menzi_ok(nm, kans, n_free, True) or fixed + group_bound(free) + 6 < min_huxi:
        return 0  # (no 跑 adds more than 6 胡息)
    rest = cover_huxi(free, True, work[2 * N_KINDS:])
    if rest < 0:
        return 0
    total = 0
    for w in range(N_KINDS):
        if (mask >> w) & 1 and seen[w] < 4:
            if fixed + rest + _special_gain(hand, mk, mv, nm, w) >= min_huxi:
                total += 4 - seen[w]
    return total


@njit(cache=True)
def _fixed(hand: np.ndarray, mk: np.ndarray, mv: np.ndarray, nm: int) -> tuple[int, int, int]:
    """(胡息 of the table melds and the 坎 in hand, number of 坎, number of table 提 / 跑)."""
    huxi, quads = table_state(mk, mv, nm)
    kans = 0
    for k in range(N_KINDS):
        if hand[k] == 3:
            huxi += kan_huxi(k)
            kans += 1
    return huxi, kans, quads


@njit(cache=True)
def _menzi_ok(nm: int, kans: int, n_free: int, need_pair: bool) -> bool:
    """Whether ``n_free`` free cards (the win card included) can make exactly 7 门子."""
    if need_pair:
        return n_free % 3 == 2 and nm + kans + 1 + (n_free - 2) // 3 == N_MENZI
    return n_free % 3 == 0 and nm + kans + n_free // 3 == N_MENZI


@njit(cache=True)
def _free_bound(free: np.ndarray) -> int:
    """An upper bound on the group 胡息 of any cover of ``free`` plus one wild card (in a
    group, or on a pair as a 碰)."""
    best = group_bound(free) + 3
    for base in (0, 10):
        for r in (0, 1, 2, 6, 9):
            k = base + r
            free[k] += 1
            b = group_bound(free)
            free[k] -= 1
            if b > best:
                best = b
    return best


@njit(cache=True)
def live_waits(hand: np.ndarray, mk: np.ndarray, mv: np.ndarray, nm: int, seen: np.ndarray,
               min_huxi: int, work: np.ndarray, scratch: np.ndarray) -> int:
    """Unseen copies of the cards on which ``hand`` and the table melds would win."""
    n_lone, _ = loners(hand)
    if n_lone > 1:
        return NO_WAIT  # one card can join at most one loner
    fixed, kans, quads = _fixed(hand, mk, mv, nm)
    free = scratch[:N_KINDS]
    masks = scratch[N_KINDS: 2 * N_KINDS + 1]
    n_free = _free_of(hand, free)
    need_pair = quads > 0
    mask = 0
    if _menzi_ok(nm, kans, n_free + 1, need_pair) and fixed + _free_bound(free) >= min_huxi:
        masks[NO_DISCARD] = 0
        winning_masks(free, need_pair, False, min_huxi - fixed, masks, scratch[_STACK:_UB], True)
        mask = masks[NO_DISCARD]
    total = _live(mask, seen)
    if n_lone == 0:  # a win through a 坎 or a table meld leaves the rest complete
        special = _special(hand, mk, mv, nm) & ~mask
        if special != 0:
            total += _special_waits(hand, mk, mv, nm, special, free, fixed, kans, n_free, seen,
                                    min_huxi, work)
    return total


@njit(cache=True)
def discard_waits(hand: np.ndarray, mk: np.ndarray, mv: np.ndarray, nm: int, seen: np.ndarray,
                  min_huxi: int, work: np.ndarray, scratch: np.ndarray, out: np.ndarray) -> int:
    """The most live winning cards a discard leaves; ``out[k]`` holds them for every discard
    ``k`` that reaches that best (others may be left lower than their true value)."""
    out[:] = 0
    n_lone, _ = loners(hand)
    if n_lone > 2:
        return NO_WAIT  # one discard removes at most one loner
    fixed, kans, quads = _fixed(hand, mk, mv, nm)
    free = scratch[:N_KINDS]
    masks = scratch[N_KINDS: 2 * N_KINDS + 1]
    masks[:] = 0
    n_free = _free_of(hand, free)
    need_pair = quads > 0
    if _menzi_ok(nm, kans, n_free, need_pair) and fixed + _free_bound(free) >= min_huxi:
        winning_masks(free, need_pair, True, min_huxi - fixed, masks, scratch[_STACK:_UB], True)
    special = _special(hand, mk, mv, nm)
    # which discards leave a rest that forms its 门子 alone (with the pair a 跑 needs), one
    # search for all of them
    rest = scratch[_REST: _REST + N_KINDS + 1]
    rest[:] = 0
    if special != 0 and n_lone <= 1 and _menzi_ok(nm, kans, n_free - 1, True):
        winning_masks(free, True, True, min_huxi - fixed - 6, rest, scratch[_STACK:_UB], False)
    # readings through a 坎 or table meld are verified by the evaluator, only for the
    # discards that could still reach the best count (most promising first)
    ub = scratch[_UB: _UB + N_KINDS]
    exact = scratch[_UB + N_KINDS: _UB + 2 * N_KINDS]
    extra = scratch[_UB + 2 * N_KINDS: _UB + 3 * N_KINDS]
    for k in range(N_KINDS):
        ub[k] = 0
        if hand[k] == 0 or hand[k] >= 3:
            continue
        e = _live(masks[k], seen)
        # a win through a 坎 or table meld needs a complete rest: no loner after the discard
        sp = special & ~masks[k] if rest[k] != 0 else 0
        exact[k] = e
        extra[k] = sp
        ub[k] = e + _live(sp, seen)
    best = NO_WAIT
    while True:
        k = 0
        for j in range(1, N_KINDS):
            if ub[j] > ub[k]:
                k = j
        if ub[k] == 0 or ub[k] < best:
            break
        v = exact[k]
        if ub[k] > v:
            hand[k] -= 1
            free[k] -= 1
            v += _special_waits(hand, mk, mv, nm, extra[k], free, fixed, kans, n_free - 1, seen,
                                min_huxi, work)
            free[k] += 1
            hand[k] += 1
        ub[k] = 0
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
    return held > PLAYER_CARDS + (q - 1 if q > 1 else 0)


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
    if o[O_DISC + nxt * N_KINDS + k] > 0 or seen[k] >= COPIES:
        return 0  # 臭 for him, or every copy in sight
    v = 3 + (4 - seen[k])
    if o[O_PILE + nxt * N_KINDS + k] > 0:
        v -= 2
    return v


@njit(cache=True)
def _discard(o: np.ndarray, legal: np.ndarray, n: int, hand: np.ndarray, seen: np.ndarray,
             mk: np.ndarray, mv: np.ndarray, nm: int, min_huxi: int, work: np.ndarray,
             scratch: np.ndarray, waits: np.ndarray) -> int:
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
    # all scratch of one decision in two arrays (allocations cost more than the work here)
    b16 = np.empty(_B16, dtype=np.int16)
    b32 = np.empty(SCRATCH + N_KINDS, dtype=np.int32)
    seen = b16[:N_KINDS]
    hand = b16[N_KINDS: 2 * N_KINDS]
    after = b16[2 * N_KINDS: 3 * N_KINDS]
    mk = b16[3 * N_KINDS: 3 * N_KINDS + _NMK]
    mv = b16[3 * N_KINDS + _NMK: 3 * N_KINDS + 2 * _NMK]
    work = b16[3 * N_KINDS + 2 * _NMK:]
    scratch = b32[:SCRATCH]
    per_discard = b32[SCRATCH:]
    seen_counts(o, seen)
    for k in range(N_KINDS):
        hand[k] = o[O_HAND + k]
    nm = _own_table(o, mk, mv)
    min_huxi = o[O_CFG + CFG_MIN]
    if first < N_KINDS:
        return _discard(o, legal, n, hand, seen, mk, mv, nm, min_huxi, work, scratch, per_discard)
    # 碰 / 吃 / pass: compare the waits each option leads to
    best, best_w = _claim_by_waits(o, legal, n, hand, after, seen, mk, mv, nm, min_huxi, work,
                                   scratch, per_discard)
    if best_w > 0:
        return best
    # no wait in reach: the shape rule
    if first == PENG:
        return PENG
    return _claim_by_shape(o, legal, n, hand, after, seen)


@njit(cache=True)
def _take_option(o: np.ndarray, a: int, hand: np.ndarray, after: np.ndarray, mk: np.ndarray,
                 mv: np.ndarray, nm: int) -> tuple[int, int]:
    """The hand (``after``) and own melds (``mk``, ``mv`` from ``nm`` on) once claim ``a``
    (碰 or a 吃 plan) is taken: ``(melds, 胡息 laid down)``."""
    card = o[O_CARD]
    for k in range(N_KINDS):
        after[k] = hand[k]
    m = nm
    if a == PENG:
        after[card] -= 2
        mk[m] = M_PENG
        mv[m] = card
        return m + 1, 1 if card < 10 else 3
    i = a - CHI
    plan_hand(o, i, after)
    for u in range(MAX_PLAN_GROUPS):
        g = o[O_PLANS + i * MAX_PLAN_GROUPS + u]
        if g >= 0:
            mk[m] = M_CHI
            mv[m] = g
            m += 1
    return m, plan_huxi(o, i)


@njit(cache=True)
def _claim_by_waits(o: np.ndarray, legal: np.ndarray, n: int, hand: np.ndarray,
                    after: np.ndarray, seen: np.ndarray, mk: np.ndarray, mv: np.ndarray, nm: int,
                    min_huxi: int, work: np.ndarray, scratch: np.ndarray,
                    per_discard: np.ndarray) -> tuple[int, int]:
    """The claim (or pass) that leads to the most live winning cards, ties to more 胡息
    laid down: ``(action, live winning cards)``."""
    best = PASS
    best_w = live_waits(hand, mk, mv, nm, seen, min_huxi, work, scratch)
    best_h = 0
    for t in range(n):
        a = legal[t]
        if a == PASS:
            continue
        m, h = _take_option(o, a, hand, after, mk, mv, nm)
        if must_discard(after, mk, m):
            w = discard_waits(after, mk, mv, m, seen, min_huxi, work, scratch, per_discard)
        else:
            w = live_waits(after, mk, mv, m, seen, min_huxi, work, scratch)
        if w > best_w or (w == best_w and w > 0 and h > best_h):
            best, best_w, best_h = a, w, h
    return best, best_w


@njit(cache=True)
def _claim_by_shape(o: np.ndarray, legal: np.ndarray, n: int, hand: np.ndarray,
                    after: np.ndarray, seen: np.ndarray) -> int:
    """The ``shape`` rule for a 吃 with no wait in reach: the plan that lays down 胡息 or
    improves the hand's value most, else pass."""
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
