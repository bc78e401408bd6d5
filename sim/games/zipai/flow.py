"""跑胡子 play flow, the part of the engine that moves by itself: the forced moves (提, 偎,
跑, passing a card nobody may claim, 荒庄) and the 胡 / 碰 / 吃 offers, stage by stage,
until a player must decide (:func:`run_forced`). The decisions themselves — legal actions
and applying one — are in :mod:`sim.games.zipai.engine`."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.zipai.cards import N_KINDS
from sim.games.zipai.deal import N_SEATS, STOCK_CARDS
from sim.games.zipai.melds import (
    GROUPS,
    MAX_PLANS,
    MAX_PLAN_GROUPS,
    M_CHOUWEI,
    M_PAO,
    M_PENG,
    M_TI,
    M_WEI,
    chi_plans,
)
from sim.games.zipai.scoring import WORK_SIZE, dealt_win_kernel
from sim.games.zipai.state import (
    ACTOR,
    ASK,
    CAN_PENG,
    CARD,
    CFG,
    CFG_MIN,
    CFG_TL,
    CHOU,
    CHOUHU,
    DEALER,
    DRAWN,
    EV_CHOUWEI,
    EV_DRAW,
    EV_NO_DISCARD,
    EV_PAO,
    EV_TI,
    EV_TO_PILE,
    EV_WEI,
    EV_XIANG,
    HAND,
    LIANG,
    MAXM,
    MK,
    N_PLANS,
    OFFER_HUXI,
    PENG_PASSED,
    PILE,
    PLANS,
    SCRATCH_PLANS,
    SP,
    SRC,
    STAGE,
    STOCK,
    ST_CLAIM,
    ST_DISCARD,
    ST_DRAW,
    ST_LIANG_HU,
    ST_SELF_HU,
    ST_SHOWN_HU,
    TABLE_VER,
    WORK,
    XIANG,
    add_meld,
    cards_held,
    find_meld,
    hand_of,
    has_discard,
    log,
    melds_of,
    table_huxi,
    target_held,
    win_huxi,
    xia,
)
from sim.games.zipai.settle import finish_huang


@njit(cache=True)
def after_gain(s: np.ndarray, seat: int) -> None:
    """After ``seat`` took a card: discard if he holds more than 20 + max(0, q − 1),
    else (八块 / 重跑, or a short hand after several 起手提) his 下家 draws."""
    if cards_held(s, seat) > target_held(s, seat):
        if has_discard(s, seat):
            s[STAGE] = ST_DISCARD
            s[ACTOR] = seat
            return
        s[XIANG + seat] = 1
        log(s, EV_XIANG, seat, 0)
    else:
        log(s, EV_NO_DISCARD, seat, 0)
    s[STAGE] = ST_DRAW
    s[SRC] = xia(seat)


@njit(cache=True)
def _claim_seat(s: np.ndarray, slot: int) -> int:
    """The seat offered slot ``slot`` of the 碰/吃 round on CARD, or -1.

    Slot 0: the holder of a pair of the card (碰; on a discard the 下家 may also 吃 here).
    Slots 1, 2: 吃 by the drawer then his 下家 (a drawn card), or by the 下家 (a discard).
    On a drawn card the pair holder is offered only the 碰 in slot 0: the drawer's 吃 comes
    before the 下家's, and a 下家 who passed the 碰 still gets his own 吃 turn in slot 2.
    """
    card = s[CARD]
    src = s[SRC]
    if slot == 0:
        for q in range(N_SEATS):
            if q != src and s[HAND + q * N_KINDS + card] == 2:
                return q
        return -1
    if s[DRAWN] != 0:
        return src if slot == 1 else xia(src)
    return xia(src) if slot == 1 else -1


@njit(cache=True)
def _offer_claim(s: np.ndarray, seat: int, peng_ok: bool, chi_ok: bool) -> bool:
    """Prepare the 碰/吃 decision of ``seat`` on CARD; False if he has no legal option.

    A card that is 臭 for him is not offered, except to a 下家 whose 臭 comes from passing
    the 碰 of this very drawn card (he keeps his 吃 turn on it)."""
    card = s[CARD]
    if s[CHOU + seat * N_KINDS + card] != 0 and not (chi_ok and not peng_ok and s[PENG_PASSED] == seat):
        return False
    hand = hand_of(s, seat)
    must_discard = cards_held(s, seat) + 1 > target_held(s, seat)
    can_peng = False
    if peng_ok and hand[card] == 2:
        can_peng = True
        if must_discard:
            hand[card] -= 2
            can_peng = has_discard(s, seat)
            hand[card] += 2
    n = 0
    if chi_ok and hand[card] < 3:
        plans = s[SCRATCH_PLANS: SCRATCH_PLANS + MAX_PLANS * MAX_PLAN_GROUPS].reshape(
            (MAX_PLANS, MAX_PLAN_GROUPS))
        m = chi_plans(hand, card, plans)
        for i in range(m):
            ok = True
            if must_discard:
                # remove the plan's hand cards and check that a discard remains
                for t in range(MAX_PLAN_GROUPS):
                    g = plans[i, t]
                    if g >= 0:
                        for u in range(3):
                            hand[GROUPS[g, u]] -= 1
                hand[card] += 1
                ok = has_discard(s, seat)
                hand[card] -= 1
                for t in range(MAX_PLAN_GROUPS):
                    g = plans[i, t]
                    if g >= 0:
                        for u in range(3):
                            hand[GROUPS[g, u]] += 1
            if ok:
                for t in range(MAX_PLAN_GROUPS):
                    s[PLANS + n * MAX_PLAN_GROUPS + t] = plans[i, t]
                n += 1
    s[N_PLANS] = n
    s[CAN_PENG] = 1 if can_peng else 0
    if n == 0 and not can_peng:
        return False
    s[ACTOR] = seat
    return True


@njit(cache=True)
def _forced_pao(s: np.ndarray) -> int:
    """The seat that must 跑 CARD (坎 or 偎 + another's card, 碰 + a drawn card), or -1."""
    card = s[CARD]
    src = s[SRC]
    drawn = s[DRAWN] != 0
    for q in range(N_SEATS):
        if q != src:
            if s[HAND + q * N_KINDS + card] == 3:
                return q
            if find_meld(s, q, card, M_WEI, M_CHOUWEI) >= 0:
                return q
        if drawn and find_meld(s, q, card, M_PENG, M_PENG) >= 0:
            return q
    return -1


@njit(cache=True)
def _do_pao(s: np.ndarray, seat: int) -> None:
    card = s[CARD]
    if s[HAND + seat * N_KINDS + card] == 3:
        s[HAND + seat * N_KINDS + card] = 0
        add_meld(s, seat, M_PAO, card)
    else:
        j = find_meld(s, seat, card, M_WEI, M_CHOUWEI)
        if j < 0:
            j = find_meld(s, seat, card, M_PENG, M_PENG)
        s[MK + seat * MAXM + j] = M_PAO
        s[TABLE_VER] += 1
    log(s, EV_PAO, seat, card)
    after_gain(s, seat)


@njit(cache=True)
def run_forced(s: np.ndarray) -> None:
    """Apply forced moves until a player must decide (ACTOR ≥ 0) or the hand ends."""
    while True:
        st = s[STAGE]
        if st == ST_LIANG_HU:
            stop = _liang_hu_step(s)
        elif st == ST_DRAW:
            stop = _draw_step(s)
        elif st == ST_SELF_HU:
            stop = _self_hu_step(s)
        elif st == ST_SHOWN_HU:
            stop = _shown_hu_step(s)
        elif st == ST_CLAIM:
            stop = _claim_step(s)
        else:  # ST_DISCARD waits for the discard, ST_DONE is the end
            return
        if stop:
            return


@njit(cache=True)
def _offer_hu(s: np.ndarray, seat: int, huxi: int) -> bool:
    """Offer ``seat`` a 胡 with ``huxi`` 胡息 if he has one (``huxi`` ≥ 0)."""
    if huxi < 0:
        return False
    s[OFFER_HUXI] = huxi
    s[ACTOR] = seat
    return True


@njit(cache=True)
def _liang_hu_step(s: np.ndarray) -> bool:
    """The 亮张 round: 胡 on the dealer's 21 cards, then on the 亮张 for 下家 and 上家."""
    ask = s[ASK]
    if ask >= N_SEATS:
        after_gain(s, s[DEALER])
        return False
    seat = (s[DEALER] + ask) % N_SEATS
    h = -1
    if ask == 0:
        mk, mv, n = melds_of(s, seat)
        if s[CHOUHU + seat * N_KINDS + s[LIANG]] < 0:
            h = dealt_win_kernel(hand_of(s, seat), mk, mv, n, s[CFG + CFG_MIN],
                                 s[WORK: WORK + WORK_SIZE])
    elif s[CFG + CFG_TL] != 0:
        h = win_huxi(s, seat, s[LIANG], False)
    if _offer_hu(s, seat, h):
        return True
    s[ASK] = ask + 1
    return False


@njit(cache=True)
def _draw_step(s: np.ndarray) -> bool:
    """Seat SRC draws; the card makes a forced 提 / 偎 or is shown (荒庄 on an empty stock)."""
    seat = s[SRC]
    if s[SP] >= STOCK_CARDS:
        finish_huang(s)
        return True
    card = s[STOCK + s[SP]]
    s[SP] += 1
    s[CARD] = card
    s[DRAWN] = 1
    log(s, EV_DRAW, seat, card)
    hand = hand_of(s, seat)
    if hand[card] == 3:
        hand[card] = 0
        add_meld(s, seat, M_TI, card)
        log(s, EV_TI, seat, card)
        s[STAGE] = ST_SELF_HU
    elif find_meld(s, seat, card, M_WEI, M_CHOUWEI) >= 0:
        j = find_meld(s, seat, card, M_WEI, M_CHOUWEI)
        s[MK + seat * MAXM + j] = M_TI
        s[TABLE_VER] += 1
        log(s, EV_TI, seat, card)
        s[STAGE] = ST_SELF_HU
    elif hand[card] == 2:
        hand[card] = 0
        chou = s[CHOU + seat * N_KINDS + card] != 0
        add_meld(s, seat, M_CHOUWEI if chou else M_WEI, card)
        log(s, EV_CHOUWEI if chou else EV_WEI, seat, card)
        s[STAGE] = ST_SELF_HU
    else:
        s[STAGE] = ST_SHOWN_HU
        s[ASK] = 0
    return False


@njit(cache=True)
def _self_hu_step(s: np.ndarray) -> bool:
    """After a forced 提 / 偎 on his draw, SRC may 胡 (提胡 / 偎胡); else he goes on."""
    seat = s[SRC]
    if _offer_hu(s, seat, _self_hu_huxi(s, seat)):
        return True
    after_gain(s, seat)
    return False


@njit(cache=True)
def _shown_hu_step(s: np.ndarray) -> bool:
    """A shown drawn card: 胡 offered to the drawer, his 下家 and his 上家 in turn."""
    ask = s[ASK]
    if ask >= N_SEATS:
        s[STAGE] = ST_CLAIM
        s[ASK] = -1  # -1: the forced 跑 has not been checked yet
        return False
    seat = (s[SRC] + ask) % N_SEATS
    if _offer_hu(s, seat, win_huxi(s, seat, s[CARD], ask == 0)):
        return True
    s[ASK] = ask + 1
    return False


@njit(cache=True)
def _claim_step(s: np.ndarray) -> bool:
    """The card in play: a forced 跑 first, then the 碰 / 吃 offers slot by slot, and to
    the discard area when nobody takes it."""
    ask = s[ASK]
    if ask < 0:
        q = _forced_pao(s)
        if q >= 0:
            _do_pao(s, q)
            return False
        s[ASK] = 0
        s[PENG_PASSED] = -1
        return False
    if ask > 2:
        src = s[SRC]
        s[PILE + src * N_KINDS + s[CARD]] += 1
        log(s, EV_TO_PILE, src, s[CARD])
        s[STAGE] = ST_DRAW
        s[SRC] = xia(src)
        return False
    seat = _claim_seat(s, ask)
    if seat >= 0:
        if ask == 0:
            # on a discard the pair holder may be the only 吃 seat: offer both at once
            chi_ok = s[DRAWN] == 0 and seat == _claim_seat(s, 1)
            if _offer_claim(s, seat, True, chi_ok):
                return True
        elif s[DRAWN] != 0 or seat != _claim_seat(s, 0):
            if _offer_claim(s, seat, False, True):
                return True
    s[ASK] = ask + 1
    return False


@njit(cache=True)
def _self_hu_huxi(s: np.ndarray, seat: int) -> int:
    """胡息 of a win right after the seat's forced 提/偎 with CARD (提胡 / 偎胡), or -1.

    The card is already on the table, so the hand is read as it stands (no win card)."""
    if s[XIANG + seat] != 0:
        return -1
    mk, mv, n = melds_of(s, seat)
    h = dealt_win_kernel(hand_of(s, seat), mk, mv, n, s[CFG + CFG_MIN], s[WORK: WORK + WORK_SIZE])
    if h >= 0:
        declined = s[CHOUHU + seat * N_KINDS + s[CARD]]
        if declined >= 0 and declined == table_huxi(s, seat):
            return -1
    return h
