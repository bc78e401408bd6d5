"""The 广水 engine: deal, offers and claims, discards, draws, the end of a hand.

:func:`new_hand` deals and runs to the first decision; :func:`legal_actions` lists the
choices of the seat to act; :func:`apply_action` applies one and runs every forced step
(drawing, dead cards, laying out a drawn 将, 相公, 穿牌) until the next decision; what a
seat may claim is in :mod:`.claims`.

Decisions: the dealer's win on his dealt 31 (``HU`` / ``PASS``), a discard (a kind code),
and a declaration on the card in play (``PASS``, ``HU``, ``FAZI``, ``PENG``, ``ZHAN`` or
``CHI + group``). Everything else is forced and applied here.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import DECK_SIZE, JIANG, N_KINDS, N_RANKS
from sim.games.sise.deal import deal_hands
from sim.games.sise.guangshui import scoring as S
from sim.games.sise.guangshui.claims import (
    _options, can_discard, cards_held, claim_codes, form, offer_order, score_seat, win_level,
)
from sim.games.sise.guangshui.state import (
    ACTOR, ASK, BAR, CARD, CFG, CHI, DEAD, DEALER, DEALER_CARDS, DECL, DRAWN, EV_BAR, EV_CHI,
    EV_CHUAN, EV_DEAD, EV_DISCARD, EV_DRAW, EV_FAZI, EV_HU, EV_LAY, EV_PASS, EV_PENG, EV_XIANG,
    EV_ZHAN, FAZI, FU, HAND, HU, HU_FORM, LAY, LEVEL, N_DEC, N_SEATS,
    O_CHE, O_CHI, O_FAZI, O_HU, O_ZHAN, OPTS, PASS, PENG, PILE, PLAYER_CARDS, PTS, SP,
    SRC, ST_DEALER_HU, ST_DISCARD, ST_DONE, ST_DRAW, ST_OFFER, STAGE, STOCK, STOCK_CARDS,
    WIN_HOW, WIN_ITEMS, WIN_LISTED, WIN_LOU, WINNER, XIANG, ZHAN, log, priority, xia,
)
from sim.rng import shuffle_prefix

@njit(cache=True)
def init_state(s: np.ndarray, dealer: int, cfg: np.ndarray) -> None:
    """Clear the state and set the dealer and the rules."""
    s[:] = 0
    for i in range(cfg.shape[0]):
        s[CFG + i] = cfg[i]
    s[DEALER] = dealer
    s[WINNER] = -1
    s[ACTOR] = -1
    for p in range(N_SEATS):
        s[DECL + p] = -1
        s[HU_FORM + p] = -1


@njit(cache=True)
def shuffled_deck(seed: np.uint64) -> np.ndarray:
    """The deck in drawing order as the generator of ``seed`` shuffles it (all a deal draws)."""
    deck = np.empty(DECK_SIZE, dtype=np.int64)
    for i in range(DECK_SIZE):
        deck[i] = i // 4
    st = np.zeros(1, dtype=np.uint64)
    st[0] = seed
    shuffle_prefix(st, deck, DECK_SIZE)
    return deck


@njit(cache=True)
def deal_from(s: np.ndarray, deck: np.ndarray, dealer: int, cfg: np.ndarray) -> None:
    """Deal ``deck`` in its order: 31 to the dealer, 30 to his 下家, 30 to the next, 21 in the
    stock (drawn from its start)."""
    init_state(s, dealer, cfg)
    pos = deal_hands(s, deck, HAND, N_SEATS, dealer, DEALER_CARDS, PLAYER_CARDS)
    for i in range(STOCK_CARDS):
        s[STOCK + i] = deck[pos + i]


@njit(cache=True)
def deal(s: np.ndarray, seed: np.uint64, dealer: int, cfg: np.ndarray) -> None:
    """Shuffle with the hand's generator, then deal: 31 to the dealer, 30 to the others, 21 in
    the stock."""
    deal_from(s, shuffled_deck(seed), dealer, cfg)


@njit(cache=True)
def start(s: np.ndarray) -> None:
    """Run from the deal to the first decision."""
    d = s[DEALER]
    out = np.zeros(S.N_OUT, dtype=np.int64)
    items = np.zeros(S.MAX_ITEMS + 1, dtype=np.int64)
    if s[CFG + S.CFG_DEALER_WIN] and win_level(s, d, out, items) > 0:
        s[STAGE] = ST_DEALER_HU
    else:
        s[STAGE] = ST_DISCARD
    s[ACTOR] = d
    run_forced(s)


@njit(cache=True)
def new_hand(s: np.ndarray, seed: np.uint64, dealer: int, cfg: np.ndarray) -> None:
    """Deal hand ``seed`` and run to the first decision."""
    deal(s, seed, dealer, cfg)
    start(s)


@njit(cache=True)
def finish_win(s: np.ndarray, seat: int, how: int) -> None:
    """End the hand: ``seat`` wins; each loser pays his level in 牌."""
    out = np.zeros(S.N_OUT, dtype=np.int64)
    items = np.zeros(S.MAX_ITEMS + 1, dtype=np.int64)
    score_seat(s, seat, out, items)
    lv = out[S.O_LEVEL]
    s[WINNER] = seat
    s[LEVEL] = lv
    s[FU] = out[S.O_WIN_FU]
    s[WIN_LOU] = out[S.O_LOU]
    s[WIN_ITEMS] = out[S.O_ITEMS]
    s[WIN_LISTED] = out[S.O_LISTED]
    s[WIN_HOW] = how
    for p in range(N_SEATS):
        s[PTS + p] = 2 * lv if p == seat else -lv
    log(s, EV_HU, seat, lv)
    s[STAGE] = ST_DONE
    s[ACTOR] = -1


@njit(cache=True)
def _resolve(s: np.ndarray) -> None:
    """All seats declared on the card in play: apply the winning claim, or let the card go."""
    k = s[CARD]
    best, best_p = -1, 0
    for pos in range(N_SEATS):
        p = offer_order(s, pos)
        if p < 0:
            break
        flags = s[OPTS + p]
        if flags == 0:
            continue
        d = s[DECL + p]
        if d == PASS:
            s[DEAD + p * N_KINDS + k] = 1
            log(s, EV_PASS, p, k)
        if not s[BAR + p]:
            if ((flags & O_FAZI) and d != FAZI and d != HU) or \
                    ((flags & O_CHE) and d != PENG and d != HU):
                s[BAR + p] = 1
                log(s, EV_BAR, p, k)
        pr = priority(d)
        if pr > best_p:
            best, best_p = p, pr
    for p in range(N_SEATS):
        s[OPTS + p] = 0
    if best >= 0:
        d = s[DECL + best]
        if d == HU:
            form(s, best, s[HU_FORM + best], k, 1)
            how = 3 if s[DRAWN] == 0 else (2 if best == s[SRC] else 4)
            finish_win(s, best, how)
            return
        form(s, best, d, k, 1)
        log(s, EV_FAZI if d == FAZI else EV_PENG if d == PENG else EV_ZHAN if d == ZHAN else EV_CHI,
            best, k if d < CHI else d - CHI)
        s[STAGE] = ST_DISCARD
        s[ACTOR] = best
        return
    src = s[SRC]
    if s[DRAWN] == 1 and k % N_RANKS == JIANG:
        form(s, src, LAY, k, 1)  # nobody used the drawn 将: its drawer lays it out
        log(s, EV_LAY, src, k)
        left = 0
        for j in range(N_KINDS):
            left += s[HAND + src * N_KINDS + j]
        if left == 1 and not s[XIANG + src]:  # one card left and a 将 drawn: 相公 (seed)
            s[XIANG + src] = 1
            log(s, EV_XIANG, src, 0)
        s[STAGE] = ST_DISCARD
        s[ACTOR] = src
        return
    s[PILE + src * N_KINDS + k] += 1
    log(s, EV_DEAD, src, k)
    s[STAGE] = ST_DRAW


@njit(cache=True)
def run_forced(s: np.ndarray) -> None:
    """Apply forced steps until a seat must decide (``ACTOR >= 0``) or the hand is over."""
    while True:
        st = s[STAGE]
        if st == ST_DONE or st == ST_DEALER_HU:
            return
        if st == ST_DISCARD:
            a = s[ACTOR]
            if can_discard(s, a):
                return
            if not s[XIANG + a]:
                s[XIANG + a] = 1  # nothing but 将 left to discard: 相公
                log(s, EV_XIANG, a, 0)
            s[SRC] = a
            s[STAGE] = ST_DRAW
            continue
        if st == ST_DRAW:
            seat = xia(s[SRC])
            if s[SP] >= STOCK_CARDS:
                log(s, EV_CHUAN, seat, 0)
                s[STAGE] = ST_DONE
                s[ACTOR] = -1
                return
            s[CARD] = s[STOCK + s[SP]]
            s[SP] += 1
            s[SRC] = seat
            s[DRAWN] = 1
            log(s, EV_DRAW, seat, s[CARD])
            s[STAGE] = ST_OFFER
            s[ASK] = 0
            for p in range(N_SEATS):
                s[DECL + p] = -1
            continue
        # ST_OFFER: ask the next seat with a choice, else resolve
        while True:
            p = offer_order(s, s[ASK])
            if p < 0:
                break
            if _options(s, p) != 0:
                s[ACTOR] = p
                return
            s[ASK] += 1
        s[ACTOR] = -1
        _resolve(s)


@njit(cache=True)
def legal_actions(s: np.ndarray, out: np.ndarray) -> int:
    """The legal action codes of the seat to act into ``out``; returns how many."""
    st = s[STAGE]
    a = s[ACTOR]
    if a < 0 or st == ST_DONE:
        return 0
    if st == ST_DEALER_HU:
        out[0] = HU
        out[1] = PASS
        return 2
    if st == ST_DISCARD:
        n = 0
        for k in range(N_KINDS):
            if k % N_RANKS != JIANG and s[HAND + a * N_KINDS + k] > 0:
                out[n] = k
                n += 1
        return n
    flags = s[OPTS + a]
    n = 0
    out[n] = PASS
    n += 1
    if flags & O_HU:
        out[n] = HU
        n += 1
    k = s[CARD]
    chi_ok = (flags & (O_CHI | O_ZHAN)) != 0
    codes = np.empty(8, dtype=np.int64)
    m = claim_codes(s, a, k, chi_ok, codes)
    for i in range(m):
        c = codes[i]
        if c == LAY:
            continue
        form(s, a, c, k, 1)
        ok = can_discard(s, a)
        form(s, a, c, k, -1)
        if ok:
            out[n] = c
            n += 1
    return n


@njit(cache=True)
def apply_action(s: np.ndarray, action: int) -> None:
    """Apply a legal action of the seat to act, then run the forced steps."""
    st = s[STAGE]
    a = s[ACTOR]
    s[N_DEC] += 1
    if st == ST_DEALER_HU:
        if action == HU:
            finish_win(s, a, 1)
            return
        s[STAGE] = ST_DISCARD
    elif st == ST_DISCARD:
        s[HAND + a * N_KINDS + action] -= 1
        log(s, EV_DISCARD, a, action)
        s[CARD] = action
        s[SRC] = a
        s[DRAWN] = 0
        s[STAGE] = ST_OFFER
        s[ASK] = 0
        for p in range(N_SEATS):
            s[DECL + p] = -1
    else:
        s[DECL + a] = action
        s[ASK] += 1
    run_forced(s)


@njit(cache=True)
def card_total(s: np.ndarray) -> int:
    """Cards accounted for: hands, tables, dead piles and the stock left (always 112)."""
    total = STOCK_CARDS - s[SP]
    for p in range(N_SEATS):
        total += cards_held(s, p)
        for k in range(N_KINDS):
            total += s[PILE + p * N_KINDS + k]
    if s[STAGE] == ST_OFFER:
        total += 1  # the card in play
    return total
