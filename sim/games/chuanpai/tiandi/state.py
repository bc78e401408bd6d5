"""The state of a 天地人和 hand: the vector layouts, the deal, and the start of a hand.

The whole state of a hand is one ``int16`` vector (layout below); what one seat sees of it
is laid out in :mod:`sim.games.chuanpai.tiandi.observe`. :func:`new_hand` deals (redealing misdeals), lays out the hard cards
and stops at the dealer's first lead: :func:`shuffle_deck` (the only draws) then
:func:`deal_hand` (the hand from that arrangement), which a card-by-card deal calls too.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import COPIES, DECK_SIZE, N_TYPES
from sim.games.chuanpai.engine import seat_hands
from sim.games.chuanpai.tiandi.rules import C_MISDEAL, CFG_SIZE
from sim.games.events import event_log
from sim.rng import shuffle_prefix

N_SEATS = 3
HAND_SIZE = 28
HARD_TYPES = (17, 20)  # 二红, 丁丁
MAX_REDEALS = 10_000
MAX_ACTIONS = 256
TUOSHOU_HAND = 5  # 脱手: an unbeaten lead leaves 15 摆牌 and these cards in hand

# ---------------------------------------------------------------- state layout
HAND = 0  # [3, 21] cards in hand
LAID = HAND + N_SEATS * N_TYPES  # [3, 21] 摆牌 (hard cards included)
DOWN = LAID + N_SEATS * N_TYPES  # [3, 21] cards each seat played face down
SEEN = DOWN + N_SEATS * N_TYPES  # [21] cards shown face up to everybody
NLAID = SEEN + N_TYPES  # [3]
NHAND = NLAID + N_SEATS  # [3]
LED = NHAND + N_SEATS  # [3] has led a trick
PLAYS = LED + N_SEATS  # [3] this trick's play per seat (code, -1 none)
FDOWN = PLAYS + N_SEATS  # [3] 1 when that play was face down
NHARD = FDOWN + N_SEATS  # [3] hard cards per seat
PTS = NHARD + N_SEATS  # [3] payments
SC = PTS + N_SEATS
DEALER, LEADER, ACTOR, TRICK, SIZE, BEST_SEAT, BEST_KEY, BEST_CODE = range(SC, SC + 8)
TIDX, BAO, FIRST, WINNER, OUTCOME, JIA, FAN, STAKE = range(SC + 8, SC + 16)
REDEALS, NDEC, FORCED, NEV, BAO_PAID, SCRATCH, MODE, TUO_SEAT = range(SC + 16, SC + 24)
DOWN_LEFT = SC + 24  # cards the seat to act still owes face down (a 3- or 4-card lead)
CFG = SC + 25
EV = CFG + CFG_SIZE
MAXEV = 200
STATE_SIZE = EV + 3 * MAXEV

# outcomes
PLAYING, WIN, DRAW, TUOSHOU_DRAWN, TUOSHOU_WON = range(5)
OUTCOME_NAMES = ("playing", "win", "draw", "脱手 draw", "脱手 win")
# events: (kind, seat, value)
EV_HARD, EV_LEAD, EV_BEAT, EV_DOWN, EV_TRICK, EV_TUOSHOU, EV_BAO, EV_END = range(1, 9)
log = event_log(count=NEV, start=EV, capacity=MAXEV)  # log(s, kind, seat, value)
# decision modes
MODE_LEAD, MODE_BEAT, MODE_DOWN = 0, 1, 2

_DECK = np.repeat(np.arange(N_TYPES, dtype=np.int8), COPIES)


@njit(cache=True)
def shuffle_deck(rng: np.ndarray, cards: np.ndarray) -> None:
    """Shuffle the 84 cards into ``cards`` (int8[84]): the deal's only draws from ``rng``."""
    cards[:] = _DECK
    shuffle_prefix(rng, cards, DECK_SIZE)


@njit(cache=True)
def deal_order(cards: np.ndarray, dealer: int, hands: np.ndarray) -> None:
    """Deal the arrangement ``cards`` (type codes in draw order): the dealer gets the first
    28, the next seat the next 28, the last seat the rest."""
    hands[:] = 0
    for j in range(N_SEATS):
        seat = (dealer + j) % N_SEATS
        for t in range(HAND_SIZE * j, HAND_SIZE * (j + 1)):
            hands[seat, cards[t]] += 1


@njit(cache=True)
def deal_cards(rng: np.ndarray, dealer: int, hands: np.ndarray) -> None:
    """Shuffle and deal 28 cards to each seat: the dealer gets the first block."""
    cards = np.empty(DECK_SIZE, dtype=np.int8)
    shuffle_deck(rng, cards)
    deal_order(cards, dealer, hands)


@njit(cache=True)
def no_key_card(hand: np.ndarray) -> bool:
    """Whether a hand holds none of 天, 红九, 黑九 (无天无九)."""
    return hand[0] == 0 and hand[11] == 0 and hand[12] == 0


@njit(cache=True)
def deal_hand(s: np.ndarray, cards: np.ndarray, dealer: int, cfg: np.ndarray, redeals: int) -> bool:
    """Start a hand from the arrangement ``cards``, after ``redeals`` thrown-in deals; return
    False (``s`` untouched) where the rules throw this deal in (a misdeal, redealt)."""
    hands = np.zeros((N_SEATS, N_TYPES), dtype=np.int16)
    deal_order(cards, dealer, hands)
    bad = no_key_card(hands[0]) or no_key_card(hands[1]) or no_key_card(hands[2])
    if bad and not cfg[C_MISDEAL] and redeals < MAX_REDEALS:
        return False
    start_hand(s, hands, dealer, cfg, redeals)
    return True


@njit(cache=True)
def new_hand(s: np.ndarray, seed: np.uint64, dealer: int, cfg: np.ndarray) -> None:
    """Deal a hand (redealing misdeals), lay out the hard cards, and wait for the lead."""
    rng = np.zeros(1, dtype=np.uint64)
    rng[0] = seed
    cards = np.empty(DECK_SIZE, dtype=np.int8)
    redeals = 0
    while True:
        shuffle_deck(rng, cards)
        if deal_hand(s, cards, dealer, cfg, redeals):
            break
        redeals += 1


@njit(cache=True)
def start_hand(s: np.ndarray, hands: np.ndarray, dealer: int, cfg: np.ndarray, redeals: int) -> None:
    """Start a hand from dealt cards (``int16[3, 21]``): lay out hard cards, wait for the lead."""
    s[:] = 0
    for i in range(CFG_SIZE):
        s[CFG + i] = cfg[i]
    s[REDEALS] = redeals
    seat_hands(s, hands, N_SEATS, HAND, NHAND)
    for p in range(N_SEATS):
        for k in HARD_TYPES:
            c = s[HAND + p * N_TYPES + k]
            s[HAND + p * N_TYPES + k] = 0
            s[LAID + p * N_TYPES + k] += c
            s[SEEN + k] += c
            s[NLAID + p] += c
            s[NHAND + p] -= c
            s[NHARD + p] += c
        log(s, EV_HARD, p, s[NHARD + p])
        s[PLAYS + p] = -1
    s[DEALER] = dealer
    s[LEADER] = dealer
    s[ACTOR] = dealer if s[NHAND + dealer] > 0 else -1
    s[BEST_SEAT] = -1
    s[BEST_KEY] = -1
    s[BEST_CODE] = -1
    s[BAO] = -1
    s[FIRST] = -1
    s[WINNER] = -1
    s[TUO_SEAT] = -1
