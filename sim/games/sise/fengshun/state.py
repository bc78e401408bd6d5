"""The 丰顺 engine state: one ``int64`` vector per hand, its layout, actions and events.

Seats 0, 1, 2 in playing order; the 下家 of seat ``s`` is ``(s + 1) % 3`` and its 上家
``(s + 2) % 3``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import DECK_SIZE, N_KINDS

N_SEATS = 3
DEALER_CARDS, PLAYER_CARDS = 21, 20
MAXM = 12  # table groups per seat
MAXEV = 160

HAND = 0  # [3, 28] concealed counts
TABLE = HAND + N_SEATS * N_KINDS  # [3, 28] cards in each seat's table groups (public)
PILE = TABLE + N_SEATS * N_KINDS  # [3, 28] each seat's unclaimed discards (public)
MT = PILE + N_SEATS * N_KINDS  # [3, MAXM] table group types (M_*)
MV = MT + N_SEATS * MAXM  # [3, MAXM] kind (碰, 杠) or group number (吃)
NM = MV + N_SEATS * MAXM  # [3]
MSC = NM + N_SEATS  # [3] value of each seat's table groups
SCORE = MSC + N_SEATS  # [3] each winner's score
PTS = SCORE + N_SEATS  # [3] points won (+) or paid (-)
STOCK = PTS + N_SEATS  # [112] the shuffled deck; the stock is STOCK[SP:SE]
CFG = STOCK + DECK_SIZE  # [4] rules vector (scoring.CFG_*)
SC = CFG + 4
SP, SE, STAGE, ACTOR, CARD, SRC, ASK, DEALER = (SC + i for i in range(8))
N_WIN, WINMASK, PAO, SELF, HOW, N_DEC, N_EV, DEALS = (SC + 8 + i for i in range(8))
EVT = SC + 16  # [MAXEV, 3]
STATE_SIZE = EVT + MAXEV * 3

# actions: 0..27 discard that kind
PASS, PENG, GANG = 28, 29, 30
CHI = 32  # CHI + a * 28 + b: 吃 with the hand cards of kinds a < b (the group is found from them)
MAX_ACTIONS = CHI + N_KINDS * N_KINDS

# stages
ST_DISCARD, ST_OFFER, ST_DONE = 1, 2, 3
# table group types
M_CHI, M_PENG, M_GANG = 1, 2, 3
MELD_NAMES = ("", "吃", "碰", "杠")
# how a hand ended
HOW_NONE, HOW_SELF, HOW_DISCARD, HOW_STOCK, HOW_HIGHEST = 0, 1, 2, 3, 4
HOW_NAMES = ("", "self-drawn", "discard", "stock out", "highest score")
# events
EV_DRAW, EV_DISCARD, EV_CHI, EV_PENG, EV_GANG, EV_HU, EV_STOCK, EV_SKIP = range(1, 9)
EVENT_NAMES = ("", "摸", "打", "吃", "碰", "杠", "和", "流局", "无牌可打")


@njit(cache=True)
def xia(seat: int) -> int:
    """The 下家 (next player) of ``seat``."""
    return (seat + 1) % N_SEATS


@njit(cache=True)
def log(s: np.ndarray, kind: int, seat: int, value: int) -> None:
    """Record an event (the log keeps the first MAXEV)."""
    i = s[N_EV]
    if i < MAXEV:
        s[EVT + 3 * i] = kind
        s[EVT + 3 * i + 1] = seat
        s[EVT + 3 * i + 2] = value
        s[N_EV] = i + 1


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
