"""跑胡子 rules engine: one set of compiled functions used by both drivers.

The whole state of a hand is one ``int16`` vector (layout below). :func:`new_hand` deals
and runs the game up to the first decision; :func:`legal_actions` lists the choices of the
player to act; :func:`apply_action` applies one and runs every forced move (提, 偎, 跑,
passing on a card nobody may claim, 荒庄, …) until the next decision or the end.
The Python driver (:mod:`sim.games.zipai.game`) and the batch driver
(:mod:`sim.games.zipai.batch`) call exactly these functions.

Actions are small integers: ``0–19`` discard that kind, ``PASS``, ``HU``, ``PENG``, and
``CHI + j`` for the ``j``-th 吃 plan (the plans are stored in the state when the decision
is offered, in the order of :func:`sim.games.zipai.melds.chi_plans`).

Seats are 0, 1, 2 in playing order: the 下家 of seat ``s`` is ``(s + 1) % 3``.
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
from sim.games.zipai.melds import (
    GROUPS,
    MAX_PLANS,
    MAX_PLAN_GROUPS,
    M_CHI,
    M_CHOUWEI,
    M_PAO,
    M_PENG,
    M_TI,
    M_WEI,
    MELD_SIZE,
    chi_plans,
)
from sim.games.zipai.scoring import (
    WORK_SIZE,
    ZIMO_DOUBLE,
    ZIMO_TUN,
    best_win_kernel,
    dealt_win_kernel,
    mingtang_fan,
    natural_huxi,
    red_count,
    table_state,
    tun_of,
)

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

CFG_MIN, CFG_TUN, CFG_ZIMO, CFG_MT, CFG_TL, CFG_MULTI = 0, 1, 2, 3, 4, 5
N_CFG = 6
MULTI_SKIP = 0
MULTI_REDEAL = 1

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


@njit(cache=True)
def xia(seat: int) -> int:
    """The 下家 (next player) of ``seat``."""
    return (seat + 1) % N_SEATS


@njit(cache=True)
def log(s: np.ndarray, kind: int, seat: int, value: int) -> None:
    """Append an event record."""
    n = s[N_EV]
    if n < MAXEV:
        s[EVT + 3 * n] = kind
        s[EVT + 3 * n + 1] = seat
        s[EVT + 3 * n + 2] = value
        s[N_EV] = n + 1


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


# ---------------------------------------------------------------- scoring
@njit(cache=True)
def finish_win(s: np.ndarray, seat: int, kind: int, huxi: int, self_drawn: bool, card: int) -> None:
    """End the hand with a win and settle: each loser pays 囤 × 番 (zero-sum)."""
    s[WINNER] = seat
    s[WIN_KIND] = kind
    s[HUXI] = huxi
    if kind == WK_ZIMO or kind == WK_OTHER:
        s[HU_CARD] = card  # a shown card that belongs to no hand
    tun = tun_of(huxi, s[CFG + CFG_MIN], s[CFG + CFG_TUN])
    if tun < 1:
        tun = 1
    mult = 1
    if self_drawn:
        if s[CFG + CFG_ZIMO] == ZIMO_TUN:
            tun += 1
        elif s[CFG + CFG_ZIMO] == ZIMO_DOUBLE:
            mult = 2
    fan = 1
    if s[CFG + CFG_MT] != 0:
        mk, mv, n = melds_of(s, seat)
        hand = hand_of(s, seat)
        red = red_count(hand, mk, mv, n, card)
        fan = mingtang_fan(red, _all_same(s, seat, card))
    s[TUN] = tun
    s[FAN] = fan
    s[SELF_DRAWN] = 1 if self_drawn else 0
    pay = tun * fan * mult
    s[PAY] = pay
    for p in range(N_SEATS):
        s[PTS + p] = 2 * pay if p == seat else -pay
    s[STAGE] = ST_DONE
    s[ACTOR] = -1
    log(s, EV_HU, seat, huxi)


@njit(cache=True)
def _all_same(s: np.ndarray, seat: int, card: int) -> bool:
    """对子胡: no 吃 on the table and the concealed cards (+ win card) hold only
    坎 / 提 sets and at most one pair."""
    mk, mv, n = melds_of(s, seat)
    for j in range(n):
        if mk[j] == M_CHI:
            return False
    pairs = 0
    for k in range(N_KINDS):
        c = s[HAND + seat * N_KINDS + k] + (1 if k == card else 0)
        if c == 1:
            return False
        if c == 2:
            pairs += 1
    return pairs <= 1


@njit(cache=True)
def finish_huang(s: np.ndarray) -> None:
    """荒庄: the stock is empty and nobody won; nobody pays, the dealer stays."""
    s[WINNER] = -1
    s[WIN_KIND] = WK_HUANG
    s[STAGE] = ST_DONE
    s[ACTOR] = -1
    log(s, EV_HUANG, -1, 0)


# ---------------------------------------------------------------- flow
@njit(cache=True)
def after_gain(s: np.ndarray, seat: int) -> None:
    """After ``seat`` took a card: discard if he holds more than 20 + max(0, q − 1),
    else (八块 / 重跑, or a short hand after several 起手提) his 下家 draws."""
    if cards_held(s, seat) > target_held(s, seat):
        if has_discard(s, seat):
            s[STAGE] = ST_DISCARD
            s[ACTOR] = seat
            return
        s[XIANG + seat] = 1
        log(s, EV_XIANG, seat, 0)
    else:
        log(s, EV_NO_DISCARD, seat, 0)
    s[STAGE] = ST_DRAW
    s[SRC] = xia(seat)


@njit(cache=True)
def _claim_seat(s: np.ndarray, slot: int) -> int:
    """The seat offered slot ``slot`` of the 碰/吃 round on CARD, or -1.

    Slot 0: the holder of a pair of the card (碰; on a discard the 下家 may also 吃 here).
    Slots 1, 2: 吃 by the drawer then his 下家 (a drawn card), or by the 下家 (a discard).
    On a drawn card the pair holder is offered only the 碰 in slot 0: the drawer's 吃 comes
    before the 下家's, and a 下家 who passed the 碰 still gets his own 吃 turn in slot 2.
    """
    card = s[CARD]
    src = s[SRC]
    if slot == 0:
        for q in range(N_SEATS):
            if q != src and s[HAND + q * N_KINDS + card] == 2:
                return q
        return -1
    if s[DRAWN] != 0:
        return src if slot == 1 else xia(src)
    return xia(src) if slot == 1 else -1


@njit(cache=True)
def _offer_claim(s: np.ndarray, seat: int, peng_ok: bool, chi_ok: bool) -> bool:
    """Prepare the 碰/吃 decision of ``seat`` on CARD; False if he has no legal option.

    A card that is 臭 for him is not offered, except to a 下家 whose 臭 comes from passing
    the 碰 of this very drawn card (he keeps his 吃 turn on it)."""
    card = s[CARD]
    if s[CHOU + seat * N_KINDS + card] != 0 and not (chi_ok and not peng_ok and s[PENG_PASSED] == seat):
        return False
    hand = hand_of(s, seat)
    must_discard = cards_held(s, seat) + 1 > target_held(s, seat)
    can_peng = False
    if peng_ok and hand[card] == 2:
        can_peng = True
        if must_discard:
            hand[card] -= 2
            can_peng = has_discard(s, seat)
            hand[card] += 2
    n = 0
    if chi_ok and hand[card] < 3:
        plans = s[SCRATCH_PLANS: SCRATCH_PLANS + MAX_PLANS * MAX_PLAN_GROUPS].reshape(
            (MAX_PLANS, MAX_PLAN_GROUPS))
        m = chi_plans(hand, card, plans)
        for i in range(m):
            ok = True
            if must_discard:
                # remove the plan's hand cards and check that a discard remains
                for t in range(MAX_PLAN_GROUPS):
                    g = plans[i, t]
                    if g >= 0:
                        for u in range(3):
                            hand[GROUPS[g, u]] -= 1
                hand[card] += 1
                ok = has_discard(s, seat)
                hand[card] -= 1
                for t in range(MAX_PLAN_GROUPS):
                    g = plans[i, t]
                    if g >= 0:
                        for u in range(3):
                            hand[GROUPS[g, u]] += 1
            if ok:
                for t in range(MAX_PLAN_GROUPS):
                    s[PLANS + n * MAX_PLAN_GROUPS + t] = plans[i, t]
                n += 1
    s[N_PLANS] = n
    s[CAN_PENG] = 1 if can_peng else 0
    if n == 0 and not can_peng:
        return False
    s[ACTOR] = seat
    return True


@njit(cache=True)
def _forced_pao(s: np.ndarray) -> int:
    """The seat that must 跑 CARD (坎 or 偎 + another's card, 碰 + a drawn card), or -1."""
    card = s[CARD]
    src = s[SRC]
    drawn = s[DRAWN] != 0
    for q in range(N_SEATS):
        if q != src:
            if s[HAND + q * N_KINDS + card] == 3:
                return q
            if find_meld(s, q, card, M_WEI, M_CHOUWEI) >= 0:
                return q
        if drawn and find_meld(s, q, card, M_PENG, M_PENG) >= 0:
            return q
    return -1


@njit(cache=True)
def _do_pao(s: np.ndarray, seat: int) -> None:
    card = s[CARD]
    if s[HAND + seat * N_KINDS + card] == 3:
        s[HAND + seat * N_KINDS + card] = 0
        add_meld(s, seat, M_PAO, card)
    else:
        j = find_meld(s, seat, card, M_WEI, M_CHOUWEI)
        if j < 0:
            j = find_meld(s, seat, card, M_PENG, M_PENG)
        s[MK + seat * MAXM + j] = M_PAO
        s[TABLE_VER] += 1
    log(s, EV_PAO, seat, card)
    after_gain(s, seat)


@njit(cache=True)
def run_forced(s: np.ndarray) -> None:
    """Apply forced moves until a player must decide (ACTOR ≥ 0) or the hand ends."""
    while True:
        st = s[STAGE]
        if st == ST_DONE or st == ST_DISCARD:
            return
        if st == ST_LIANG_HU:
            ask = s[ASK]
            if ask >= N_SEATS:
                after_gain(s, s[DEALER])
                continue
            seat = (s[DEALER] + ask) % N_SEATS
            h = -1
            if ask == 0:
                mk, mv, n = melds_of(s, seat)
                if s[CHOUHU + seat * N_KINDS + s[LIANG]] < 0:
                    h = dealt_win_kernel(hand_of(s, seat), mk, mv, n, s[CFG + CFG_MIN],
                                         s[WORK: WORK + WORK_SIZE])
            elif s[CFG + CFG_TL] != 0:
                h = win_huxi(s, seat, s[LIANG], False)
            if h >= 0:
                s[OFFER_HUXI] = h
                s[ACTOR] = seat
                return
            s[ASK] = ask + 1
        elif st == ST_DRAW:
            seat = s[SRC]
            if s[SP] >= STOCK_CARDS:
                finish_huang(s)
                return
            card = s[STOCK + s[SP]]
            s[SP] += 1
            s[CARD] = card
            s[DRAWN] = 1
            log(s, EV_DRAW, seat, card)
            hand = hand_of(s, seat)
            if hand[card] == 3:
                hand[card] = 0
                add_meld(s, seat, M_TI, card)
                log(s, EV_TI, seat, card)
                s[STAGE] = ST_SELF_HU
            elif find_meld(s, seat, card, M_WEI, M_CHOUWEI) >= 0:
                j = find_meld(s, seat, card, M_WEI, M_CHOUWEI)
                s[MK + seat * MAXM + j] = M_TI
                s[TABLE_VER] += 1
                log(s, EV_TI, seat, card)
                s[STAGE] = ST_SELF_HU
            elif hand[card] == 2:
                hand[card] = 0
                chou = s[CHOU + seat * N_KINDS + card] != 0
                add_meld(s, seat, M_CHOUWEI if chou else M_WEI, card)
                log(s, EV_CHOUWEI if chou else EV_WEI, seat, card)
                s[STAGE] = ST_SELF_HU
            else:
                s[STAGE] = ST_SHOWN_HU
                s[ASK] = 0
        elif st == ST_SELF_HU:
            seat = s[SRC]
            h = _self_hu_huxi(s, seat)
            if h >= 0:
                s[OFFER_HUXI] = h
                s[ACTOR] = seat
                return
            after_gain(s, seat)
        elif st == ST_SHOWN_HU:
            ask = s[ASK]
            if ask >= N_SEATS:
                s[STAGE] = ST_CLAIM
                s[ASK] = -1  # -1: the forced 跑 has not been checked yet
                continue
            seat = (s[SRC] + ask) % N_SEATS
            h = win_huxi(s, seat, s[CARD], ask == 0)
            if h >= 0:
                s[OFFER_HUXI] = h
                s[ACTOR] = seat
                return
            s[ASK] = ask + 1
        elif st == ST_CLAIM:
            ask = s[ASK]
            if ask < 0:
                q = _forced_pao(s)
                if q >= 0:
                    _do_pao(s, q)
                    continue
                s[ASK] = 0
                s[PENG_PASSED] = -1
                continue
            if ask > 2:
                src = s[SRC]
                s[PILE + src * N_KINDS + s[CARD]] += 1
                log(s, EV_TO_PILE, src, s[CARD])
                s[STAGE] = ST_DRAW
                s[SRC] = xia(src)
                continue
            seat = _claim_seat(s, ask)
            if seat >= 0:
                if ask == 0:
                    # on a discard the pair holder may be the only 吃 seat: offer both at once
                    chi_ok = s[DRAWN] == 0 and seat == _claim_seat(s, 1)
                    if _offer_claim(s, seat, True, chi_ok):
                        return
                elif s[DRAWN] != 0 or seat != _claim_seat(s, 0):
                    if _offer_claim(s, seat, False, True):
                        return
            s[ASK] = ask + 1
        else:
            return


@njit(cache=True)
def _self_hu_huxi(s: np.ndarray, seat: int) -> int:
    """胡息 of a win right after the seat's forced 提/偎 with CARD (提胡 / 偎胡), or -1.

    The card is already on the table, so the hand is read as it stands (no win card)."""
    if s[XIANG + seat] != 0:
        return -1
    mk, mv, n = melds_of(s, seat)
    h = dealt_win_kernel(hand_of(s, seat), mk, mv, n, s[CFG + CFG_MIN], s[WORK: WORK + WORK_SIZE])
    if h >= 0:
        declined = s[CHOUHU + seat * N_KINDS + s[CARD]]
        if declined >= 0 and declined == table_huxi(s, seat):
            return -1
    return h


@njit(cache=True)
def decision_kind(s: np.ndarray) -> int:
    """What the player to act decides now (D_*)."""
    if s[ACTOR] < 0:
        return D_NONE
    st = s[STAGE]
    if st == ST_DISCARD:
        return D_DISCARD
    if st == ST_CLAIM:
        return D_CLAIM
    return D_HU


@njit(cache=True)
def legal_actions(s: np.ndarray, out: np.ndarray) -> int:
    """Write the legal actions of the player to act into ``out``; return how many."""
    d = decision_kind(s)
    if d == D_NONE:
        return 0
    seat = s[ACTOR]
    n = 0
    if d == D_DISCARD:
        for k in range(N_KINDS):
            c = s[HAND + seat * N_KINDS + k]
            if c == 1 or c == 2:
                out[n] = k
                n += 1
        return n
    if d == D_HU:
        out[0] = HU
        out[1] = PASS
        return 2
    if s[CAN_PENG] != 0:
        out[n] = PENG
        n += 1
    for i in range(s[N_PLANS]):
        out[n] = CHI + i
        n += 1
    out[n] = PASS
    return n + 1


@njit(cache=True)
def is_legal(s: np.ndarray, action: int) -> bool:
    """Whether ``action`` is legal for the player to act."""
    buf = np.empty(MAX_ACTIONS, dtype=np.int16)
    n = legal_actions(s, buf)
    for i in range(n):
        if buf[i] == action:
            return True
    return False


@njit(cache=True)
def apply_action(s: np.ndarray, action: int) -> None:
    """Apply a legal action of the player to act, then run the forced moves."""
    seat = s[ACTOR]
    st = s[STAGE]
    card = s[CARD]
    s[N_DEC] += 1
    s[ACTOR] = -1
    if st == ST_DISCARD:
        s[HAND + seat * N_KINDS + action] -= 1
        s[CHOU + seat * N_KINDS + action] = 1
        s[DISC + seat * N_KINDS + action] += 1
        s[CARD] = action
        s[SRC] = seat
        s[DRAWN] = 0
        log(s, EV_DISCARD, seat, action)
        s[STAGE] = ST_CLAIM
        s[ASK] = -1
    elif st == ST_LIANG_HU:
        if action == HU:
            if s[ASK] == 0:
                finish_win(s, seat, WK_TIAN_DEALER, s[OFFER_HUXI], True, -1)
            else:
                finish_win(s, seat, WK_TIAN_LIANG, s[OFFER_HUXI], False, card)
            return
        s[CHOUHU + seat * N_KINDS + card] = table_huxi(s, seat)
        log(s, EV_DECLINE_HU, seat, card)
        s[ASK] += 1
    elif st == ST_SELF_HU:
        if action == HU:
            finish_win(s, seat, WK_ZIMO, s[OFFER_HUXI], True, -1)
            return
        s[CHOUHU + seat * N_KINDS + card] = table_huxi(s, seat)
        log(s, EV_DECLINE_HU, seat, card)
        after_gain(s, seat)
    elif st == ST_SHOWN_HU:
        if action == HU:
            self_drawn = seat == s[SRC]
            finish_win(s, seat, WK_ZIMO if self_drawn else WK_OTHER, s[OFFER_HUXI], self_drawn, card)
            return
        s[CHOUHU + seat * N_KINDS + card] = table_huxi(s, seat)
        log(s, EV_DECLINE_HU, seat, card)
        s[ASK] += 1
    elif st == ST_CLAIM:
        if action == PASS:
            s[CHOU + seat * N_KINDS + card] = 1
            if s[ASK] == 0 and s[DRAWN] != 0:
                s[PENG_PASSED] = seat
            log(s, EV_PASS, seat, card)
            s[ASK] += 1
        elif action == PENG:
            s[HAND + seat * N_KINDS + card] -= 2
            add_meld(s, seat, M_PENG, card)
            log(s, EV_PENG, seat, card)
            after_gain(s, seat)
        else:
            i = action - CHI
            s[HAND + seat * N_KINDS + card] += 1  # the taken card joins, then groups leave
            for t in range(MAX_PLAN_GROUPS):
                g = s[PLANS + i * MAX_PLAN_GROUPS + t]
                if g >= 0:
                    for u in range(3):
                        s[HAND + seat * N_KINDS + GROUPS[g, u]] -= 1
                    add_meld(s, seat, M_CHI, g)
                    log(s, EV_CHI, seat, g)
            after_gain(s, seat)
    run_forced(s)


# ---------------------------------------------------------------- invariants
@njit(cache=True)
def card_total(s: np.ndarray) -> int:
    """All cards accounted for: hands, melds, discard areas, stock left, card in play.

    Equals 80 at every decision and at the end of the hand."""
    n = 0
    for seat in range(N_SEATS):
        n += cards_held(s, seat)
        for k in range(N_KINDS):
            n += s[PILE + seat * N_KINDS + k]
    n += STOCK_CARDS - s[SP]
    st = s[STAGE]
    if st == ST_SHOWN_HU or (st == ST_CLAIM and s[ACTOR] >= 0):
        n += 1  # the card on offer
    elif st == ST_DONE and s[HU_CARD] >= 0:
        n += 1  # the shown card won on
    return n
