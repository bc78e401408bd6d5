"""The 丰顺 engine state: one ``int64`` vector per hand, its layout, actions and events.

Seats 0 .. n-1 in playing order (n = ``s[NS]``, 2 to 4); the 下家 of seat ``s`` is
``(s + 1) % n`` and its 上家 ``(s - 1) % n``. Per-seat blocks are laid out for
``MAX_SEATS`` seats whatever n is, and the stock for two decks.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.events import event_log
from sim.games.sise.cards import DECK_SIZE, N_KINDS

N_SEATS = 3  # the seed's table
MAX_SEATS = 4
MAX_DECK = 2 * DECK_SIZE
DEALER_CARDS, PLAYER_CARDS = 21, 20
MAXM = 24  # table groups per seat (laid-out 将 count too)
MAXEV = 400

HAND = 0  # [MAX_SEATS, 28] concealed counts
TABLE = HAND + MAX_SEATS * N_KINDS  # [MAX_SEATS, 28] cards in each seat's table groups (public)
PILE = TABLE + MAX_SEATS * N_KINDS  # [MAX_SEATS, 28] each seat's unclaimed discards (public)
MT = PILE + MAX_SEATS * N_KINDS  # [MAX_SEATS, MAXM] table group types (M_*)
MV = MT + MAX_SEATS * MAXM  # [MAX_SEATS, MAXM] kind (碰, 杠) or group number (吃)
NM = MV + MAX_SEATS * MAXM  # [MAX_SEATS]
MSC = NM + MAX_SEATS  # [MAX_SEATS] value of each seat's table groups
SCORE = MSC + MAX_SEATS  # [MAX_SEATS] each winner's score
PTS = SCORE + MAX_SEATS  # [MAX_SEATS] points won (+) or paid (-)
STOCK = PTS + MAX_SEATS  # [224] the shuffled deck(s); the stock is STOCK[SP:SE]
CFG = STOCK + MAX_DECK  # [8] rules vector (scoring.CFG_*)
SC = CFG + 8
SP, SE, STAGE, ACTOR, CARD, SRC, ASK, DEALER = (SC + i for i in range(8))
N_WIN, WINMASK, PAO, SELF, HOW, N_DEC, N_EV, DEALS = (SC + 8 + i for i in range(8))
NS, COPIES = SC + 16, SC + 17  # seats at the table, copies of each kind in the deck(s)
EVT = SC + 20  # [MAXEV, 3]
STATE_SIZE = EVT + MAXEV * 3

# actions: 0..27 discard that kind
PASS, PENG, GANG = 28, 29, 30
CHI = 32  # CHI + a * 28 + b: 吃 with the hand cards of kinds a < b (the group is found from them)
MAX_ACTIONS = CHI + N_KINDS * N_KINDS

# stages (ST_OFFER: a discard on offer; ST_SHOWN: a card turned up from the wall on offer)
ST_DISCARD, ST_OFFER, ST_DONE, ST_SHOWN = 1, 2, 3, 4
# table group types
M_CHI, M_PENG, M_GANG, M_JIANG = 1, 2, 3, 4
MELD_NAMES = ("", "吃", "碰", "杠", "亮")
# how a hand ended
HOW_NONE, HOW_SELF, HOW_DISCARD, HOW_STOCK, HOW_HIGHEST, HOW_SHOWN = 0, 1, 2, 3, 4, 5
HOW_NAMES = ("", "self-drawn", "discard", "stock out", "highest score", "turned-up card")
# events
EV_DRAW, EV_DISCARD, EV_CHI, EV_PENG, EV_GANG, EV_HU, EV_STOCK, EV_SKIP, EV_SHOW, EV_DEAD, EV_JIANG = (
    range(1, 12))
EVENT_NAMES = ("", "摸", "打", "吃", "碰", "杠", "和", "流局", "无牌可打", "翻", "无人要", "亮将")
log = event_log(count=N_EV, start=EVT, capacity=MAXEV)  # log(s, kind, seat, value)


@njit(cache=True)
def xia(s: np.ndarray, seat: int) -> int:
    """The 下家 (next player) of ``seat``."""
    return (seat + 1) % s[NS]


@njit(cache=True)
def chi_code(a: int, b: int) -> int:
    """The action code of a 吃 with hand cards of kinds ``a`` and ``b`` (any order)."""
    if a > b:
        a, b = b, a
    return CHI + a * N_KINDS + b


@njit(cache=True)
def chi_cards(code: int) -> tuple:
    """The two hand kinds (a < b) of a 吃 action code."""
    x = code - CHI
    return x // N_KINDS, x % N_KINDS
