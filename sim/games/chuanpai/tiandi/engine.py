"""天地人和 rules engine: one set of compiled functions used by both drivers.

:func:`~sim.games.chuanpai.tiandi.state.new_hand` deals and waits for the dealer's lead;
:func:`legal_actions` lists the plays of the seat to act; :func:`apply_action` makes one,
closes the trick when every seat holding cards has played, and scores the hand at its end.
:func:`~sim.games.chuanpai.tiandi.observe.observe` fills a seat's observation; strategies
never see the state. The state layout and the deal live in
:mod:`sim.games.chuanpai.tiandi.state` (re-exported here).

Seats 0, 1, 2 play in that order; the dealer leads the first trick. A follower who can
beat the best play so far must (the legal list holds only beating plays then); one who
cannot plays as many cards face down (a follower with fewer cards plays all he has). Under
a set of three or four cards (``combo_sizes="2-4"``) the face-down cards are chosen one at
a time (single-card codes; the seat keeps acting until it has put down enough).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.tiandi.rules import (
    BAO_OFF, BAO_SEED, C_BAO, C_COMBO, C_TUOSHOU, C_WIN, CFG_SIZE, TUOSHOU_DRAW, TUOSHOU_OFF,
)
from sim.games.chuanpai.tiandi.scoring import fan_of, level_of, stake_of
from sim.games.chuanpai.tiandi.shapes import (
    COMBO_PARTNERS, COMBO_RANK, KIND, HARD, SET, TWO, code_cards, code_set, code_size, code_two,
    code_quad, has_top, key_beats, play_key,
)
from sim.games.chuanpai.tiandi.state import (  # noqa: F401 (re-exported)
    ACTOR, BAO, BAO_PAID, BEST_CODE, BEST_KEY, BEST_SEAT, CFG, DEALER, DOWN, DOWN_LEFT, DRAW, EV,
    EV_BAO, EV_BEAT, EV_DOWN, EV_END, EV_HARD, EV_LEAD, EV_TRICK, EV_TUOSHOU, FAN, FDOWN, FIRST,
    FORCED, HAND, HAND_SIZE, HARD_TYPES, JIA, LAID, LEADER, LED, MAXEV, MAX_ACTIONS, MAX_REDEALS,
    MODE, MODE_BEAT, MODE_DOWN, MODE_LEAD, NDEC, NEV, NHAND, NHARD, NLAID, N_SEATS, OUTCOME,
    OUTCOME_NAMES, PLAYING, PLAYS, PTS, REDEALS, SC, SCRATCH, SEEN, SIZE, STAKE, STATE_SIZE, TIDX,
    TRICK, TUOSHOU_DRAWN, TUOSHOU_HAND, TUOSHOU_WON, TUO_SEAT, WIN, WINNER, deal_cards, deal_hand,
    deal_order, log, new_hand, no_key_card, shuffle_deck, start_hand,
)


@njit(cache=True)
def _add(s: np.ndarray, at: int, code: int, sign: int) -> int:
    """Add ``sign`` × the cards of play ``code`` to the 21 counts at ``s[at:]``; return how
    many cards the play has."""
    if code < TWO:
        s[at + code] += sign
        return 1
    if code < SET:
        c = code - TWO
        s[at + c // N_TYPES] += sign
        s[at + c % N_TYPES] += sign
        return 2
    m, t0, t1, t2, t3 = code_quad(code)
    s[at + t0] += sign
    s[at + t1] += sign
    s[at + t2] += sign
    if m > 3:
        s[at + t3] += sign
    return m


@njit(cache=True)
def _plays_of_size(s: np.ndarray, seat: int, size: int, best: int, out: np.ndarray,
                   n: int, first_only: bool) -> int:
    """Write the legal shapes of ``size`` cards held by ``seat`` (beating ``best`` when
    best >= 0) into ``out`` from position ``n``; returns the new end. With ``first_only``
    it stops at the first one."""
    cfg = s[CFG:CFG + CFG_SIZE]
    base = HAND + seat * N_TYPES
    if size >= 3:
        return _sets_of_size(s, seat, size, best, out, n, first_only)
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
def _sets_of_size(s: np.ndarray, seat: int, size: int, best: int, out: np.ndarray, n: int,
                  first_only: bool) -> int:
    """The Tien-Gow sets of ``size`` (3 or 4) cards held by ``seat`` (see
    :func:`_plays_of_size`)."""
    cfg = s[CFG:CFG + CFG_SIZE]
    base = HAND + seat * N_TYPES
    for c in range(4):
        hc = s[base + c]
        if hc == 0:
            continue
        h0 = s[base + COMBO_PARTNERS[c, 0]]
        h1 = s[base + COMBO_PARTNERS[c, 1]]
        for nc in (2, 1):
            nm = size - nc
            if nm < 1 or nm > 2 or hc < nc:
                continue
            for r in range(nm, -1, -1):
                if h0 < r or h1 < nm - r:
                    continue
                code = code_set(c, nc, nm, r)
                key = play_key(code, cfg)
                if key >= 0 and (best < 0 or key_beats(best, key)):
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
    if s[DOWN_LEFT] > 0:
        return MODE_DOWN
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
    if s[DOWN_LEFT] > 0:  # the rest of a face-down answer to a set: any card
        n = 0
        for k in range(N_TYPES):
            if s[base + k] > 0:
                out[n] = k
                n += 1
                if s[DOWN_LEFT] == s[NHAND + seat]:  # all of them go: no choice
                    return n
        return n
    if s[NHAND + seat] < size:  # fewer cards than the lead: all of them, face down
        for k in range(N_TYPES):
            if s[base + k] > 0:
                out[0] = k
                return 1
    n = _plays_of_size(s, seat, size, s[BEST_KEY], out, 0, False)
    if n > 0:
        s[MODE] = MODE_BEAT
        return n
    if size >= 3 and s[NHAND + seat] == size:
        for a in range(N_TYPES):
            if s[base + a] > 0:
                out[0] = a  # all his cards go face down: no choice
                return 1
    for a in range(N_TYPES):
        if s[base + a] == 0:
            continue
        if size != 2:  # one card, or the first of a set's face-down cards
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
    n = _plays_of_size(s, seat, 2, -1, out, n, False)
    if s[CFG + C_COMBO]:
        n = _sets_of_size(s, seat, 3, -1, out, n, False)
        n = _sets_of_size(s, seat, 4, -1, out, n, False)
    return n


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
    if action >= SET:
        _apply_set(s, seat, action, cfg)
        return
    if s[TIDX] > 0 and s[SIZE] >= 3:
        _down_step(s, seat, action)
        return
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
        _lead(s, seat, action, cfg)
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
    leader = s[LEADER]  # (the loop of _next_seat, kept inline: it is the hot path)
    for t in range(s[TIDX] + 1, N_SEATS):
        p = (leader + t) % N_SEATS
        if s[NHAND + p] > 0:
            s[TIDX] = t
            s[ACTOR] = p
            return
    _close_trick(s)


@njit(cache=True)
def _lead(s: np.ndarray, seat: int, action: int, cfg: np.ndarray) -> None:
    """Record a lead: its player, and 包牌 if it is one."""
    s[LEADER] = seat
    log(s, EV_LEAD, seat, action)
    if cfg[C_BAO] != BAO_OFF and s[BAO] < 0 and has_top(action) and (
            s[TRICK] == 0 or (cfg[C_BAO] == BAO_SEED and s[LED + seat] == 0)):
        s[BAO] = seat
        log(s, EV_BAO, seat, action)
    s[LED + seat] = 1


@njit(cache=True)
def _apply_set(s: np.ndarray, seat: int, action: int, cfg: np.ndarray) -> None:
    """:func:`apply_action` for a set of three or four cards (led, or beating a set)."""
    m = _add(s, HAND + seat * N_TYPES, action, -1)
    s[NHAND + seat] -= m
    s[NDEC] += 1
    if s[TIDX] == 0:
        s[SIZE] = m
        _lead(s, seat, action, cfg)
    else:
        log(s, EV_BEAT, seat, action)  # a set that follows always beats (it is legal)
    s[PLAYS + seat] = action
    s[BEST_SEAT] = seat
    s[BEST_KEY] = play_key(action, cfg)
    s[BEST_CODE] = action
    _add(s, SEEN, action, 1)
    _next_seat(s)


@njit(cache=True)
def _down_step(s: np.ndarray, seat: int, k: int) -> None:
    """One face-down card of an answer to a set of three or four cards."""
    if s[DOWN_LEFT] == 0:
        s[DOWN_LEFT] = min(s[SIZE], s[NHAND + seat])
        log(s, EV_DOWN, seat, -s[DOWN_LEFT])  # negative: a count, not a play code
    s[HAND + seat * N_TYPES + k] -= 1
    s[NHAND + seat] -= 1
    s[NDEC] += 1
    s[DOWN + seat * N_TYPES + k] += 1
    s[FDOWN + seat] = 1
    s[PLAYS + seat] = k
    s[DOWN_LEFT] -= 1
    if s[DOWN_LEFT] == 0:
        _next_seat(s)


@njit(cache=True)
def _next_seat(s: np.ndarray) -> None:
    """Pass the turn to the next seat of the trick holding cards, or close the trick."""
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
    code = s[BEST_CODE]
    if code < SET:
        a, b = code_cards(code)
        s[LAID + w * N_TYPES + a] += 1
        s[NLAID + w] += 1
        if b >= 0:
            s[LAID + w * N_TYPES + b] += 1
            s[NLAID + w] += 1
    else:
        s[NLAID + w] += _add(s, LAID + w * N_TYPES, code, 1)
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
def run_forced(s: np.ndarray, out: np.ndarray) -> int:
    """Make every play that is the only legal one (the strategy is not asked), up to the
    next real decision; returns the number of its legal plays (in ``out``), 0 at the end."""
    while s[ACTOR] >= 0:
        n = legal_actions(s, out)
        if n != 1:
            return n
        apply_action(s, out[0])
        s[FORCED] += 1
    return 0


@njit(cache=True)
def card_total(s: np.ndarray) -> int:
    """Cards in hands, laid and played face down or beaten (84 at every moment)."""
    n = 0
    for i in range(N_SEATS * N_TYPES):
        n += s[HAND + i] + s[DOWN + i]
    for k in range(N_TYPES):
        n += s[SEEN + k]
    return n
