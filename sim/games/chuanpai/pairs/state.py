"""The state of a pairing-game hand: vector layouts, the deal and the deal-time 偷 loop.

The whole state is one ``int16`` vector (layout below) with room for 6 seats; what one
seat sees of it is laid out in :mod:`sim.games.chuanpai.pairs.observe`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import COPIES, DECK_SIZE, N_TYPES
from sim.games.chuanpai.pairs.rules import C_DEAL, C_DECKS, C_NP, CFG_SIZE
from sim.games.events import event_log

MAXP = 6
MAX_ACTIONS = 32
MAX_DECKS = 2
MAX_CARDS = MAX_DECKS * DECK_SIZE  # 168

# ---------------------------------------------------------------- state layout
HAND = 0  # [6, 21] cards in hand
TABLE = HAND + MAXP * N_TYPES  # [6, 21] cards in groups on the table (face-down 暗 included)
HID = TABLE + MAXP * N_TYPES  # [6, 21] of which face down (暗)
TRI = HID + MAXP * N_TYPES  # [6, 21] the seat's columns of three identical (碰/暗) of that type
QUAD = TRI + MAXP * N_TYPES  # [6, 21] its columns of four identical (亮/杠)
KOU = QUAD + MAXP * N_TYPES  # [6, 21] 1: types the seat discarded or declined to 吃 (option kou)
DEAD = KOU + MAXP * N_TYPES  # [21] offered cards nobody took
STOCK = DEAD + N_TYPES  # [168] the shuffled deck(s); the stock is STOCK[SP:NCARDS]
NHAND = STOCK + MAX_CARDS  # [6]
TUOT = NHAND + MAXP  # [6] 坨 of the seat's table columns
SHORT = TUOT + MAXP  # [6] 1 for a short hand (no 摆)
NTOU = SHORT + MAXP  # [6] cards stolen per seat
PTS = NTOU + MAXP  # [6]
SC = PTS + MAXP
NP, DEALER, ACTOR, PHASE, CARD, SRC, SRCKIND, ASKI = range(SC, SC + 8)
SP, WINNER, OUTCOME, TURNS, FAN, WTUO, STAKE, NDEC = range(SC + 8, SC + 16)
FORCED, NEV, XIAO, NCLAIM, NCARDS, SELFTURN = range(SC + 16, SC + 22)
CFG = SC + 22
EV = CFG + CFG_SIZE
MAXEV = 720  # enough for any hand: at most about 4 events per card of two decks (168)
STATE_SIZE = EV + 3 * MAXEV

# phases, sources, outcomes
PH_DISCARD, PH_CLAIM, PH_OVER = 0, 1, 2
FROM_DISCARD, FROM_TURN = 0, 1
PLAYING, WIN, NATURAL, DRAW = range(4)
OUTCOME_NAMES = ("playing", "win", "natural", "draw")
# events: (kind, seat, value)
(EV_DEAL, EV_AN, EV_YAN, EV_LIANG, EV_TOU, EV_DISCARD, EV_TURN, EV_PENG, EV_GANG, EV_CLAIM_YAN,
 EV_BAI, EV_TAKE, EV_DEADCARD, EV_END) = range(1, 15)
EVENT_NAMES = ("", "deal", "暗", "燕", "亮", "偷", "打", "翻", "碰", "杠", "燕 (claimed)", "摆",
               "take", "no taker", "end")
log = event_log(count=NEV, start=EV, capacity=MAXEV)  # log(s, kind, seat, value)

# ---------------------------------------------------------------- actions
PASS, PENG, GANG, YAN = 100, 101, 102, 103
BAI = 110  # 110 + hand type: 摆 that card with the offered one
# discards are the card type 0–20

DECK1 = np.repeat(np.arange(N_TYPES, dtype=np.int16), COPIES)
DECK2 = np.repeat(np.arange(N_TYPES, dtype=np.int16), 2 * COPIES)


@njit(cache=True)
def sizes(cfg: np.ndarray, out: np.ndarray) -> int:
    """Deal sizes from the 头家 into ``out``; returns the number of players."""
    np_ = cfg[C_NP]
    if cfg[C_DEAL]:  # 斗十四
        out[0], out[1], out[2], out[3] = 18, 17, 17, 5
        return 4
    out[0] = 16
    for j in range(1, np_):
        out[j] = 15
    if cfg[C_DECKS] > 1:  # two decks: full hands for everyone
        return np_
    if np_ == 5:
        out[4] = 3
    elif np_ == 6:
        out[4] = 5
        out[5] = 3
    return np_
