"""Pairing-game rules engine: one set of compiled functions used by both drivers.

:func:`new_hand` deals, runs the deal-time 偷 loop (every 暗, 亮 and 燕 laid and replaced, in
seat order from the 头家), checks 天胡 and waits for the 头家's discard. A discard, or a card
turned up from the stock when a discard finds no taker, is *offered*: first every seat that
can 碰, 杠 or 燕 it is asked in seat order (from the next seat; from the turner himself for
a turned-up card), then every seat that may 摆 (吃) it. The first to take it lays the group,
steals its replacement cards (偷), wins if every card it holds is grouped, and otherwise
discards. A card nobody takes is dead and the next seat turns up a stock card. A short hand
keeps the card it turns up and discards one. An empty stock ends the hand as a draw.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import DECK_SIZE, N_TYPES
from sim.games.chuanpai.engine import seat_hands
from sim.games.chuanpai.pairs.groups import RED, TOTAL, ident_tuo, sums_to
from sim.games.chuanpai.pairs.holding import (  # noqa: F401 (re-exported)
    fan_of, finish, seat_tuo, settle, threshold, wins, _draw,
)
from sim.games.chuanpai.pairs.rules import (
    C_CHI_NEXT, C_DEAL, C_DECKS, C_GANG_TOU, C_KOU, C_NP, C_PENG_TOU, C_SEVEN_CHE, C_SEVEN_PAIR, C_YAN,
    CFG_SIZE,
)
from sim.games.chuanpai.pairs.state import (  # noqa: F401 (re-exported)
    ACTOR, ASKI, BAI, CARD, CFG, DEAD, DEALER, DECK1, DECK2, DRAW, EV, EVENT_NAMES, EV_AN, EV_BAI,
    EV_CLAIM_YAN, EV_DEADCARD, EV_DEAL, EV_DISCARD, EV_END, EV_GANG, EV_LIANG, EV_PENG, EV_TAKE,
    EV_TOU, EV_TURN, EV_YAN, FAN, FORCED, FROM_DISCARD, FROM_TURN, GANG, HAND, HID, KOU, MAXEV,
    MAXP, MAX_ACTIONS, MAX_CARDS, NATURAL, NCARDS, NCLAIM, NDEC, NEV, NHAND, NP, NTOU, OUTCOME,
    OUTCOME_NAMES, PASS, PENG, PHASE, PH_CLAIM, PH_DISCARD, PH_OVER, PLAYING, PTS, QUAD, SELFTURN,
    SHORT, SP, SRC, SRCKIND, STAKE, STATE_SIZE, STOCK, TABLE, TRI, TUOT, TURNS, WIN, WINNER, WTUO,
    XIAO, YAN, log, sizes,
)
from sim.rng import shuffle_prefix


@njit(cache=True)
def start_hand(s: np.ndarray, hands: np.ndarray, stock: np.ndarray, sp: int, dealer: int,
               cfg: np.ndarray) -> None:
    """Start from dealt cards (``int16[players, 21]``) and the deck order (``stock[sp:]`` is the
    stock, of 84 cards per deck): lay and replace every 暗 / 亮 / 燕 in seat order, check 天胡,
    wait for the discard."""
    s[:] = 0
    for i in range(CFG_SIZE):
        s[CFG + i] = cfg[i]
    n = cfg[C_NP]
    s[NP] = n
    s[DEALER] = dealer
    s[XIAO] = (dealer + 3) % 4 if cfg[C_DEAL] else -1
    s[NCARDS] = DECK_SIZE * cfg[C_DECKS]
    for i in range(s[NCARDS]):
        s[STOCK + i] = stock[i]
    s[SP] = sp
    seat_hands(s, hands, n, HAND, NHAND)
    for p in range(n):
        s[SHORT + p] = cfg[C_DECKS] == 1 and (p - dealer) % n >= 4  # 5th and 6th seats, one deck
        log(s, EV_DEAL, p, s[NHAND + p])
    s[WINNER] = -1
    s[CARD] = -1
    s[SRC] = -1
    for j in range(n):
        settle(s, (dealer + j) % n, 0)
    for j in range(n):
        p = (dealer + j) % n
        if wins(s, p):
            finish(s, p, NATURAL)
            return
    s[ACTOR] = dealer
    s[PHASE] = PH_DISCARD


@njit(cache=True)
def shuffle_deck(rng: np.ndarray, cfg: np.ndarray, deck: np.ndarray) -> int:
    """Shuffle the deck(s) into ``deck[:84 × decks]`` (the deal's only draws from ``rng``);
    returns the number of cards."""
    if cfg[C_DECKS] == 1:
        d = deck[:DECK_SIZE]
        d[:] = DECK1
    else:
        d = deck[:MAX_CARDS]
        d[:] = DECK2
    shuffle_prefix(rng, d, d.shape[0])
    return d.shape[0]


@njit(cache=True)
def deal_order(deck: np.ndarray, dealer: int, cfg: np.ndarray, hands: np.ndarray) -> int:
    """Deal the arrangement ``deck`` (type codes in draw order) from the 头家 on, each seat
    its block of the deal sizes in seat order; returns the first stock position."""
    size = np.zeros(MAXP, dtype=np.int64)
    n = sizes(cfg, size)
    hands[:] = 0
    pos = 0
    for j in range(n):
        p = (dealer + j) % n
        for _ in range(size[j]):
            hands[p, deck[pos]] += 1
            pos += 1
    return pos


@njit(cache=True)
def deal_cards(rng: np.ndarray, dealer: int, cfg: np.ndarray, hands: np.ndarray,
               deck: np.ndarray) -> int:
    """Shuffle the deck(s) into ``deck[:84 × decks]`` and deal from the 头家 on; returns the
    first stock position."""
    shuffle_deck(rng, cfg, deck)
    return deal_order(deck, dealer, cfg, hands)


@njit(cache=True)
def deal_hand(s: np.ndarray, deck: np.ndarray, dealer: int, cfg: np.ndarray) -> None:
    """Start the hand from the arrangement ``deck`` (int16, 84 × decks cards in draw order):
    the hands as :func:`deal_order` deals them, the rest the stock in that order."""
    hands = np.zeros((MAXP, N_TYPES), dtype=np.int16)
    sp = deal_order(deck, dealer, cfg, hands)
    start_hand(s, hands, deck, sp, dealer, cfg)


@njit(cache=True)
def new_hand(s: np.ndarray, seed: np.uint64, dealer: int, cfg: np.ndarray) -> None:
    """Deal the hand with this seed and start it: :func:`shuffle_deck`, then
    :func:`deal_hand` (which a card-by-card deal calls too)."""
    rng = np.zeros(1, dtype=np.uint64)
    rng[0] = seed
    deck = np.empty(MAX_CARDS, dtype=np.int16)
    shuffle_deck(rng, cfg, deck)
    deal_hand(s, deck, dealer, cfg)


@njit(cache=True)
def _ask_seat(s: np.ndarray, i: int) -> int:
    """The seat asked at position ``i`` of the offer's order (-1: skipped)."""
    n = s[NP]
    j = i % n
    if s[SRCKIND] == FROM_DISCARD:
        if j == n - 1:
            return -1
        return (s[SRC] + 1 + j) % n
    return (s[SRC] + j) % n


@njit(cache=True)
def options(s: np.ndarray, p: int, stage: int, out: np.ndarray) -> int:
    """Claims of seat ``p`` on the offered card at stage 0 (碰 杠 燕) or 1 (摆); no PASS."""
    cfg = s[CFG:CFG + CFG_SIZE]
    c = s[CARD]
    h = HAND + p * N_TYPES
    n = 0
    if stage == 0:
        if s[h + c] >= 2:
            out[n] = PENG
            n += 1
        if s[TRI + p * N_TYPES + c] > 0:
            out[n] = GANG
            n += 1
        if cfg[C_YAN] and (c == 9 or c == 15 or c == 16):
            ok = True
            for k in (9, 15, 16):
                if k != c and s[h + k] == 0:
                    ok = False
            if ok:
                out[n] = YAN
                n += 1
        return n
    if s[SHORT + p]:
        return 0
    if cfg[C_CHI_NEXT]:
        want = s[SRC] if s[SRCKIND] == FROM_TURN else (s[SRC] + 1) % s[NP]
        if p != want:
            return 0
    if cfg[C_KOU] and s[KOU + p * N_TYPES + c]:
        return 0  # 扣: a type it discarded or declined to 吃 before
    # seven_pair: where 7 + 7 is a group, sevens held in even number are all paired, and
    # none of them may be split off to 吃
    paired = cfg[C_SEVEN_PAIR] and sums_to(9, 9, cfg) and _sevens(s, p) % 2 == 0  # 9: 幺六, a seven
    for k in range(N_TYPES):
        if s[h + k] > 0 and sums_to(k, c, cfg) and not (paired and TOTAL[k] == 7):
            out[n] = BAI + k
            n += 1
    return n


@njit(cache=True)
def _sevens(s: np.ndarray, p: int) -> int:
    """Cards of pip total 7 in ``p``'s hand."""
    n = 0
    for k in range(N_TYPES):
        if TOTAL[k] == 7:
            n += s[HAND + p * N_TYPES + k]
    return n


@njit(cache=True)
def must_che(s: np.ndarray, p: int) -> bool:
    """Whether ``p`` must 扯 the offered card (option ``seven_che``: a seven it can 扯, not the 小家)."""
    c = s[CARD]
    return (s[CFG + C_SEVEN_CHE] != 0 and TOTAL[c] == 7 and p != s[XIAO]
            and s[HAND + p * N_TYPES + c] >= 2)


@njit(cache=True)
def _offer_loop(s: np.ndarray, turner: int) -> None:
    """Find the next seat to ask about the offered card; when nobody takes it (or ``turner``
    >= 0), turn up stock cards until someone may take one, a short hand keeps one, or the
    stock runs out."""
    tmp = np.empty(MAX_ACTIONS, dtype=np.int16)
    while True:
        if turner < 0:
            n2 = 2 * s[NP]
            i = s[ASKI]
            while i < n2:
                p = _ask_seat(s, i)
                if p >= 0 and options(s, p, i // s[NP], tmp) > 0:
                    s[ASKI] = i
                    s[ACTOR] = p
                    return
                i += 1
            s[DEAD + s[CARD]] += 1
            log(s, EV_DEADCARD, s[SRC], s[CARD])
            turner = (s[SRC] + 1) % s[NP]
            s[CARD] = -1
        if s[SP] >= s[NCARDS]:
            finish(s, -1, DRAW)
            return
        s[TURNS] += 1
        if s[SHORT + turner]:
            c = _draw(s, turner)
            s[SELFTURN] = 1
            log(s, EV_TAKE, turner, c)
            settle(s, turner, 0)
            if wins(s, turner):
                finish(s, turner, WIN)
            else:
                s[PHASE] = PH_DISCARD
                s[ACTOR] = turner
            return
        c = s[STOCK + s[SP]]
        s[SP] += 1
        log(s, EV_TURN, turner, c)
        s[CARD] = c
        s[SRC] = turner
        s[SRCKIND] = FROM_TURN
        s[ASKI] = 0
        s[PHASE] = PH_CLAIM
        turner = -1


@njit(cache=True)
def legal_actions(s: np.ndarray, out: np.ndarray) -> int:
    """Write the legal action codes of the seat to act into ``out``; return how many."""
    p = s[ACTOR]
    if p < 0:
        return 0
    if s[PHASE] == PH_DISCARD:
        n = 0
        for k in range(N_TYPES):
            if s[HAND + p * N_TYPES + k] > 0:
                out[n] = k
                n += 1
        return n
    stage = s[ASKI] // s[NP]
    n = options(s, p, stage, out)
    if stage == 0 and must_che(s, p):
        return n
    out[n] = PASS
    return n + 1


@njit(cache=True)
def _lay_claim(s: np.ndarray, p: int, a: int, c: int, cfg: np.ndarray) -> None:
    """Lay the group of claim ``a`` (碰, 杠, 燕 or 摆) of seat ``p`` on the offered card ``c``
    and steal what it earns."""
    h = HAND + p * N_TYPES
    t = TABLE + p * N_TYPES
    if a == PENG:
        s[h + c] -= 2
        s[NHAND + p] -= 2
        s[t + c] += 3
        s[TRI + p * N_TYPES + c] += 1
        s[TUOT + p] += ident_tuo(c, 3)
        log(s, EV_PENG, p, c)
        settle(s, p, cfg[C_PENG_TOU])
    elif a == GANG:
        s[t + c] += 1
        i = p * N_TYPES + c
        if 3 * s[TRI + i] == s[HID + i]:  # no open 碰 of this type: a face-down 暗 is opened
            s[HID + i] -= 3
        s[TRI + i] -= 1
        s[QUAD + i] += 1
        s[TUOT + p] += ident_tuo(c, 4) - ident_tuo(c, 3)
        log(s, EV_GANG, p, c)
        settle(s, p, cfg[C_GANG_TOU])
    elif a == YAN:
        for k in (9, 15, 16):
            if k != c:
                s[h + k] -= 1
                s[NHAND + p] -= 1
            s[t + k] += 1
        log(s, EV_CLAIM_YAN, p, c)
        settle(s, p, cfg[C_PENG_TOU])
    else:
        k = a - BAI
        s[h + k] -= 1
        s[NHAND + p] -= 1
        s[t + k] += 1
        s[t + c] += 1
        s[TUOT + p] += RED[k] + RED[c]
        log(s, EV_BAI, p, k)


@njit(cache=True)
def apply_action(s: np.ndarray, a: int) -> None:
    """Make the action ``a`` (assumed legal) for the seat to act and move on."""
    p = s[ACTOR]
    cfg = s[CFG:CFG + CFG_SIZE]
    s[NDEC] += 1
    h = HAND + p * N_TYPES
    if s[PHASE] == PH_DISCARD:
        s[h + a] -= 1
        s[NHAND + p] -= 1
        s[TURNS] += 1
        s[KOU + p * N_TYPES + a] = 1
        log(s, EV_DISCARD, p, a)
        s[CARD] = a
        s[SRC] = p
        s[SRCKIND] = FROM_DISCARD
        s[ASKI] = 0
        s[PHASE] = PH_CLAIM
        _offer_loop(s, -1)
        return
    if a == PASS:
        if s[ASKI] >= s[NP]:  # declined to 摆/吃 this card
            s[KOU + p * N_TYPES + s[CARD]] = 1
        s[ASKI] += 1
        _offer_loop(s, -1)
        return
    c = s[CARD]
    s[CARD] = -1
    s[NCLAIM] += 1
    s[SELFTURN] = s[SRCKIND] == FROM_TURN and s[SRC] == p
    _lay_claim(s, p, a, c, cfg)
    if wins(s, p):
        finish(s, p, WIN)
        return
    if s[NHAND + p] == 0:  # nothing to discard: the next seat turns up a card
        _offer_loop(s, (p + 1) % s[NP])
        return
    s[PHASE] = PH_DISCARD
    s[ACTOR] = p


@njit(cache=True)
def run_forced(s: np.ndarray, out: np.ndarray) -> int:
    """Make every action that is the only legal one, up to the next real decision; returns
    the number of legal actions (in ``out``), 0 at the end."""
    while s[ACTOR] >= 0:
        n = legal_actions(s, out)
        if n != 1:
            return n
        apply_action(s, out[0])
        s[FORCED] += 1
    return 0


@njit(cache=True)
def card_total(s: np.ndarray) -> int:
    """Cards in hands, on tables, dead, in the stock and on offer (84 per deck at every moment)."""
    n = s[NCARDS] - s[SP]
    for i in range(MAXP * N_TYPES):
        n += s[HAND + i] + s[TABLE + i]
    for k in range(N_TYPES):
        n += s[DEAD + k]
    if s[PHASE] == PH_CLAIM and s[CARD] >= 0:
        n += 1
    return n
