"""跑胡子 engine state: the layout of the ``int16`` state vector, the codes of actions,
stages, decisions, outcomes and events, and small accessors of one seat's cards and melds."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.events import event_log
from sim.games.zipai.cards import N_KINDS
from sim.games.zipai.deal import N_SEATS, STOCK_CARDS
# the rules' slots of the config vector are laid out with the options, in rules.py
from sim.games.zipai.rules import (CFG_MIN, CFG_MT, CFG_MULTI, CFG_TL, CFG_TUN,  # noqa: F401
                                   CFG_ZIMO, MULTI_REDEAL, MULTI_SKIP, N_CFG)
from sim.games.zipai.melds import MAX_PLANS, MAX_PLAN_GROUPS, M_PAO, M_TI, MELD_SIZE
from sim.games.zipai.scoring import WORK_SIZE, best_win_kernel, table_state


# ---------------------------------------------------------------- state layout
MAXM = 12  # table melds per seat
MAXEV = 320  # event records per hand
HAND = 0  # [3, 20] concealed cards
MK = HAND + N_SEATS * N_KINDS  # [3, MAXM] meld kinds
MV = MK + N_SEATS * MAXM  # [3, MAXM] meld values (card, or group number for 吃)
NM = MV + N_SEATS * MAXM  # [3] number of melds
CHOU = NM + N_SEATS  # [3, 20] 臭牌: 1 = may not 吃/碰 this card any more
CHOUHU = CHOU + N_SEATS * N_KINDS  # [3, 20] 臭胡: table 胡息 when a 胡 was declined, else -1
PILE = CHOUHU + N_SEATS * N_KINDS  # [3, 20] cards in each seat's discard area
DISC = PILE + N_SEATS * N_KINDS  # [3, 20] cards each seat discarded from his hand
XIANG = DISC + N_SEATS * N_KINDS  # [3] 相公 (stuck: may not win any more)
STOCK = XIANG + N_SEATS  # [19] the stock in drawing order
PLANS = STOCK + STOCK_CARDS  # [MAX_PLANS, 3] 吃 plans of the decision on offer
SC = PLANS + MAX_PLANS * MAX_PLAN_GROUPS  # scalars
SP = SC + 0  # next stock position
STAGE = SC + 1  # where the flow is (ST_*)
ACTOR = SC + 2  # seat to decide (-1 when none)
CARD = SC + 3  # the card in play
SRC = SC + 4  # the seat that drew or discarded it
DRAWN = SC + 5  # 1 if the card in play was drawn from the stock, 0 if discarded
ASK = SC + 6  # position in the current round of offers
DEALER = SC + 7
WINNER = SC + 8
WIN_KIND = SC + 9
HUXI = SC + 10
TUN = SC + 11
FAN = SC + 12
PTS = SC + 13  # [3]
N_DEC = SC + 16  # decisions taken
N_EV = SC + 17  # events recorded
LIANG = SC + 18  # the 亮张
N_PLANS = SC + 19
CAN_PENG = SC + 20
OFFER_HUXI = SC + 21  # 胡息 of the 胡 on offer
PAY = SC + 22  # what each loser pays
REDEALS = SC + 23
HU_CARD = SC + 24
PENG_PASSED = SC + 25  # the seat that passed a 碰 of the drawn card in play (keeps his 吃 turn), or -1
SELF_DRAWN = SC + 26  # 1 if the hand's win counts as self-drawn (自摸 囤)
TABLE_VER = SC + 27  # changes whenever a table meld is laid or upgraded (observations use it)
CFG = SC + 28  # rules: [min_huxi, tun_rule, zimo, mingtang, tianhu_liang, multi_ti]
EVT = CFG + 8  # [MAXEV, 3] events: (type, seat, value)
WORK = EVT + MAXEV * 3  # scratch space of the hand evaluator
SCRATCH_PLANS = WORK + WORK_SIZE  # [MAX_PLANS, 3] 吃 plans before the discard check
STATE_SIZE = SCRATCH_PLANS + MAX_PLANS * MAX_PLAN_GROUPS


# ---------------------------------------------------------------- actions
PASS = 20
HU = 21
PENG = 22
CHI = 32
MAX_ACTIONS = CHI + MAX_PLANS

# ---------------------------------------------------------------- flow stages
ST_LIANG_HU = 1  # offer 胡 on the 亮张: ASK = 0 dealer, 1 下家, 2 上家
ST_DRAW = 2  # seat SRC draws
ST_SELF_HU = 3  # SRC made a forced 提/偎 with CARD: SRC may 胡
ST_SHOWN_HU = 4  # CARD drawn by SRC is shown: offer 胡 to SRC, 下家, 上家 (ASK)
ST_CLAIM = 5  # 跑 / 碰 / 吃 on CARD (ASK = offer slot)
ST_DISCARD = 6  # ACTOR discards
ST_DONE = 7

# decision kinds, derived from the stage
D_NONE = 0
D_HU = 1
D_CLAIM = 2
D_DISCARD = 3

# ---------------------------------------------------------------- outcomes
WK_NONE = 0
WK_HUANG = 1  # 荒庄: the stock ran out
WK_ZIMO = 2  # won on his own draw
WK_OTHER = 3  # won on another player's draw
WK_TIAN_TI = 4  # 天胡: three 提 at the deal
WK_TIAN_KAN = 5  # 天胡: five 坎 (提 counted as 坎) at the deal
WK_TIAN_DEALER = 6  # 天胡: the dealer's 21 dealt cards win
WK_TIAN_LIANG = 7  # 天胡: a non-dealer wins on the 亮张
WIN_KIND_NAMES = ("", "荒庄", "自摸", "他摸", "天胡三提", "天胡五坎", "天胡庄家", "天胡亮张")

# ---------------------------------------------------------------- events
EV_DEAL_TI = 1  # 起手提
EV_DRAW = 2
EV_TI = 3
EV_WEI = 4
EV_CHOUWEI = 5
EV_PAO = 6
EV_PENG = 7
EV_CHI = 8  # value = group number (one event per group laid down)
EV_DISCARD = 9
EV_TO_PILE = 10  # a card nobody took goes to the seat's discard area
EV_HU = 11  # value = 胡息
EV_DECLINE_HU = 12
EV_PASS = 13  # declined a 碰 / 吃 (the card becomes 臭 for him)
EV_XIANG = 14  # must discard but cannot: 相公
EV_HUANG = 15
EV_NATURAL = 16
EV_REDEAL = 17
EV_NO_DISCARD = 18  # the card-count invariant lets him skip the discard (八块 / 重跑)
EVENT_NAMES = (
    "", "起手提", "摸", "提", "偎", "臭偎", "跑", "碰", "吃", "打", "弃", "胡", "过胡", "过",
    "相公", "荒庄", "天胡", "重洗", "免打",
)
log = event_log(count=N_EV, start=EVT, capacity=MAXEV)  # log(s, kind, seat, value)



@njit(cache=True)
def xia(seat: int) -> int:
    """The 下家 (next player) of ``seat``."""
    return (seat + 1) % N_SEATS


@njit(cache=True)
def hand_of(s: np.ndarray, seat: int) -> np.ndarray:
    """View of a seat's concealed count vector."""
    return s[HAND + seat * N_KINDS: HAND + (seat + 1) * N_KINDS]


@njit(cache=True)
def melds_of(s: np.ndarray, seat: int) -> tuple[np.ndarray, np.ndarray, int]:
    """(kinds, values, count) of a seat's table melds."""
    return (s[MK + seat * MAXM: MK + (seat + 1) * MAXM], s[MV + seat * MAXM: MV + (seat + 1) * MAXM],
            s[NM + seat])


@njit(cache=True)
def add_meld(s: np.ndarray, seat: int, kind: int, value: int) -> None:
    """Lay a meld on a seat's table."""
    n = s[NM + seat]
    s[MK + seat * MAXM + n] = kind
    s[MV + seat * MAXM + n] = value
    s[NM + seat] = n + 1
    s[TABLE_VER] += 1


@njit(cache=True)
def find_meld(s: np.ndarray, seat: int, card: int, kind1: int, kind2: int) -> int:
    """Index of the seat's same-card meld of ``card`` of kind ``kind1`` or ``kind2``, or -1."""
    for j in range(s[NM + seat]):
        k = s[MK + seat * MAXM + j]
        if s[MV + seat * MAXM + j] == card and (k == kind1 or k == kind2):
            return j
    return -1


@njit(cache=True)
def quads_of(s: np.ndarray, seat: int) -> int:
    """Number of 提/跑 a seat owns."""
    q = 0
    for j in range(s[NM + seat]):
        k = s[MK + seat * MAXM + j]
        if k == M_TI or k == M_PAO:
            q += 1
    return q


@njit(cache=True)
def cards_held(s: np.ndarray, seat: int) -> int:
    """Concealed cards plus table meld cards of a seat."""
    n = 0
    for k in range(N_KINDS):
        n += s[HAND + seat * N_KINDS + k]
    for j in range(s[NM + seat]):
        n += MELD_SIZE[s[MK + seat * MAXM + j]]
    return n


@njit(cache=True)
def target_held(s: np.ndarray, seat: int) -> int:
    """Cards a seat must hold after his turn: 20 + max(0, q − 1)."""
    q = quads_of(s, seat)
    return 20 + (q - 1 if q > 1 else 0)


@njit(cache=True)
def table_huxi(s: np.ndarray, seat: int) -> int:
    """The seat's current 胡息 (of its table melds; the seed's 当前得息数)."""
    mk, mv, n = melds_of(s, seat)
    h, _ = table_state(mk, mv, n)
    return h


@njit(cache=True)
def has_discard(s: np.ndarray, seat: int) -> bool:
    """Whether the seat holds a card it may discard (any card outside a 坎)."""
    for k in range(N_KINDS):
        c = s[HAND + seat * N_KINDS + k]
        if c == 1 or c == 2:
            return True
    return False


@njit(cache=True)
def win_huxi(s: np.ndarray, seat: int, card: int, self_drawn: bool) -> int:
    """胡息 with which ``seat`` may win on ``card`` now (臭胡 and 相公 respected), or -1."""
    if s[XIANG + seat] != 0:
        return -1
    mk, mv, n = melds_of(s, seat)
    h = best_win_kernel(hand_of(s, seat), mk, mv, n, card, self_drawn, s[CFG + CFG_MIN],
                        s[WORK: WORK + WORK_SIZE])
    if h >= 0:
        declined = s[CHOUHU + seat * N_KINDS + card]
        if declined >= 0 and declined == table_huxi(s, seat):
            return -1
    return h
