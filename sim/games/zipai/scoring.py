"""跑胡子 hand evaluation (胡 and its maximum 胡息) and the payments of a won hand.

A hand wins when its concealed cards and its table melds form 7 方门子, with exactly one
pair (将) if and only if the player owns a 提 or 跑, and its 胡息 reaches the minimum.
The concealed part is split as follows: every kind held three times is a 坎 (it cannot be
broken), every kind held four times a 提, and the remaining *free* cards must be covered
exactly by 吃-type groups and (when required) the pair. The cover search always takes
the lowest free card and tries each group that can hold it (the copies of one card in
order of their groups), so each cover is met once.

The win card is placed in every way the rules allow and the best 胡息 is kept:

* it upgrades a table 偎 (to 提 if self-drawn, else 跑) or a table 碰 (to 跑);
* it completes a 坎 in hand into a 提 (self-drawn) or 跑 (another player's card);
* it completes a pair in hand into a 偎 (self-drawn) or a 碰 (碰胡, scored as 碰);
* it joins the free cards (破跑胡: a 坎 or 碰 of the card is kept and the card is used
  elsewhere).

A card the player draws himself that meets his pair, 坎 or table 偎 is first a forced 偎 /
提 (as in play), so for such a card only that reading counts.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.zipai.cards import N_KINDS, RED_MASK
from sim.games.zipai.melds import (
    GROUPS,
    M_CHI,
    M_PAO,
    M_PENG,
    M_TI,
    M_WEI,
    M_CHOUWEI,
    kan_huxi,
    meld_huxi,
    same_meld_huxi,
)

N_MENZI = 7
_MAX_DEPTH = 16
STACK_SIZE = 4 * _MAX_DEPTH
WORK_SIZE = 2 * N_KINDS + STACK_SIZE  # scratch of one evaluation
NO_WIN = -1
_RED = RED_MASK.copy()


@njit(cache=True)
def _option_cards(i: int, o: int) -> tuple[int, int, int]:
    """Cards of cover option ``o`` for lowest card ``i`` (-1 = none), or (-1, -1, -1).

    0: the pair; 1: the sequence from ``i``; 2: 二七十 from ``i``; 3: 绞 i, i, I;
    4: 绞 i, I, I (I = the other size of the same rank)."""
    r = i % 10
    if o == 0:
        return i, i, -1
    if o == 1:
        return (i, i + 1, i + 2) if r <= 7 else (-1, -1, -1)
    if o == 2:
        return (i, i + 5, i + 8) if r == 1 else (-1, -1, -1)
    if i >= 10:
        return -1, -1, -1
    if o == 3:
        return i, i, i + 10
    return i, i + 10, i + 10


@njit(cache=True)
def _option_huxi(i: int, o: int) -> int:
    if (o == 1 and i % 10 == 0) or o == 2:
        return 6 if i >= 10 else 3
    return 0


@njit(cache=True)
def _lowest(free: np.ndarray) -> int:
    i = 0
    while i < N_KINDS and free[i] == 0:
        i += 1
    return i


@njit(cache=True)
def group_bound(free: np.ndarray) -> int:
    """An upper bound on the 胡息 of the 一二三 / 二七十 groups ``free`` can hold (the 二 are
    shared out between the two kinds of group in the best way)."""
    b = 0
    for base in (0, 10):
        a2 = free[base + 1]
        s1 = min(free[base], free[base + 2])
        s2 = min(free[base + 6], free[base + 9])
        n = 0
        for t in range(a2 + 1):
            v = min(s1, t) + min(s2, a2 - t)
            if v > n:
                n = v
        b += n * (6 if base else 3)
    return b


@njit(cache=True)
def _give_back(free: np.ndarray, i: int, o: int) -> None:
    """Return to ``free`` the cards option ``o`` of card ``i`` took."""
    a, b, c = _option_cards(i, o)
    free[a] += 1
    free[b] += 1
    if c >= 0:
        free[c] += 1


@njit(cache=True)
def _next_cover_option(free: np.ndarray, i: int, o: int, pair_open: bool) -> int:
    """Take the first option of card ``i`` from ``o`` on whose cards are all in ``free``
    (the pair, option 0, only while ``pair_open``); return it, or 5 when none fits."""
    while o < 5:
        if o == 0 and not pair_open:
            o += 1
            continue
        a, b, c = _option_cards(i, o)
        if a >= 0:
            free[a] -= 1
            free[b] -= 1
            if c >= 0:
                free[c] -= 1
            if free[a] >= 0 and free[b] >= 0 and (c < 0 or free[c] >= 0):
                return o
            free[a] += 1
            free[b] += 1
            if c >= 0:
                free[c] += 1
        o += 1
    return o


@njit(cache=True)
def cover_huxi(free: np.ndarray, need_pair: bool, stack: np.ndarray) -> int:
    """Maximum 胡息 of an exact cover of ``free`` by 吃-type groups (+ one pair if
    ``need_pair``), or -1. ``free`` is modified during the search and restored.

    Depth-first over the lowest free card (skipping branches whose 胡息 cannot beat the best
    cover found), with an explicit stack in ``stack`` (int64,
    ``STACK_SIZE``): numba's on-disk cache does not keep recursive functions, and one
    scratch array per evaluation is much cheaper than allocating per search."""
    i0 = _lowest(free)
    if i0 == N_KINDS:
        return -1 if need_pair else 0
    low = stack[0:_MAX_DEPTH]
    opt = stack[_MAX_DEPTH: 2 * _MAX_DEPTH]
    acc = stack[2 * _MAX_DEPTH: 3 * _MAX_DEPTH]
    pair = stack[3 * _MAX_DEPTH: 4 * _MAX_DEPTH]
    low[0] = i0
    opt[0] = -1
    acc[0] = 0
    pair[0] = 1 if need_pair else 0
    best = -1
    d = 0
    while d >= 0:
        i = low[d]
        o = opt[d]
        if o >= 0:  # undo the option applied last time at this depth
            _give_back(free, i, o)
            o += 1
        else:
            o = -1 - o  # a fresh depth: its first option (see below)
        o = _next_cover_option(free, i, o, pair[d] != 0)
        opt[d] = o
        if o >= 5:
            d -= 1
            continue
        h = acc[d] + _option_huxi(i, o)
        still_pair = pair[d] != 0 and o != 0
        j = _lowest(free)
        if j == N_KINDS:
            if not still_pair and h > best:
                best = h
            continue
        if best >= 0 and h + group_bound(free) <= best:
            continue  # the rest cannot beat the best cover found
        d += 1
        low[d] = j
        # another copy of the same card takes an option no earlier than this one: each
        # cover is met once, not once per order of its groups
        opt[d] = -1 - (o if j == i else 0)
        acc[d] = h
        pair[d] = 1 if still_pair else 0
    return best


@njit(cache=True)
def hand_huxi(
    hand: np.ndarray, extra: int, locked: np.ndarray, quads: int, groups: int, free: np.ndarray,
    stack: np.ndarray,
) -> int:
    """胡息 of the concealed part: ``hand`` (+ one free ``extra`` card unless -1).

    Kinds where ``locked`` is 3 are 坎, 4 are 提 (they stay whole; ``extra`` never joins
    them). ``quads`` 提/跑 are owned elsewhere and ``groups`` 门子 are already counted.
    Returns the best 胡息 for exactly 7 门子 (pair iff a 提/跑 is owned), or -1.
    """
    huxi = 0
    n_free = 0
    for k in range(N_KINDS):
        c = hand[k]
        if locked[k] == 3:
            huxi += kan_huxi(k)
            groups += 1
            c -= 3
        elif locked[k] == 4:
            huxi += same_meld_huxi(M_TI, k)
            groups += 1
            quads += 1
            c -= 4
        free[k] = c
        n_free += c
    if extra >= 0:
        free[extra] += 1
        n_free += 1
    need_pair = quads > 0
    if need_pair:
        if n_free % 3 != 2:
            return -1
        groups += 1 + (n_free - 2) // 3
    else:
        if n_free % 3 != 0:
            return -1
        groups += n_free // 3
    if groups != N_MENZI:
        return -1
    v = cover_huxi(free, need_pair, stack)
    if v < 0:
        return -1
    return huxi + v


@njit(cache=True)
def table_state(mk: np.ndarray, mv: np.ndarray, n: int) -> tuple[int, int]:
    """(胡息, number of 提/跑) of ``n`` table melds."""
    huxi = 0
    quads = 0
    for j in range(n):
        huxi += meld_huxi(mk[j], mv[j])
        if mk[j] == M_TI or mk[j] == M_PAO:
            quads += 1
    return huxi, quads


@njit(cache=True)
def _usable(hand: np.ndarray, card: int, j: int) -> int:
    """Copies of ``j`` that may share a group with a loose card (坎 cards may not)."""
    c = hand[j] if hand[j] < 3 else 0
    return c + (1 if j == card else 0)


@njit(cache=True)
def has_loner(hand: np.ndarray, card: int) -> bool:
    """Whether some single card of ``hand`` (not ``card``) has no possible group partner.

    A quick necessary test for a win: such a card can be in no 门子."""
    for k in range(N_KINDS):
        if hand[k] != 1 or k == card:
            continue
        r = k % 10
        base = k - r
        if _usable(hand, card, (k + 10) % 20) > 0:
            continue
        found = False
        for d in (-2, -1, 1, 2):
            if 0 <= r + d <= 9 and _usable(hand, card, base + r + d) > 0:
                found = True
                break
        if found:
            continue
        if r == 1 or r == 6 or r == 9:
            a = base + (6 if r == 1 else 1)
            b = base + (9 if r != 9 else 6)
            if _usable(hand, card, a) > 0 and _usable(hand, card, b) > 0:
                continue
        return True
    return False


@njit(cache=True)
def _free_count(hand: np.ndarray, card: int, k: int) -> int:
    c = hand[k] if hand[k] < 3 else 0
    return c + (1 if k == card else 0)


@njit(cache=True)
def huxi_bound(hand: np.ndarray, card: int, t_huxi: int, upgrade: bool) -> int:
    """An upper bound on the 胡息 any win on ``card`` can reach (a quick test before the
    search): table 胡息, every 坎, every 一二三 / 二七十 the free cards could make, and +6
    when the card can make or upgrade a meld (a pair or 坎 in hand, a 偎 or 碰 on the
    table: no such step adds more than 6)."""
    b = t_huxi
    if upgrade or hand[card] >= 2:
        b += 6
    for k in range(N_KINDS):
        if hand[k] == 3:
            b += kan_huxi(k)
        elif hand[k] == 4:  # four in hand count as a 提 (cannot happen in play)
            b += same_meld_huxi(M_TI, k)
    for base in (0, 10):
        w = 6 if base else 3
        a1 = _free_count(hand, card, base)
        a2 = _free_count(hand, card, base + 1)
        a3 = _free_count(hand, card, base + 2)
        a7 = _free_count(hand, card, base + 6)
        a10 = _free_count(hand, card, base + 9)
        b += w * (min(a1, min(a2, a3)) + min(a2, min(a7, a10)))
    return b


@njit(cache=True)
def best_win_kernel(
    hand: np.ndarray, mk: np.ndarray, mv: np.ndarray, n_melds: int, card: int,
    self_drawn: bool, min_huxi: int, work: np.ndarray,
) -> int:
    """Maximum 胡息 with which ``hand`` + table melds win on the drawn ``card``, or -1.

    ``work`` is scratch space of ``WORK_SIZE`` integers (the engine keeps it in its state,
    so evaluating allocates nothing)."""
    t_huxi, t_quads = table_state(mk, mv, n_melds)
    upgrade = False
    for j in range(n_melds):
        if mv[j] == card and (mk[j] == M_WEI or mk[j] == M_CHOUWEI or mk[j] == M_PENG):
            upgrade = True
    if huxi_bound(hand, card, t_huxi, upgrade) < min_huxi or has_loner(hand, card):
        return -1
    return _best_win_search(hand, mk, mv, n_melds, card, self_drawn, min_huxi, t_huxi, t_quads,
                            work)


@njit(cache=True)
def _best_win_search(
    hand: np.ndarray, mk: np.ndarray, mv: np.ndarray, n_melds: int, card: int,
    self_drawn: bool, min_huxi: int, t_huxi: int, t_quads: int, work: np.ndarray,
) -> int:
    """The search behind :func:`best_win_kernel` (after its quick rejections)."""
    locked = work[:N_KINDS]
    free = work[N_KINDS: 2 * N_KINDS]
    stack = work[2 * N_KINDS: WORK_SIZE]
    for k in range(N_KINDS):
        locked[k] = hand[k] if hand[k] >= 3 else 0
    best = -1
    c = hand[card]
    # the drawer's own card meeting his pair, 坎 or table 偎 is a forced 偎 / 提 first:
    # only that reading can win (as in play)
    forced = self_drawn and c >= 2
    for j in range(n_melds):
        if mv[j] == card and (mk[j] == M_WEI or mk[j] == M_CHOUWEI):
            forced = forced or self_drawn
    # A. the card upgrades a table 偎/臭偎 or 碰
    for j in range(n_melds):
        kind = mk[j]
        if mv[j] == card and (kind == M_WEI or kind == M_CHOUWEI or kind == M_PENG):
            if kind == M_PENG or not self_drawn:
                new_kind = M_PAO
            else:
                new_kind = M_TI
            h = t_huxi - meld_huxi(kind, card) + same_meld_huxi(new_kind, card)
            v = hand_huxi(hand, -1, locked, t_quads + 1, n_melds, free, stack)
            if v >= 0 and v + h > best:
                best = v + h
    # B. the card completes a 坎 into 提 / 跑
    if c == 3:
        locked[card] = 0
        hand[card] = 0
        h = t_huxi + same_meld_huxi(M_TI if self_drawn else M_PAO, card)
        v = hand_huxi(hand, -1, locked, t_quads + 1, n_melds + 1, free, stack)
        hand[card] = 3
        locked[card] = 3
        if v >= 0 and v + h > best:
            best = v + h
    # C. the card completes a pair into 偎 / 碰 (碰胡 scores as 碰)
    if c == 2:
        hand[card] = 0
        h = t_huxi + same_meld_huxi(M_WEI if self_drawn else M_PENG, card)
        v = hand_huxi(hand, -1, locked, t_quads, n_melds + 1, free, stack)
        hand[card] = 2
        if v >= 0 and v + h > best:
            best = v + h
    # D. the card joins the free cards (破跑胡 keeps a 坎 whole; not after a forced meld)
    if not forced:
        v = hand_huxi(hand, card, locked, t_quads, n_melds, free, stack)
        if v >= 0 and v + t_huxi > best:
            best = v + t_huxi
    if best < min_huxi:
        return -1
    return best


@njit(cache=True)
def dealt_win_kernel(
    hand: np.ndarray, mk: np.ndarray, mv: np.ndarray, n_melds: int, min_huxi: int,
    work: np.ndarray,
) -> int:
    """Maximum 胡息 of a complete hand without a win card (the dealer's 21 dealt cards, or a
    hand right after a forced 提 / 偎). ``work`` as for :func:`best_win_kernel`."""
    t_huxi, t_quads = table_state(mk, mv, n_melds)
    locked = work[:N_KINDS]
    free = work[N_KINDS: 2 * N_KINDS]
    stack = work[2 * N_KINDS: WORK_SIZE]
    for k in range(N_KINDS):
        locked[k] = hand[k] if hand[k] >= 3 else 0
    v = hand_huxi(hand, -1, locked, t_quads, n_melds, free, stack)
    if v < 0 or v + t_huxi < min_huxi:
        return -1
    return v + t_huxi


@njit(cache=True)
def natural_huxi(hand: np.ndarray) -> int:
    """胡息 credited to a 三提五坎 天胡: its 提 and 坎 (the rest need not form groups)."""
    h = 0
    for k in range(N_KINDS):
        if hand[k] == 4:
            h += same_meld_huxi(M_TI, k)
        elif hand[k] == 3:
            h += kan_huxi(k)
    return h


# 囤 rules and 自摸 bonuses (codes used in the rules vector)
TUN_PER3 = 0
TUN_PER1 = 1
ZIMO_TUN = 0
ZIMO_NONE = 1
ZIMO_DOUBLE = 2


@njit(cache=True)
def tun_of(huxi: int, min_huxi: int, tun_rule: int) -> int:
    """囤 of a win with ``huxi`` 胡息 (before the 自摸 bonus)."""
    if tun_rule == TUN_PER1:
        return 1 + (huxi - min_huxi)
    return 1 + (huxi - min_huxi) // 3


@njit(cache=True)
def red_count(hand: np.ndarray, mk: np.ndarray, mv: np.ndarray, n_melds: int, card: int) -> int:
    """Red cards in the winning hand: concealed cards, table melds and the win card."""
    n = 0
    for k in range(N_KINDS):
        if _RED[k]:
            n += hand[k]
    for j in range(n_melds):
        if mk[j] == M_CHI:
            for t in range(3):
                if _RED[GROUPS[mv[j], t]]:
                    n += 1
        elif _RED[mv[j]]:
            n += 4 if (mk[j] == M_TI or mk[j] == M_PAO) else 3
    if card >= 0 and _RED[card]:
        n += 1
    return n


@njit(cache=True)
def mingtang_fan(red: int, all_same: bool) -> int:
    """番 of the 名堂 (常德 红黑点 values, added up; 1 when none applies).

    红胡 (10–12 red) 2, 红乌 (13+ red) 4, 点胡 (exactly one red) 3, 乌胡 (no red) 5,
    对子胡 (no 吃-type group anywhere) 4.
    """
    fan = 0
    if red >= 13:
        fan += 4
    elif red >= 10:
        fan += 2
    elif red == 1:
        fan += 3
    elif red == 0:
        fan += 5
    if all_same:
        fan += 4
    return fan if fan > 0 else 1
