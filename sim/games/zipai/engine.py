"""跑胡子 rules engine: one set of compiled functions used by both drivers.

The whole state of a hand is one ``int16`` vector (layout in :mod:`sim.games.zipai.state`). :func:`new_hand` deals
and runs the game up to the first decision; :func:`legal_actions` lists the choices of the
player to act; :func:`apply_action` applies one and runs every forced move (提, 偎, 跑,
passing on a card nobody may claim, 荒庄, …) until the next decision or the end.
The Python driver (:mod:`sim.games.zipai.game`) and the batch driver
(:mod:`sim.games.zipai.batch`) call exactly these functions.

Actions are small integers: ``0–19`` discard that kind, ``PASS``, ``HU``, ``PENG``, and
``CHI + j`` for the ``j``-th 吃 plan (the plans are stored in the state when the decision
is offered, in the order of :func:`sim.games.zipai.melds.chi_plans`).

Seats are 0, 1, 2 in playing order: the 下家 of seat ``s`` is ``(s + 1) % 3``.

The engine is split by job: :mod:`sim.games.zipai.state` (state layout, codes, accessors),
:mod:`sim.games.zipai.flow` (forced moves, offers, legal actions, applying one),
:mod:`sim.games.zipai.results` (settling a win or a 荒庄) and this module, which deals a
hand and runs it to the first decision. Every name of those modules is also reachable
here (``engine.apply_action``, ``engine.MK``, …), as before the split.
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
    seat_slice,
    shuffled_deck,
)
from sim.games.zipai.melds import M_TI
from sim.games.zipai.scoring import natural_huxi
from sim.games.zipai.state import (
    ACTOR,
    ASK,
    CARD,
    CFG,
    CFG_MULTI,
    CHOUHU,
    DEALER,
    EV_DEAL_TI,
    EV_NATURAL,
    EV_REDEAL,
    HAND,
    HU_CARD,
    LIANG,
    MULTI_REDEAL,
    N_CFG,
    REDEALS,
    SP,
    SRC,
    STAGE,
    STOCK,
    ST_LIANG_HU,
    TABLE_VER,
    WINNER,
    WK_TIAN_KAN,
    WK_TIAN_TI,
    add_meld,
    hand_of,
    log,
)
from sim.games.zipai.results import finish_win
from sim.games.zipai.flow import run_forced

# the whole engine under one name, as before the split
from sim.games.zipai.state import *  # noqa: E402,F401,F403
from sim.games.zipai.results import *  # noqa: E402,F401,F403
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
    """Deal hand ``seed`` with ``dealer`` and run it to the first decision."""
    init_state(s, dealer, cfg)
    state = np.zeros(1, dtype=np.uint64)
    state[0] = seed
    cards = np.empty(DECK_SIZE, dtype=np.int8)
    while True:
        shuffled_deck(state, cards, DECK_SIZE - 1)
        for j in range(N_SEATS):
            seat = (dealer + j) % N_SEATS
            lo, hi = seat_slice(j)
            for k in range(N_KINDS):
                s[HAND + seat * N_KINDS + k] = 0
            for i in range(lo, hi):
                s[HAND + seat * N_KINDS + cards[i]] += 1
        if s[CFG + CFG_MULTI] != MULTI_REDEAL or s[REDEALS] >= 100:
            break
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
        if not again:
            break
        s[REDEALS] += 1
        log(s, EV_REDEAL, dealer, s[REDEALS])
    for i in range(STOCK_CARDS):
        s[STOCK + i] = cards[DEALER_CARDS + 2 * 20 + i]
    s[LIANG] = cards[DEALER_CARDS - 1]
    s[SP] = 0
    start_hand(s)


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
