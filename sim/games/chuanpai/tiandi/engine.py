"""天地人和 rules engine: one set of compiled functions used by both drivers.

The whole state of a hand is one ``int16`` vector (layout below). :func:`new_hand` deals
(redealing misdeals), lays out the hard cards and stops at the dealer's first lead;
:func:`legal_actions` lists the plays of the seat to act; :func:`apply_action` makes one,
closes the trick when every seat holding cards has played, and scores the hand at its end.
:func:`observe` fills a seat's observation; strategies never see the state.

Seats 0, 1, 2 play in that order; the dealer leads the first trick. A follower who can
beat the best play so far must (the legal list holds only beating plays then); one who
cannot plays as many cards face down (a follower with fewer cards plays all he has).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import COPIES, DECK_SIZE, N_TYPES
from sim.games.chuanpai.tiandi.rules import (
    BAO_OFF, BAO_SEED, C_BAO, C_MISDEAL, C_TUOSHOU, C_WIN, CFG_SIZE, TUOSHOU_DRAW, TUOSHOU_OFF,
)
from sim.games.chuanpai.tiandi.scoring import fan_of, level_of, stake_of
from sim.games.chuanpai.tiandi.shapes import (
    COMBO_RANK, KIND, HARD, code_cards, code_size, code_two, has_top, key_beats, play_key,
)
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
REDEALS, NDEC, _SPARE, NEV, BAO_PAID, SCRATCH, MODE, TUO_SEAT = range(SC + 16, SC + 24)
CFG = SC + 24
EV = CFG + CFG_SIZE
MAXEV = 200
STATE_SIZE = EV + 3 * MAXEV

# outcomes
PLAYING, WIN, DRAW, TUOSHOU_DRAWN, TUOSHOU_WON = range(5)
OUTCOME_NAMES = ("playing", "win", "draw", "脱手 draw", "脱手 win")
# events: (kind, seat, value)
EV_HARD, EV_LEAD, EV_BEAT, EV_DOWN, EV_TRICK, EV_TUOSHOU, EV_BAO, EV_END = range(1, 9)
# decision modes
MODE_LEAD, MODE_BEAT, MODE_DOWN = 0, 1, 2

# ---------------------------------------------------------------- observation layout
O_HAND = 0
O_SEEN = O_HAND + N_TYPES  # cards shown face up
O_DOWN = O_SEEN + N_TYPES  # this seat's own face-down cards
O_LAID = O_DOWN + N_TYPES  # [3, 21]
O_NLAID = O_LAID + N_SEATS * N_TYPES
O_NHAND = O_NLAID + N_SEATS
O_LED = O_NHAND + N_SEATS
O_PLAYS = O_LED + N_SEATS  # code, -1 not played, -2 face down
O_NHARD = O_PLAYS + N_SEATS
O_SC = O_NHARD + N_SEATS
(O_SEAT, O_DEALER, O_LEADER, O_TRICK, O_SIZE, O_BEST_SEAT, O_BEST_KEY, O_BEST_CODE,
 O_MODE, O_BAO, O_FIRST, O_TIDX) = range(O_SC, O_SC + 12)
O_CFG = O_SC + 12
OBS_SIZE = O_CFG + CFG_SIZE

_DECK = np.repeat(np.arange(N_TYPES, dtype=np.int8), COPIES)


@njit(cache=True)
def log(s: np.ndarray, kind: int, seat: int, value: int) -> None:
    """Append an event to the state's log."""
    n = s[NEV]
    if n < MAXEV:
        s[EV + 3 * n] = kind
        s[EV + 3 * n + 1] = seat
        s[EV + 3 * n + 2] = value
        s[NEV] = n + 1


@njit(cache=True)
def deal_cards(rng: np.ndarray, dealer: int, hands: np.ndarray) -> None:
    """Shuffle and deal 28 cards to each seat: the dealer gets the first block."""
    cards = _DECK.copy()
    shuffle_prefix(rng, cards, DECK_SIZE)
    hands[:] = 0
    for j in range(N_SEATS):
        seat = (dealer + j) % N_SEATS
        for t in range(HAND_SIZE * j, HAND_SIZE * (j + 1)):
            hands[seat, cards[t]] += 1


@njit(cache=True)
def no_key_card(hand: np.ndarray) -> bool:
    """Whether a hand holds none of 天, 红九, 黑九 (无天无九)."""
    return hand[0] == 0 and hand[11] == 0 and hand[12] == 0


@njit(cache=True)
def new_hand(s: np.ndarray, seed: np.uint64, dealer: int, cfg: np.ndarray) -> None:
    """Deal a hand (redealing misdeals), lay out the hard cards, and wait for the lead."""
    rng = np.zeros(1, dtype=np.uint64)
    rng[0] = seed
    hands = np.zeros((N_SEATS, N_TYPES), dtype=np.int16)
    redeals = 0
    while True:
        deal_cards(rng, dealer, hands)
        bad = no_key_card(hands[0]) or no_key_card(hands[1]) or no_key_card(hands[2])
        if not bad or cfg[C_MISDEAL] or redeals >= MAX_REDEALS:
            break
        redeals += 1
    start_hand(s, hands, dealer, cfg, redeals)


@njit(cache=True)
def start_hand(s: np.ndarray, hands: np.ndarray, dealer: int, cfg: np.ndarray, redeals: int) -> None:
    """Start a hand from dealt cards (``int16[3, 21]``): lay out hard cards, wait for the lead."""
    s[:] = 0
    for i in range(CFG_SIZE):
        s[CFG + i] = cfg[i]
    s[REDEALS] = redeals
    for p in range(N_SEATS):
        for k in range(N_TYPES):
            s[HAND + p * N_TYPES + k] = hands[p, k]
            s[NHAND + p] += hands[p, k]
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


@njit(cache=True)
def _held(s: np.ndarray, seat: int, code: int) -> bool:
    a, b = code_cards(code)
    base = HAND + seat * N_TYPES
    if b < 0:
        return s[base + a] > 0
    if a == b:
        return s[base + a] >= 2
    return s[base + a] > 0 and s[base + b] > 0


@njit(cache=True)
def _plays_of_size(s: np.ndarray, seat: int, size: int, best: int, out: np.ndarray,
                   n: int, first_only: bool) -> int:
    """Write the legal shapes of ``size`` cards held by ``seat`` (beating ``best`` when
    best >= 0) into ``out`` from position ``n``; returns the new end. With ``first_only``
    it stops at the first one."""
    cfg = s[CFG:CFG + CFG_SIZE]
    base = HAND + seat * N_TYPES
    if size == 1:
        for k in range(N_TYPES):
            if s[base + k] > 0 and KIND[k] != HARD:
                key = play_key(k, cfg)
                if best < 0 or key_beats(best, key):
                    out[n] = k
                    n += 1
                    if first_only:
                        return n
        return n
    for k in range(N_TYPES):
        if s[base + k] >= 2:
            code = code_two(k, k)
            key = play_key(code, cfg)
            if key >= 0 and (best < 0 or key_beats(best, key)):
                out[n] = code
                n += 1
                if first_only:
                    return n
    for a in range(4):
        if s[base + a] == 0:
            continue
        for b in range(N_TYPES):
            if COMBO_RANK[a, b] > 0 and s[base + b] > 0:
                code = code_two(a, b)
                key = play_key(code, cfg)
                if best < 0 or key_beats(best, key):
                    out[n] = code
                    n += 1
                    if first_only:
                        return n
    return n


@njit(cache=True)
def can_beat(s: np.ndarray, seat: int) -> bool:
    """Whether ``seat`` holds a play that beats the best play of the trick."""
    if s[NHAND + seat] < s[SIZE]:
        return False
    return _plays_of_size(s, seat, s[SIZE], s[BEST_KEY], s[SCRATCH:SCRATCH + 1], 0, True) > 0


@njit(cache=True)
def decision_mode(s: np.ndarray) -> int:
    """Whether the seat to act leads, must beat, or plays face down."""
    if s[TIDX] == 0:
        return MODE_LEAD
    return MODE_BEAT if can_beat(s, s[ACTOR]) else MODE_DOWN


@njit(cache=True)
def legal_actions(s: np.ndarray, out: np.ndarray) -> int:
    """Write the legal play codes of the seat to act into ``out``; return how many.

    Also records the decision mode (lead, beat, face down) for :func:`observe`.
    """
    seat = s[ACTOR]
    if seat < 0:
        return 0
    base = HAND + seat * N_TYPES
    if s[TIDX] == 0:
        s[MODE] = MODE_LEAD
        return _lead_actions(s, seat, out)
    size = s[SIZE]
    s[MODE] = MODE_DOWN
    if s[NHAND + seat] < size:  # fewer cards than the lead: all of them, face down
        for k in range(N_TYPES):
            if s[base + k] > 0:
                out[0] = k
                return 1
    n = _plays_of_size(s, seat, size, s[BEST_KEY], out, 0, False)
    if n > 0:
        s[MODE] = MODE_BEAT
        return n
    for a in range(N_TYPES):
        if s[base + a] == 0:
            continue
        if size == 1:
            out[n] = a
            n += 1
            continue
        for b in range(a, N_TYPES):
            if s[base + b] > (1 if a == b else 0):
                out[n] = code_two(a, b)
                n += 1
    return n


@njit(cache=True)
def _lead_actions(s: np.ndarray, seat: int, out: np.ndarray) -> int:
    n = _plays_of_size(s, seat, 1, -1, out, 0, False)
    return _plays_of_size(s, seat, 2, -1, out, n, False)


@njit(cache=True)
def is_legal(s: np.ndarray, action: int) -> bool:
    """Whether ``action`` is one of the legal plays now."""
    tmp = np.empty(MAX_ACTIONS, dtype=np.int16)
    n = legal_actions(s, tmp)
    for i in range(n):
        if tmp[i] == action:
            return True
    return False


@njit(cache=True)
def _next_with_cards(s: np.ndarray, seat: int) -> int:
    for d in range(1, N_SEATS + 1):
        p = (seat + d) % N_SEATS
        if s[NHAND + p] > 0:
            return p
    return -1


@njit(cache=True)
def apply_action(s: np.ndarray, action: int) -> None:
    """Make the play ``action`` (assumed legal) for the seat to act and move on."""
    seat = s[ACTOR]
    cfg = s[CFG:CFG + CFG_SIZE]
    a, b = code_cards(action)
    base = HAND + seat * N_TYPES
    s[base + a] -= 1
    s[NHAND + seat] -= 1
    if b >= 0:
        s[base + b] -= 1
        s[NHAND + seat] -= 1
    s[NDEC] += 1
    key = play_key(action, cfg)
    face_up = False
    if s[TIDX] == 0:
        face_up = True
        s[SIZE] = code_size(action)
        s[LEADER] = seat
        log(s, EV_LEAD, seat, action)
        if cfg[C_BAO] != BAO_OFF and s[BAO] < 0 and has_top(action) and (
                s[TRICK] == 0 or (cfg[C_BAO] == BAO_SEED and s[LED + seat] == 0)):
            s[BAO] = seat
            log(s, EV_BAO, seat, action)
        s[LED + seat] = 1
    elif code_size(action) == s[SIZE] and key_beats(s[BEST_KEY], key):
        face_up = True
        log(s, EV_BEAT, seat, action)
    else:
        log(s, EV_DOWN, seat, action)
        s[FDOWN + seat] = 1
        s[DOWN + seat * N_TYPES + a] += 1
        if b >= 0:
            s[DOWN + seat * N_TYPES + b] += 1
    s[PLAYS + seat] = action
    if face_up:
        s[BEST_SEAT] = seat
        s[BEST_KEY] = key
        s[BEST_CODE] = action
        s[SEEN + a] += 1
        if b >= 0:
            s[SEEN + b] += 1
    leader = s[LEADER]
    for t in range(s[TIDX] + 1, N_SEATS):
        p = (leader + t) % N_SEATS
        if s[NHAND + p] > 0:
            s[TIDX] = t
            s[ACTOR] = p
            return
    _close_trick(s)


@njit(cache=True)
def _close_trick(s: np.ndarray) -> None:
    cfg = s[CFG:CFG + CFG_SIZE]
    w = s[BEST_SEAT]
    a, b = code_cards(s[BEST_CODE])
    s[LAID + w * N_TYPES + a] += 1
    s[NLAID + w] += 1
    if b >= 0:
        s[LAID + w * N_TYPES + b] += 1
        s[NLAID + w] += 1
    log(s, EV_TRICK, w, s[NLAID + w])
    first_before = s[FIRST]
    if s[FIRST] < 0 and s[NLAID + w] >= cfg[C_WIN]:
        s[FIRST] = w
    s[TRICK] += 1
    for p in range(N_SEATS):
        s[PLAYS + p] = -1
        s[FDOWN + p] = 0
    s[TIDX] = 0
    s[BEST_SEAT] = -1
    s[BEST_KEY] = -1
    s[BEST_CODE] = -1
    if (cfg[C_TUOSHOU] != TUOSHOU_OFF and w == s[LEADER] and first_before < 0
            and s[NLAID + w] == cfg[C_WIN] - 1 and s[NHAND + w] == TUOSHOU_HAND):
        log(s, EV_TUOSHOU, w, s[NLAID + w])
        s[TUO_SEAT] = w
        if cfg[C_TUOSHOU] == TUOSHOU_DRAW:
            _finish(s, -1, TUOSHOU_DRAWN)
        else:
            _finish(s, w, TUOSHOU_WON)
        return
    nxt = w if s[NHAND + w] > 0 else _next_with_cards(s, w)
    if nxt < 0:
        w = s[FIRST]
        _finish(s, w, WIN if w >= 0 else DRAW)
        return
    s[LEADER] = nxt
    s[ACTOR] = nxt


@njit(cache=True)
def _finish(s: np.ndarray, w: int, outcome: int) -> None:
    """Score the hand: each loser pays the winner; a 包牌 offender pays for both."""
    cfg = s[CFG:CFG + CFG_SIZE]
    s[ACTOR] = -1
    s[OUTCOME] = outcome
    s[WINNER] = w
    if w >= 0:
        jia = level_of(s[NLAID + w], cfg)
        if jia < 0:
            jia = 0
        fan = fan_of(s[LAID + w * N_TYPES:LAID + (w + 1) * N_TYPES], cfg)
        stake = stake_of(jia, fan, cfg)
        s[JIA] = jia
        s[FAN] = fan
        s[STAKE] = stake
        off = s[BAO]
        if off >= 0 and off != w:
            s[PTS + off] -= 2 * stake
            s[PTS + w] += 2 * stake
            s[BAO_PAID] = 1
        else:
            for p in range(N_SEATS):
                if p != w:
                    s[PTS + p] -= stake
                    s[PTS + w] += stake
    log(s, EV_END, w, outcome)


@njit(cache=True)
def observe(s: np.ndarray, seat: int, obs: np.ndarray) -> None:
    """Fill ``obs`` with what ``seat`` may know: its own hand and face-down cards, the cards
    shown face up, every seat's 摆牌 and hand size, the trick so far and the rules.

    Call :func:`legal_actions` first: the decision mode it records is part of the view.
    """
    obs[:] = 0
    for k in range(N_TYPES):
        obs[O_HAND + k] = s[HAND + seat * N_TYPES + k]
        obs[O_SEEN + k] = s[SEEN + k]
        obs[O_DOWN + k] = s[DOWN + seat * N_TYPES + k]
    for i in range(N_SEATS * N_TYPES):
        obs[O_LAID + i] = s[LAID + i]
    for p in range(N_SEATS):
        obs[O_NLAID + p] = s[NLAID + p]
        obs[O_NHAND + p] = s[NHAND + p]
        obs[O_LED + p] = s[LED + p]
        obs[O_NHARD + p] = s[NHARD + p]
        obs[O_PLAYS + p] = -2 if s[FDOWN + p] else s[PLAYS + p]
    obs[O_SEAT] = seat
    obs[O_DEALER] = s[DEALER]
    obs[O_LEADER] = s[LEADER]
    obs[O_TRICK] = s[TRICK]
    obs[O_SIZE] = s[SIZE]
    obs[O_BEST_SEAT] = s[BEST_SEAT]
    obs[O_BEST_KEY] = s[BEST_KEY]
    obs[O_BEST_CODE] = s[BEST_CODE]
    obs[O_MODE] = s[MODE] if seat == s[ACTOR] else -1  # recorded by legal_actions
    obs[O_BAO] = s[BAO]
    obs[O_FIRST] = s[FIRST]
    obs[O_TIDX] = s[TIDX]
    for i in range(CFG_SIZE):
        obs[O_CFG + i] = s[CFG + i]


@njit(cache=True)
def card_total(s: np.ndarray) -> int:
    """Cards in hands, laid and played face down or beaten (84 at every moment)."""
    n = 0
    for i in range(N_SEATS * N_TYPES):
        n += s[HAND + i] + s[DOWN + i]
    for k in range(N_TYPES):
        n += s[SEEN + k]
    return n
