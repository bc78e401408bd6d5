"""跑胡子 play flow: the forced moves (提, 偎, 跑, passing a card nobody may claim, 荒庄),
the 碰 / 吃 offers, the legal actions of the player to act and applying one."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.zipai.cards import N_KINDS
from sim.games.zipai.deal import N_SEATS, STOCK_CARDS
from sim.games.zipai.melds import (
    GROUPS,
    MAX_PLANS,
    MAX_PLAN_GROUPS,
    M_CHI,
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
    CHI,
    CHOU,
    CHOUHU,
    DEALER,
    DISC,
    DRAWN,
    D_CLAIM,
    D_DISCARD,
    D_HU,
    D_NONE,
    EV_CHI,
    EV_CHOUWEI,
    EV_DECLINE_HU,
    EV_DISCARD,
    EV_DRAW,
    EV_NO_DISCARD,
    EV_PAO,
    EV_PASS,
    EV_PENG,
    EV_TI,
    EV_TO_PILE,
    EV_WEI,
    EV_XIANG,
    HAND,
    HU,
    HU_CARD,
    LIANG,
    MAXM,
    MAX_ACTIONS,
    MK,
    N_DEC,
    N_PLANS,
    OFFER_HUXI,
    PASS,
    PENG,
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
    ST_DONE,
    ST_DRAW,
    ST_LIANG_HU,
    ST_SELF_HU,
    ST_SHOWN_HU,
    TABLE_VER,
    WK_OTHER,
    WK_TIAN_DEALER,
    WK_TIAN_LIANG,
    WK_ZIMO,
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
from sim.games.zipai.results import finish_huang, finish_win

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
        if st == ST_DONE or st == ST_DISCARD:
            return
        if st == ST_LIANG_HU:
            ask = s[ASK]
            if ask >= N_SEATS:
                after_gain(s, s[DEALER])
                continue
            seat = (s[DEALER] + ask) % N_SEATS
            h = -1
            if ask == 0:
                mk, mv, n = melds_of(s, seat)
                if s[CHOUHU + seat * N_KINDS + s[LIANG]] < 0:
                    h = dealt_win_kernel(hand_of(s, seat), mk, mv, n, s[CFG + CFG_MIN],
                                         s[WORK: WORK + WORK_SIZE])
            elif s[CFG + CFG_TL] != 0:
                h = win_huxi(s, seat, s[LIANG], False)
            if h >= 0:
                s[OFFER_HUXI] = h
                s[ACTOR] = seat
                return
            s[ASK] = ask + 1
        elif st == ST_DRAW:
            seat = s[SRC]
            if s[SP] >= STOCK_CARDS:
                finish_huang(s)
                return
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
        elif st == ST_SELF_HU:
            seat = s[SRC]
            h = _self_hu_huxi(s, seat)
            if h >= 0:
                s[OFFER_HUXI] = h
                s[ACTOR] = seat
                return
            after_gain(s, seat)
        elif st == ST_SHOWN_HU:
            ask = s[ASK]
            if ask >= N_SEATS:
                s[STAGE] = ST_CLAIM
                s[ASK] = -1  # -1: the forced 跑 has not been checked yet
                continue
            seat = (s[SRC] + ask) % N_SEATS
            h = win_huxi(s, seat, s[CARD], ask == 0)
            if h >= 0:
                s[OFFER_HUXI] = h
                s[ACTOR] = seat
                return
            s[ASK] = ask + 1
        elif st == ST_CLAIM:
            ask = s[ASK]
            if ask < 0:
                q = _forced_pao(s)
                if q >= 0:
                    _do_pao(s, q)
                    continue
                s[ASK] = 0
                s[PENG_PASSED] = -1
                continue
            if ask > 2:
                src = s[SRC]
                s[PILE + src * N_KINDS + s[CARD]] += 1
                log(s, EV_TO_PILE, src, s[CARD])
                s[STAGE] = ST_DRAW
                s[SRC] = xia(src)
                continue
            seat = _claim_seat(s, ask)
            if seat >= 0:
                if ask == 0:
                    # on a discard the pair holder may be the only 吃 seat: offer both at once
                    chi_ok = s[DRAWN] == 0 and seat == _claim_seat(s, 1)
                    if _offer_claim(s, seat, True, chi_ok):
                        return
                elif s[DRAWN] != 0 or seat != _claim_seat(s, 0):
                    if _offer_claim(s, seat, False, True):
                        return
            s[ASK] = ask + 1
        else:
            return


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


@njit(cache=True)
def decision_kind(s: np.ndarray) -> int:
    """What the player to act decides now (D_*)."""
    if s[ACTOR] < 0:
        return D_NONE
    st = s[STAGE]
    if st == ST_DISCARD:
        return D_DISCARD
    if st == ST_CLAIM:
        return D_CLAIM
    return D_HU


@njit(cache=True)
def legal_actions(s: np.ndarray, out: np.ndarray) -> int:
    """Write the legal actions of the player to act into ``out``; return how many."""
    d = decision_kind(s)
    if d == D_NONE:
        return 0
    seat = s[ACTOR]
    n = 0
    if d == D_DISCARD:
        for k in range(N_KINDS):
            c = s[HAND + seat * N_KINDS + k]
            if c == 1 or c == 2:
                out[n] = k
                n += 1
        return n
    if d == D_HU:
        out[0] = HU
        out[1] = PASS
        return 2
    if s[CAN_PENG] != 0:
        out[n] = PENG
        n += 1
    for i in range(s[N_PLANS]):
        out[n] = CHI + i
        n += 1
    out[n] = PASS
    return n + 1


@njit(cache=True)
def is_legal(s: np.ndarray, action: int) -> bool:
    """Whether ``action`` is legal for the player to act."""
    buf = np.empty(MAX_ACTIONS, dtype=np.int16)
    n = legal_actions(s, buf)
    for i in range(n):
        if buf[i] == action:
            return True
    return False


@njit(cache=True)
def apply_action(s: np.ndarray, action: int) -> None:
    """Apply a legal action of the player to act, then run the forced moves."""
    seat = s[ACTOR]
    st = s[STAGE]
    card = s[CARD]
    s[N_DEC] += 1
    s[ACTOR] = -1
    if st == ST_DISCARD:
        s[HAND + seat * N_KINDS + action] -= 1
        s[CHOU + seat * N_KINDS + action] = 1
        s[DISC + seat * N_KINDS + action] += 1
        s[CARD] = action
        s[SRC] = seat
        s[DRAWN] = 0
        log(s, EV_DISCARD, seat, action)
        s[STAGE] = ST_CLAIM
        s[ASK] = -1
    elif st == ST_LIANG_HU:
        if action == HU:
            if s[ASK] == 0:
                finish_win(s, seat, WK_TIAN_DEALER, s[OFFER_HUXI], True, -1)
            else:
                finish_win(s, seat, WK_TIAN_LIANG, s[OFFER_HUXI], False, card)
            return
        s[CHOUHU + seat * N_KINDS + card] = table_huxi(s, seat)
        log(s, EV_DECLINE_HU, seat, card)
        s[ASK] += 1
    elif st == ST_SELF_HU:
        if action == HU:
            finish_win(s, seat, WK_ZIMO, s[OFFER_HUXI], True, -1)
            return
        s[CHOUHU + seat * N_KINDS + card] = table_huxi(s, seat)
        log(s, EV_DECLINE_HU, seat, card)
        after_gain(s, seat)
    elif st == ST_SHOWN_HU:
        if action == HU:
            self_drawn = seat == s[SRC]
            finish_win(s, seat, WK_ZIMO if self_drawn else WK_OTHER, s[OFFER_HUXI], self_drawn, card)
            return
        s[CHOUHU + seat * N_KINDS + card] = table_huxi(s, seat)
        log(s, EV_DECLINE_HU, seat, card)
        s[ASK] += 1
    elif st == ST_CLAIM:
        if action == PASS:
            s[CHOU + seat * N_KINDS + card] = 1
            if s[ASK] == 0 and s[DRAWN] != 0:
                s[PENG_PASSED] = seat
            log(s, EV_PASS, seat, card)
            s[ASK] += 1
        elif action == PENG:
            s[HAND + seat * N_KINDS + card] -= 2
            add_meld(s, seat, M_PENG, card)
            log(s, EV_PENG, seat, card)
            after_gain(s, seat)
        else:
            i = action - CHI
            s[HAND + seat * N_KINDS + card] += 1  # the taken card joins, then groups leave
            for t in range(MAX_PLAN_GROUPS):
                g = s[PLANS + i * MAX_PLAN_GROUPS + t]
                if g >= 0:
                    for u in range(3):
                        s[HAND + seat * N_KINDS + GROUPS[g, u]] -= 1
                    add_meld(s, seat, M_CHI, g)
                    log(s, EV_CHI, seat, g)
            after_gain(s, seat)
    run_forced(s)


# ---------------------------------------------------------------- invariants
@njit(cache=True)
def card_total(s: np.ndarray) -> int:
    """All cards accounted for: hands, melds, discard areas, stock left, card in play.

    Equals 80 at every decision and at the end of the hand."""
    n = 0
    for seat in range(N_SEATS):
        n += cards_held(s, seat)
        for k in range(N_KINDS):
            n += s[PILE + seat * N_KINDS + k]
    n += STOCK_CARDS - s[SP]
    st = s[STAGE]
    if st == ST_SHOWN_HU or (st == ST_CLAIM and s[ACTOR] >= 0):
        n += 1  # the card on offer
    elif st == ST_DONE and s[HU_CARD] >= 0:
        n += 1  # the shown card won on
    return n
