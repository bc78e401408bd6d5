"""The compiled 丰顺 hand: deal, draws, discards, 吃 / 碰 / 杠, 和 and scoring.

One ``int64`` state vector (:mod:`.state`) and the group table tuple ``tb``
(:func:`.scoring.table_tuple`) are all a hand needs; the rules vector in the state says
the seats (2–4), the decks (1–2) and whether draws go into the hand or are turned up.
The engine applies every forced step itself: draws, 和 (taken whenever the hand is
complete and scores enough, by every player who can on one discard; on a turned-up card
by the first in seat order from the drawer), the end when the stock runs out. A player
decides only a discard and, on a card on offer, a claim or a pass.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import JIANG, N_KINDS, N_RANKS
from sim.games.sise.deal import deal_hands
from sim.games.sise.fengshun.scoring import (C_SEQ, C_SET, CFG_DECKS, CFG_HIGHEST, CFG_MIN,
                                             CFG_OPEN, CFG_REDEAL, CFG_SEATS, best_score,
                                             partial_score)
from sim.games.sise.fengshun.state import (
    ACTOR, ASK, CARD, CFG, COPIES, DEALER, DEALER_CARDS, DEALS, EV_CHI, EV_DEAD, EV_DISCARD,
    EV_DRAW, EV_GANG, EV_HU, EV_JIANG, EV_PENG, EV_SHOW, EV_SKIP, EV_STOCK, GANG, HAND, HOW,
    HOW_DISCARD, HOW_HIGHEST, HOW_SELF, HOW_SHOWN, HOW_STOCK, M_CHI, M_GANG, M_JIANG, M_PENG,
    MAX_SEATS, MAXM, MSC, MT, MV, N_DEC, N_WIN, NM, NS, PAO, PASS, PENG, PILE, PLAYER_CARDS, PTS,
    SCORE, SE, SELF, SP, SRC, ST_DISCARD, ST_DONE, ST_OFFER, ST_SHOWN, STAGE, STOCK, TABLE,
    WINMASK, chi_cards, chi_code, log, xia,
)
from sim.rng import below

MAX_REDEALS = 100


@njit(cache=True)
def init_state(s: np.ndarray, dealer: int, cfg: np.ndarray) -> None:
    """An empty table with ``dealer`` and the rules vector ``cfg``."""
    s[:] = 0
    s[CFG:CFG + cfg.shape[0]] = cfg
    s[NS] = cfg[CFG_SEATS]
    s[COPIES] = 4 * cfg[CFG_DECKS]
    s[DEALER] = dealer
    s[PAO] = -1
    s[ACTOR] = -1


@njit(cache=True)
def _bad_deal(s: np.ndarray) -> bool:
    for p in range(s[NS]):
        ok = False
        for k in range(N_KINDS):
            c = s[HAND + p * N_KINDS + k]
            if c >= 3 or (c > 0 and k % N_RANKS == JIANG):
                ok = True
                break
        if not ok:
            return True
    return False


@njit(cache=True)
def throw_dice(rng: np.ndarray) -> tuple[int, int]:
    """The deal's two dice (1–6 each) from ``rng``, thrown before the shuffle."""
    d1 = below(rng, 6) + 1
    d2 = below(rng, 6) + 1
    return d1, d2


@njit(cache=True)
def new_deck(cfg: np.ndarray) -> np.ndarray:
    """The deck(s) in kind order: ``4 * decks`` copies of each kind."""
    copies = 4 * cfg[CFG_DECKS]
    deck = np.empty(N_KINDS * copies, dtype=np.int64)
    for i in range(deck.shape[0]):
        deck[i] = i // copies
    return deck


@njit(cache=True)
def shuffle_deck(rng: np.ndarray, deck: np.ndarray) -> None:
    """Shuffle ``deck`` in place from ``rng`` (Fisher–Yates from the last place down)."""
    for i in range(deck.shape[0] - 1, 0, -1):
        j = below(rng, i + 1)
        a = deck[i]
        deck[i] = deck[j]
        deck[j] = a


@njit(cache=True)
def deal_from(s: np.ndarray, deck: np.ndarray, cfg: np.ndarray, dealer: int, deals: int) -> bool:
    """Deal ``deck`` in its order, this hand's deal number ``deals``: 21 cards to ``dealer``,
    20 to each next seat, the rest the stock (drawn from its start). False when the rules
    throw it in (``redeal``: some hand holds no three identical cards and no 将), unless it
    is the last deal allowed (``MAX_REDEALS``)."""
    init_state(s, dealer, cfg)
    n_seats = s[NS]
    size = deck.shape[0]
    s[STOCK:STOCK + size] = deck
    s[SP] = deal_hands(s, deck, HAND, n_seats, dealer, DEALER_CARDS, PLAYER_CARDS)
    s[SE] = size
    s[DEALS] = deals
    return cfg[CFG_REDEAL] == 0 or deals >= MAX_REDEALS or not _bad_deal(s)


@njit(cache=True)
def deal(s: np.ndarray, rng: np.ndarray, cfg: np.ndarray, dealer: int) -> None:
    """Dice pick the dealer (``dealer`` < 0; else that seat deals, the dice are thrown all
    the same so the shuffle does not change), the deck(s) are shuffled, 21 cards to the
    dealer and 20 to each other; with ``redeal`` on, a deal where some hand has no three
    identical cards and no 将 is shuffled again (``DEALS`` counts the deals)."""
    d1, d2 = throw_dice(rng)
    d = (d1 + d2 - 1) % cfg[CFG_SEATS] if dealer < 0 else dealer
    deck = new_deck(cfg)
    for t in range(MAX_REDEALS):
        shuffle_deck(rng, deck)
        if deal_from(s, deck, cfg, d, t + 1):
            break


@njit(cache=True)
def start(s: np.ndarray, tb: tuple) -> None:
    """The dealer may 和 on his 21 dealt cards; else he discards first."""
    s[STAGE] = ST_DISCARD
    if _turn(s, s[DEALER], tb):
        _draw(s, xia(s, s[DEALER]), tb)


@njit(cache=True)
def _hand(s: np.ndarray, p: int) -> np.ndarray:
    return s[HAND + p * N_KINDS: HAND + (p + 1) * N_KINDS]


@njit(cache=True)
def _can_discard(h: np.ndarray) -> bool:
    for k in range(N_KINDS):
        if h[k] > 0 and k % N_RANKS != JIANG:
            return True
    return False


@njit(cache=True)
def _win_value(s: np.ndarray, p: int, card: int, claimed: bool, tb: tuple) -> int:
    """Seat ``p``'s score if its hand (plus ``card`` >= 0, taken from another player when
    ``claimed``) is complete and scores enough, else -1."""
    h = _hand(s, p)
    if card >= 0:
        h[card] += 1
    v = best_score(h, card if claimed else -1, tb)
    if card >= 0:
        h[card] -= 1
    if v < 0:
        return -1
    v += s[MSC + p]
    return v if v >= s[CFG + CFG_MIN] else -1


@njit(cache=True)
def _finish(s: np.ndarray, how: int, pao: int) -> None:
    s[HOW] = how
    s[PAO] = pao
    s[STAGE] = ST_DONE
    s[ACTOR] = -1
    for w in range(s[NS]):
        if (s[WINMASK] >> w) & 1:
            v = s[SCORE + w]
            if pao >= 0:
                s[PTS + w] += v
                s[PTS + pao] -= v
            else:
                for q in range(s[NS]):
                    if q != w:
                        s[PTS + w] += v
                        s[PTS + q] -= v


@njit(cache=True)
def _win(s: np.ndarray, p: int, v: int) -> None:
    s[WINMASK] |= 1 << p
    s[N_WIN] += 1
    s[SCORE + p] = v
    log(s, EV_HU, p, v)


@njit(cache=True)
def _turn(s: np.ndarray, p: int, tb: tuple) -> bool:
    """Seat ``p`` holds one card more than between turns: 和 if it can, else it discards.
    Returns True when it has nothing to discard (only 将, too few points to 和): the 下家
    draws next."""
    v = _win_value(s, p, -1, False, tb)
    if v >= 0:
        _win(s, p, v)
        s[SELF] = 1
        _finish(s, HOW_SELF, -1)
        return False
    if not _can_discard(_hand(s, p)):
        log(s, EV_SKIP, p, 0)
        return True
    s[STAGE] = ST_DISCARD
    s[ACTOR] = p
    return False


@njit(cache=True)
def _stock_out(s: np.ndarray, tb: tuple) -> None:
    log(s, EV_STOCK, -1, 0)
    if s[CFG + CFG_HIGHEST] == 0:
        _finish(s, HOW_STOCK, -1)
        return
    best, who, tie = -1, -1, False
    for p in range(s[NS]):
        v = partial_score(_hand(s, p).copy(), tb) + s[MSC + p]
        s[SCORE + p] = 0
        if v > best:
            best, who, tie = v, p, False
        elif v == best:
            tie = True
    if tie or best <= 0:
        _finish(s, HOW_STOCK, -1)
        return
    _win(s, who, best)
    _finish(s, HOW_HIGHEST, -1)


@njit(cache=True)
def _draw(s: np.ndarray, p: int, tb: tuple) -> None:
    """Seat ``p`` draws: into his hand, or (``draw`` = open) turned up and offered (the
    stock runs out: the hand ends)."""
    while True:
        if s[SP] >= s[SE]:
            _stock_out(s, tb)
            return
        k = s[STOCK + s[SP]]
        s[SP] += 1
        if s[CFG + CFG_OPEN] != 0:
            log(s, EV_SHOW, p, k)
            if not _shown(s, p, k, tb):
                return
        else:
            s[HAND + p * N_KINDS + k] += 1
            log(s, EV_DRAW, p, k)
            if not _turn(s, p, tb):
                return
        p = xia(s, p)


@njit(cache=True)
def _shown(s: np.ndarray, p: int, k: int, tb: tuple) -> bool:
    """Card ``k`` turned up by seat ``p``: the first seat from the drawer on whose hand it
    completes 和s (the drawer self-drawn, another at the claimed rate); a 将 is laid on the
    drawer's table; any other card is offered from the drawer on. True when the drawer's
    下家 draws next (the drawer, left with only 将, has no discard)."""
    n = s[NS]
    for i in range(n if k % N_RANKS != JIANG else 1):  # a 将 is never taken from another
        q = (p + i) % n
        v = _win_value(s, q, k, q != p, tb)
        if v >= 0:
            s[HAND + q * N_KINDS + k] += 1  # the card goes to the winner's hand
            _win(s, q, v)
            if q == p:
                s[SELF] = 1
                _finish(s, HOW_SELF, -1)
            else:
                _finish(s, HOW_SHOWN, -1)
            return False
    if k % N_RANKS == JIANG:
        s[TABLE + p * N_KINDS + k] += 1
        _meld(s, p, M_JIANG, k, tb[6][k])
        log(s, EV_JIANG, p, k)
        return _turn(s, p, tb)
    s[CARD] = k
    s[SRC] = p
    s[ASK] = 0
    s[STAGE] = ST_SHOWN
    return _offer_shown(s, tb)


@njit(cache=True)
def _offer_shown(s: np.ndarray, tb: tuple) -> bool:
    """Ask the next seat with a claim on the turned-up card, from the drawer on; when
    nobody is left it is dead (in the drawer's pile) and the drawer's 下家 draws (True)."""
    d, c, n = s[SRC], s[CARD], s[NS]
    while s[ASK] < n:
        p = (d + s[ASK]) % n
        s[ASK] += 1
        if claim_options(s, p, c, s[:0], tb, True) > 1:
            s[STAGE] = ST_SHOWN
            s[ACTOR] = p
            return False
    s[PILE + d * N_KINDS + c] += 1
    log(s, EV_DEAD, d, c)
    s[ACTOR] = -1
    return True


@njit(cache=True)
def claim_options(s: np.ndarray, p: int, c: int, legal: np.ndarray, tb: tuple,
                  count_only: bool = False) -> int:
    """Seat ``p``'s claims on card ``c`` (pass first); 吃 only for the 下家 of the discarder,
    or on a turned-up card for the drawer. A claim must leave a card other than 将 to
    discard. With ``count_only`` nothing is written to ``legal`` and the count stops at the
    first claim (pass + 1)."""
    h = _hand(s, p)
    n = 0
    if not count_only:
        legal[n] = PASS
    n += 1
    rest = 0
    for k in range(N_KINDS):
        if k % N_RANKS != JIANG and k != c:
            rest += h[k]
    if h[c] >= 2 and rest + h[c] - 2 > 0:
        if count_only:
            return 2
        legal[n] = PENG
        n += 1
    if h[c] >= 3 and rest + h[c] - 3 > 0:
        legal[n] = GANG
        n += 1
    may_chi = p == s[SRC] if s[STAGE] == ST_SHOWN else p == xia(s, s[SRC])
    if may_chi:
        cards, gn, cls = tb[0], tb[1], tb[7]
        bit = np.int64(1) << np.int64(c)
        kmask = tb[8]
        for g in range(gn.shape[0]):
            if (kmask[g] & bit) == 0 or gn[g] != 3 or (cls[g] != C_SEQ and cls[g] != C_SET):
                continue
            has_c, ok, left = False, True, rest + h[c]
            o0 = o1 = -1
            m = 0
            for j in range(3):
                k = cards[g, j]
                if k == c:
                    has_c = True
                else:
                    if m == 0:
                        o0 = k
                    elif m == 1:
                        o1 = k
                    m += 1
                    if h[k] == 0:
                        ok = False
                    elif k % N_RANKS != JIANG:
                        left -= 1
            if has_c and m == 2 and ok and left > 0:
                if count_only:
                    return 2
                legal[n] = chi_code(o0, o1)
                n += 1
    return n


@njit(cache=True)
def _offer_next(s: np.ndarray, tb: tuple) -> None:
    """Ask the next seat with a claim on the discard: the seats that may only 碰 or 杠 first,
    nearest in turn order first (with three players the 上家), the 下家 (碰, 杠 or 吃) last;
    when nobody is left, the 下家 draws."""
    d, c, n = s[SRC], s[CARD], s[NS]
    while s[ASK] < n - 1:
        i = s[ASK]
        p = (d + 2 + i) % n if i < n - 2 else (d + 1) % n
        s[ASK] += 1
        if claim_options(s, p, c, s[:0], tb, True) > 1:
            s[STAGE] = ST_OFFER
            s[ACTOR] = p
            return
    s[PILE + d * N_KINDS + c] += 1
    _draw(s, xia(s, d), tb)


@njit(cache=True)
def legal_actions(s: np.ndarray, legal: np.ndarray, tb: tuple) -> int:
    """The legal codes of the seat to act (0 when the hand is over)."""
    if s[STAGE] == ST_DISCARD:
        h = _hand(s, s[ACTOR])
        n = 0
        for k in range(N_KINDS):
            if h[k] > 0 and k % N_RANKS != JIANG:
                legal[n] = k
                n += 1
        return n
    if s[STAGE] == ST_OFFER or s[STAGE] == ST_SHOWN:
        return claim_options(s, s[ACTOR], s[CARD], legal, tb)
    return 0


@njit(cache=True)
def _meld(s: np.ndarray, p: int, t: int, v: int, value: int) -> None:
    j = s[NM + p]
    if j < MAXM:
        s[MT + p * MAXM + j] = t
        s[MV + p * MAXM + j] = v
        s[NM + p] = j + 1
    s[MSC + p] += value


@njit(cache=True)
def _discarded(s: np.ndarray, p: int, c: int, tb: tuple) -> None:
    """Card ``c`` left seat ``p``: everyone who can 和 on it does; else the claims are asked."""
    s[CARD] = c
    s[SRC] = p
    n = s[NS]
    for i in range(1, n):
        q = (p + i) % n
        v = _win_value(s, q, c, True, tb)
        if v >= 0:
            _win(s, q, v)
    if s[N_WIN] > 0:
        _finish(s, HOW_DISCARD, p)
        return
    s[ASK] = 0
    s[STAGE] = ST_OFFER
    _offer_next(s, tb)


@njit(cache=True)
def apply_action(s: np.ndarray, a: int, tb: tuple) -> None:
    """Apply a legal action of the seat to act and every forced step after it."""
    p = s[ACTOR]
    s[N_DEC] += 1
    if s[STAGE] == ST_DISCARD:
        s[HAND + p * N_KINDS + a] -= 1
        log(s, EV_DISCARD, p, a)
        _discarded(s, p, a, tb)
        return
    c = s[CARD]
    if a == PASS:
        if s[STAGE] == ST_OFFER:
            _offer_next(s, tb)
        elif _offer_shown(s, tb):
            _draw(s, xia(s, s[SRC]), tb)
        return
    cards, gn, claim = tb[0], tb[1], tb[3]
    if a == PENG or a == GANG:
        m = 2 if a == PENG else 3
        s[HAND + p * N_KINDS + c] -= m
        s[TABLE + p * N_KINDS + c] += m + 1
        val = 1 if a == PENG else 6
        for g in range(gn.shape[0]):  # the table's claimed value of that group
            if cards[g, 0] == c and gn[g] == m + 1 and cards[g, gn[g] - 1] == c:
                val = claim[g]
        _meld(s, p, M_PENG if a == PENG else M_GANG, c, val)
        log(s, EV_PENG if a == PENG else EV_GANG, p, c)
    else:
        g = chi_group(a, c, tb)
        for j in range(gn[g]):
            k = cards[g, j]
            if k != c:
                s[HAND + p * N_KINDS + k] -= 1
            s[TABLE + p * N_KINDS + k] += 1
        _meld(s, p, M_CHI, g, claim[g])
        log(s, EV_CHI, p, g)
    s[STAGE] = ST_DISCARD
    s[ACTOR] = p


@njit(cache=True)
def chi_group(a: int, c: int, tb: tuple) -> int:
    """The table's three-card group made of card ``c`` and the hand cards of 吃 code ``a``."""
    k1, k2 = chi_cards(a)
    cards, gn, cls = tb[0], tb[1], tb[7]
    for g in range(gn.shape[0]):
        if gn[g] == 3 and (cls[g] == C_SEQ or cls[g] == C_SET):
            x, y, z = cards[g, 0], cards[g, 1], cards[g, 2]
            if ((x == c and y == k1 and z == k2) or (x == k1 and y == c and z == k2)
                    or (x == k1 and y == k2 and z == c)):
                return g
    return -1


@njit(cache=True)
def card_total(s: np.ndarray) -> int:
    """Cards accounted for: hands, tables, discard piles, the card in play, the stock."""
    t = s[SE] - s[SP]
    for i in range(MAX_SEATS * N_KINDS):
        t += s[HAND + i] + s[TABLE + i] + s[PILE + i]
    if s[STAGE] == ST_OFFER or s[STAGE] == ST_SHOWN or (s[STAGE] == ST_DONE and s[HOW] == HOW_DISCARD):
        t += 1
    return t
