"""The 广水 engine state: one ``int64`` vector per hand, its layout, actions and events.

Seats 0, 1, 2 in playing order; the 下家 of seat ``s`` is ``(s + 1) % 3``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.events import event_log
from sim.games.sise.cards import N_KINDS

N_SEATS = 3
DEALER_CARDS, PLAYER_CARDS, STOCK_CARDS = 31, 30, 21
MAXM = 32  # table melds per seat (laid-out 将 included)
MAXEV = 400

HAND = 0  # [3, 28] concealed counts
MT = HAND + N_SEATS * N_KINDS  # [3, MAXM] meld types (scoring.M_*)
MV = MT + N_SEATS * MAXM  # [3, MAXM] meld values (kind, or group number for 吃)
NM = MV + N_SEATS * MAXM  # [3]
DEAD = NM + N_SEATS  # [3, 28] 1 = this seat passed this kind: no claim, no win on it
PILE = DEAD + N_SEATS * N_KINDS  # [3, 28] unused cards each seat drew or discarded
STOCK = PILE + N_SEATS * N_KINDS  # [21]
DECL = STOCK + STOCK_CARDS  # [3] declared action per seat on the card in play (-1 none)
OPTS = DECL + N_SEATS  # [3] bit flags of what each seat could do on the card in play
BAR = OPTS + N_SEATS  # [3] 有子不发 / 有车不出: may not win this hand
XIANG = BAR + N_SEATS  # [3] 相公
PTS = XIANG + N_SEATS  # [3]
HU_FORM = PTS + N_SEATS  # [3] best winning formation per seat on the card in play (action code)
SC = HU_FORM + N_SEATS
SP = SC + 0  # next stock position
STAGE = SC + 1
ACTOR = SC + 2
CARD = SC + 3
SRC = SC + 4
DRAWN = SC + 5
ASK = SC + 6  # position in the offer order
DEALER = SC + 7
WINNER = SC + 8
LEVEL = SC + 9
FU = SC + 10
WIN_LOU = SC + 11
WIN_ITEMS = SC + 12
WIN_LISTED = SC + 13
WIN_HOW = SC + 14  # 0 none, 1 dealt 31, 2 on own draw, 3 on a discard, 4 on another's draw
N_DEC = SC + 15
N_EV = SC + 16
CFG = SC + 17  # [8] rules vector (scoring.CFG_*)
EVT = CFG + 8  # [MAXEV, 3]
STATE_SIZE = EVT + MAXEV * 3

# ------------------------------------------------------------------ actions
PASS = N_KINDS  # 28
HU = 29
FAZI = 30
PENG = 31
ZHAN = 32
LAY = 33  # the drawn 将 laid out (only inside HU_FORM: a win by laying it out)
CHI = 40  # CHI + group number of the 圆
MAX_ACTIONS = CHI + 100

# ------------------------------------------------------------------ stages
ST_DEALER_HU = 1  # the dealer may win on his 31 dealt cards
ST_DISCARD = 2
ST_OFFER = 3  # CARD from SRC is offered (ASK = position in the order)
ST_DRAW = 4  # seat SRC + 1 draws
ST_DONE = 5

# ------------------------------------------------------------------ events
EV_DRAW, EV_DISCARD, EV_CHI, EV_PENG, EV_FAZI, EV_ZHAN, EV_LAY, EV_DEAD = 1, 2, 3, 4, 5, 6, 7, 8
EV_HU, EV_CHUAN, EV_XIANG, EV_BAR, EV_PASS = 9, 10, 11, 12, 13
EVENT_NAMES = ("", "起", "打", "吃", "碰", "发子", "占", "亮将", "过牌", "胡", "穿牌", "相公", "有子不发",
               "过")
log = event_log(count=N_EV, start=EVT, capacity=MAXEV)  # log(s, kind, seat, value)

WIN_HOW_NAMES = ("", "dealt", "own draw", "discard", "other's draw")

# option flags (OPTS)
O_HU, O_FAZI, O_PENG, O_CHI, O_ZHAN, O_CHE = 1, 2, 4, 8, 16, 32


@njit(cache=True)
def priority(action: int) -> int:
    """Claim priority: 胡 5 > 发子 4 > 碰 3 > 吃 2 > 占 1 > pass 0."""
    if action == HU:
        return 5
    if action == FAZI:
        return 4
    if action == PENG:
        return 3
    if action >= CHI:
        return 2
    if action == ZHAN:
        return 1
    return 0


@njit(cache=True)
def xia(seat: int) -> int:
    """The 下家 (next player) of ``seat``."""
    return (seat + 1) % N_SEATS


@njit(cache=True)
def add_meld(s: np.ndarray, seat: int, kind: int, value: int) -> None:
    """Lay a group on a seat's table."""
    j = s[NM + seat]
    s[MT + seat * MAXM + j] = kind
    s[MV + seat * MAXM + j] = value
    s[NM + seat] = j + 1
