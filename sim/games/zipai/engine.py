"""跑胡子 rules engine: one set of compiled functions used by both drivers.

The whole state of a hand is one ``int16`` vector (layout in :mod:`sim.games.zipai.state`).
:func:`new_hand` deals and runs the game up to the first decision: its shuffle, then
:func:`deal_cards` of that arrangement (which a deal drawn card by card calls too).
:func:`legal_actions` lists the choices of the player to act; :func:`apply_action` applies
one and runs every forced move (提, 偎, 跑, passing on a card nobody may claim, 荒庄, …)
until the next decision or the end.
The Python driver (:mod:`sim.games.zipai.game`) and the batch driver
(:mod:`sim.games.zipai.batch`) call exactly these functions.

Actions are small integers: ``0–19`` discard that kind, ``PASS``, ``HU``, ``PENG``, and
``CHI + j`` for the ``j``-th 吃 plan (the plans are stored in the state when the decision
is offered, in the order of :func:`sim.games.zipai.melds.chi_plans`).

Seats are 0, 1, 2 in playing order: the 下家 of seat ``s`` is ``(s + 1) % 3``.

The engine is split by job: :mod:`sim.games.zipai.state` (state layout, codes, accessors),
:mod:`sim.games.zipai.flow` (what the engine does by itself: forced moves and offers),
:mod:`sim.games.zipai.settle` (settling a win or a 荒庄) and this module, which deals a
hand, runs it to the first decision, lists the legal actions and applies one. Every name
of those modules is also reachable here (``engine.apply_action``, ``engine.MK``, …).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.zipai.cards import DECK_SIZE, N_KINDS
from sim.games.zipai.deal import (
    DEALER_CARDS,
    N_SEATS,
    NATURAL_NONE,
    STOCK_CARDS,
    natural_kind,
    deal_shuffle,
    seat_slice,
)
from sim.games.zipai.melds import GROUPS, MAX_PLAN_GROUPS, M_CHI, M_PENG, M_TI
from sim.games.zipai.scoring import natural_huxi
from sim.games.zipai.state import (
    ACTOR,
    ASK,
    CAN_PENG,
    CARD,
    CFG,
    CFG_MULTI,
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
    EV_DEAL_TI,
    EV_DECLINE_HU,
    EV_DISCARD,
    EV_NATURAL,
    EV_PASS,
    EV_PENG,
    EV_REDEAL,
    HAND,
    HU,
    HU_CARD,
    LIANG,
    MAX_ACTIONS,
    MULTI_REDEAL,
    N_CFG,
    N_DEC,
    N_PLANS,
    OFFER_HUXI,
    PASS,
    PENG,
    PENG_PASSED,
    PILE,
    PLANS,
    REDEALS,
    SP,
    SRC,
    STAGE,
    STOCK,
    ST_CLAIM,
    ST_DISCARD,
    ST_DONE,
    ST_LIANG_HU,
    ST_SELF_HU,
    ST_SHOWN_HU,
    TABLE_VER,
    WINNER,
    WK_OTHER,
    WK_TIAN_DEALER,
    WK_TIAN_KAN,
    WK_TIAN_LIANG,
    WK_TIAN_TI,
    WK_ZIMO,
    add_meld,
    cards_held,
    hand_of,
    log,
    table_huxi,
)
from sim.games.zipai.flow import after_gain, run_forced
from sim.games.zipai.settle import finish_win

# the whole engine under one name, as before the split
from sim.games.zipai.state import *  # noqa: E402,F401,F403
from sim.games.zipai.settle import *  # noqa: E402,F401,F403
from sim.games.zipai.flow import *  # noqa: E402,F401,F403


# ---------------------------------------------------------------- deal
@njit(cache=True)
def init_state(s: np.ndarray, dealer: int, cfg: np.ndarray) -> None:
    """Clear ``s`` for a new hand with ``dealer`` and the rules vector ``cfg``."""
    s[:] = 0
    for i in range(N_CFG):
        s[CFG + i] = cfg[i]
    s[DEALER] = dealer
    s[WINNER] = -1
    s[ACTOR] = -1
    s[HU_CARD] = -1
    s[TABLE_VER] = 1
    for i in range(N_SEATS * N_KINDS):
        s[CHOUHU + i] = -1


@njit(cache=True)
def new_hand(s: np.ndarray, seed: np.uint64, dealer: int, cfg: np.ndarray) -> None:
    """Deal hand ``seed`` with ``dealer`` and run it to the first decision: shuffle, deal
    that arrangement, and shuffle again (the generator running on) while it is thrown in."""
    init_state(s, dealer, cfg)
    state = np.zeros(1, dtype=np.uint64)
    state[0] = seed
    cards = np.empty(DECK_SIZE, dtype=np.int8)
    while True:
        deal_shuffle(state, cards)
        if deal_cards(s, cards):
            break


@njit(cache=True)
def throw_in(s: np.ndarray) -> None:
    """Count one deal thrown in for a redeal (``REDEALS``) and log it."""
    s[REDEALS] += 1
    log(s, EV_REDEAL, s[DEALER], s[REDEALS])


@njit(cache=True)
def deal_cards(s: np.ndarray, cards: np.ndarray) -> bool:
    """Deal the arrangement ``cards`` (80 kinds in deck order) to the seats of ``s`` and run
    the hand to its first decision; ``False`` if the rules throw the deal in instead.

    Positions 0–20 go to the dealer (20 = the 亮张), 21–40 to his 下家, 41–60 to the 上家,
    61–79 to the stock in drawing order. Under ``multi_qishou_ti=redeal`` a deal in which a
    seat holds two 提 without a 三提五坎 is thrown in (:func:`throw_in`), at most 100 times.
    """
    dealer = s[DEALER]
    for j in range(N_SEATS):
        seat = (dealer + j) % N_SEATS
        lo, hi = seat_slice(j)
        for k in range(N_KINDS):
            s[HAND + seat * N_KINDS + k] = 0
        for i in range(lo, hi):
            s[HAND + seat * N_KINDS + cards[i]] += 1
    if s[CFG + CFG_MULTI] == MULTI_REDEAL and s[REDEALS] < 100:
        again = False
        for seat in range(N_SEATS):
            ti = 0
            kan = 0
            for k in range(N_KINDS):
                c = s[HAND + seat * N_KINDS + k]
                ti += c == 4
                kan += c == 3
            if ti >= 2 and ti + kan < 5:
                again = True
        if again:
            throw_in(s)
            return False
    for i in range(STOCK_CARDS):
        s[STOCK + i] = cards[DEALER_CARDS + 2 * 20 + i]
    s[LIANG] = cards[DEALER_CARDS - 1]
    s[SP] = 0
    start_hand(s)
    return True


@njit(cache=True)
def start_hand(s: np.ndarray) -> None:
    """From dealt hands, stock and 亮张 in ``s``: 三提五坎, 起手提, the 亮张 round, and on to
    the first decision."""
    dealer = s[DEALER]
    # 三提五坎: automatic 天胡, dealer before 下家 before 上家
    for j in range(N_SEATS):
        seat = (dealer + j) % N_SEATS
        ti = 0
        kan = 0
        for k in range(N_KINDS):
            c = s[HAND + seat * N_KINDS + k]
            ti += c == 4
            kan += c == 3
        if ti >= 3 or ti + kan >= 5:
            log(s, EV_NATURAL, seat, ti)
            hand = hand_of(s, seat)
            h = natural_huxi(hand)
            # self-drawn only for the dealer whose 亮张 completed it
            self_drawn = False
            if j == 0:
                hand[s[LIANG]] -= 1
                self_drawn = natural_kind(hand) == NATURAL_NONE
                hand[s[LIANG]] += 1
            finish_win(s, seat, WK_TIAN_TI if ti >= 3 else WK_TIAN_KAN, h, self_drawn, -1)
            return
    # 起手提: every four of a kind goes to the table
    for j in range(N_SEATS):
        seat = (dealer + j) % N_SEATS
        for k in range(N_KINDS):
            if s[HAND + seat * N_KINDS + k] == 4:
                s[HAND + seat * N_KINDS + k] = 0
                add_meld(s, seat, M_TI, k)
                log(s, EV_DEAL_TI, seat, k)
    s[CARD] = s[LIANG]
    s[SRC] = dealer
    s[STAGE] = ST_LIANG_HU
    s[ASK] = 0
    run_forced(s)


# ---------------------------------------------------------------- decisions
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
def apply_action(s: np.ndarray, action: int) -> None:
    """Apply a legal action of the player to act, then run the forced moves."""
    seat = s[ACTOR]
    st = s[STAGE]
    card = s[CARD]
    s[N_DEC] += 1
    s[ACTOR] = -1
    if st == ST_DISCARD:
        _discard(s, seat, action)
    elif st == ST_CLAIM:
        _claim(s, seat, card, action)
    elif action == HU:
        _win(s, seat, st, card)
    else:
        _decline_hu(s, seat, st, card)
    run_forced(s)


@njit(cache=True)
def _discard(s: np.ndarray, seat: int, card: int) -> None:
    """``seat`` discards ``card``: it is 臭 for him and goes round for 跑 / 碰 / 吃."""
    s[HAND + seat * N_KINDS + card] -= 1
    s[CHOU + seat * N_KINDS + card] = 1
    s[DISC + seat * N_KINDS + card] += 1
    s[CARD] = card
    s[SRC] = seat
    s[DRAWN] = 0
    log(s, EV_DISCARD, seat, card)
    s[STAGE] = ST_CLAIM
    s[ASK] = -1


@njit(cache=True)
def _win(s: np.ndarray, seat: int, st: int, card: int) -> None:
    """``seat`` takes the 胡 offered at stage ``st`` and the hand is settled."""
    if st == ST_LIANG_HU:
        if s[ASK] == 0:
            finish_win(s, seat, WK_TIAN_DEALER, s[OFFER_HUXI], True, -1)
        else:
            finish_win(s, seat, WK_TIAN_LIANG, s[OFFER_HUXI], False, card)
    elif st == ST_SELF_HU:
        finish_win(s, seat, WK_ZIMO, s[OFFER_HUXI], True, -1)
    else:
        self_drawn = seat == s[SRC]
        finish_win(s, seat, WK_ZIMO if self_drawn else WK_OTHER, s[OFFER_HUXI], self_drawn, card)


@njit(cache=True)
def _decline_hu(s: np.ndarray, seat: int, st: int, card: int) -> None:
    """``seat`` passes the 胡 on ``card`` (臭胡 at his table 胡息); the round goes on."""
    s[CHOUHU + seat * N_KINDS + card] = table_huxi(s, seat)
    log(s, EV_DECLINE_HU, seat, card)
    if st == ST_SELF_HU:
        after_gain(s, seat)
    else:
        s[ASK] += 1


@njit(cache=True)
def _claim(s: np.ndarray, seat: int, card: int, action: int) -> None:
    """``seat`` passes, 碰s or 吃s (plan ``action - CHI``) the card in play."""
    if action == PASS:
        s[CHOU + seat * N_KINDS + card] = 1
        if s[ASK] == 0 and s[DRAWN] != 0:
            s[PENG_PASSED] = seat
        log(s, EV_PASS, seat, card)
        s[ASK] += 1
        return
    if action == PENG:
        s[HAND + seat * N_KINDS + card] -= 2
        add_meld(s, seat, M_PENG, card)
        log(s, EV_PENG, seat, card)
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
