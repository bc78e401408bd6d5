"""The compiled hand: deal with trump declaration, then the tricks, with strategies.

A compiled strategy is any ``@njit`` function with this signature, returning its play's
action code (:func:`~sim.games.shengji.codes.encode_play` of the play it builds in the
scratch buffer ``out``; the engine decodes the code back into the play's counts)::

    strategy(obs, es, pos, kat, nat, npos, rng, out) -> int

``obs`` is the observation the engine fills for the deciding seat
(:mod:`sim.games.shengji.observe`: its own hand, the trick so far, the finished tricks,
points, voids shown, card counts — never another seat's cards); ``es`` … ``npos`` are the
card order of the hand (public rules); ``rng`` is the seat's own generator, derived from
the hand's seed and the seat, so one seat's draws never shift another's. Strategies are
called through ``choose(slots[seat], …)``, so adding one never touches this module;
:func:`sim.games.shengji.batch.specialised` binds ``choose`` to the game's palette of
strategies, one compile for every seating (:mod:`sim.specialise`).

The engine checks every play with the same functions the Python driver uses and stops
the hand with an error code when a strategy breaks a rule.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.shengji.cards import DECK_SIZE, N_KINDS
from sim.games.shengji.codes import decode_play
from sim.games.shengji.combos import (
    FMT_SIZE,
    F_CARDS,
    F_PARTS,
    F_SUIT,
    decompose,
    only_suit,
)
from sim.games.shengji.follow import EMPTY_LEAD, MIXED_LEAD, NOT_HELD, follow_check
from sim.games.shengji.observe import (
    I_ATTACKER_POINTS,
    I_DEFENDER_POINTS,
    I_LEADER,
    I_LEVEL,
    I_N_PLAYED,
    I_TABLE_POINTS,
    I_TRICK,
    I_TRUMP,
    I_TWO_QUADS,
    I_WINNER,
    I_ZHUANG,
    N_INFO,
    OBS_SIZE,
    fill_obs,
)
from sim.games.shengji.order import N_ESUITS, new_order
from sim.games.shengji.rules import (
    DECL_NONE, DECL_OVERTURN, KOU_BOTH, KOU_OFF, V_CROSS_TIER, V_DECL, V_KOU_MULT, V_KOU_SIDES,
    V_PENALTY, V_TWO_QUADS,
)
from sim.games.shengji.scoring import card_points, kou_di_factor, level_delta
from sim.games.shengji.trick import reduce_throw, throw_blocked, trick_winner_seat
from sim.rng import below, hand_seed, shuffle_prefix

LEAD = 0
FOLLOW = 1
INFO_SIZE = N_INFO  # the public scalars of an observation (observe.I_…)

# result fields of one hand
R_ZHUANG, R_TRUMP, R_DECLARER, R_RAW, R_KOU, R_PENALTY, R_POINTS, R_SIDE, R_LEVELS = range(9)
R_TRICKS, R_THROWS, R_FAILED, R_LAST, R_ERROR, R_ERR_SEAT, R_ERR_TRICK, R_START = range(9, 17)
R_DEF_RAW, R_CONSERVED, R_LEVEL = 17, 18, 19
N_RESULTS = 20

_DECK = np.repeat(np.arange(N_KINDS, dtype=np.int8), 4)


@njit(cache=True)
def deal(state: np.ndarray, level: int, rule: int, hands: np.ndarray) -> tuple:
    """Shuffle the 216 cards, draw the seat dealt first, then :func:`deal_order`.

    Returns ``(trump suit or -1, declarer or -1, declared count, first seat dealt)``.
    """
    cards = shuffle_deck(state)
    start = below(state, 4)
    return deal_order(cards, start, level, rule, hands)


@njit(cache=True)
def shuffle_deck(state: np.ndarray) -> np.ndarray:
    """The deal's shuffle: the 216 cards (kinds, ``int8``) in the order they are dealt."""
    cards = _DECK.copy()
    shuffle_prefix(state, cards, DECK_SIZE)
    return cards


@njit(cache=True)
def deal_order(cards: np.ndarray, start: int, level: int, rule: int,
               hands: np.ndarray) -> tuple:
    """Deal ``cards`` one at a time, card ``t`` to seat ``(start + t) % 4``, with declarations.

    Returns ``(trump suit or -1, declarer or -1, declared count, start)``. A player
    declares at the first level card he is dealt (showing one), and overturns a
    declaration of the other side as soon as he holds one more level card of another suit
    than were shown; nobody overturns himself or his partner.
    """
    hands[:] = 0
    suit = -1
    who = -1
    shown = 0
    for t in range(DECK_SIZE):
        seat = (start + t) % 4
        k = cards[t]
        hands[seat, k] += 1
        if rule == DECL_NONE or k >= 52 or k % 13 + 2 != level:
            continue
        if who < 0:
            best = -1
            for s in range(4):
                if hands[seat, 13 * s + level - 2] > 0 and (
                        best < 0 or hands[seat, 13 * s + level - 2] > hands[seat, 13 * best + level - 2]):
                    best = s
            suit = best
            who = seat
            shown = 1
        elif rule == DECL_OVERTURN and who != seat and who != (seat + 2) % 4:
            best = -1
            for s in range(4):
                c = hands[seat, 13 * s + level - 2]
                if s != suit and c >= shown + 1 and (
                        best < 0 or c > hands[seat, 13 * best + level - 2]):
                    best = s
            if best >= 0:
                suit = best
                who = seat
                shown += 1
    return suit, who, shown, start


@njit(cache=True, inline="always")
def forced_follow(hand: np.ndarray, fmt: np.ndarray, es: np.ndarray, out: np.ndarray) -> bool:
    """Fill ``out`` and return True when the follower has exactly one legal answer.

    That is when he holds exactly as many cards of the led suit as were led (he must play
    them all), or holds no more cards than were led (the last trick, or his last cards).
    The engine plays such a forced answer itself, without asking the strategy.
    """
    size = fmt[F_CARDS]
    suit = 0
    total = 0
    for k in range(hand.shape[0]):
        total += hand[k]
        if es[k] == fmt[F_SUIT]:
            suit += hand[k]
    if suit == size:
        for k in range(hand.shape[0]):
            out[k] = hand[k] if es[k] == fmt[F_SUIT] else 0
        return True
    if total <= size:
        out[:] = hand
        return True
    return False


@njit(cache=False)  # takes strategy functions: numba cannot cache such specialisations
def play_hand(state: np.ndarray, level: int, zhuang_in: int, rules: np.ndarray,
              choose, slots, res: np.ndarray, err_play: np.ndarray) -> None:
    """Play one hand at ``level`` under ``rules`` (:func:`sim.games.shengji.rules.rules_vector`);
    ``zhuang_in`` < 0 makes the final declarer 庄家 (a first hand)."""
    decl_rule = rules[V_DECL]
    kou_sides = rules[V_KOU_SIDES]
    kou_mult = rules[V_KOU_MULT]
    penalty = rules[V_PENALTY]
    two_quads = rules[V_TWO_QUADS] != 0
    cross_tier = rules[V_CROSS_TIER] != 0
    hands = np.zeros((4, N_KINDS), dtype=np.int8)
    res[:] = 0
    srng = seat_streams(state[0])
    trump, zhuang = _deal_hand(state, level, zhuang_in, decl_rule, hands, res)
    es, pos, kat, nat, npos = new_order(level, trump, cross_tier)
    table = np.zeros((4, N_KINDS), dtype=np.int8)
    seen = np.zeros(N_KINDS, dtype=np.int8)
    played = np.zeros((4, N_KINDS), dtype=np.int8)
    voids = np.zeros((4, N_ESUITS), dtype=np.int8)
    obs = np.zeros(OBS_SIZE, dtype=np.int16)
    fmt = np.zeros(FMT_SIZE, dtype=np.int16)
    out = np.zeros(N_KINDS, dtype=np.int8)
    lead = np.zeros(N_KINDS, dtype=np.int8)
    info = _public_info(level, trump, zhuang, two_quads)
    leader = zhuang
    raw = 0
    def_raw = 0
    adj = 0
    trick = 0
    left = DECK_SIZE // 4
    while left > 0:
        _open_trick(info, table, out, fmt, trick, raw, def_raw, leader)
        fill_obs(obs, LEAD, leader, hands, table, played, fmt, voids, info)
        _call(choose, slots, leader, obs, es, pos, kat, nat, npos, srng[leader], out,
              hands[leader])
        e = _lead_suit(out, hands[leader], es)
        if e < 0:
            _refuse(res, -e, leader, trick, out, err_play)
            return
        adj += _lay_lead(out, lead, fmt, hands, leader, zhuang, penalty, two_quads, e,
                         kat, nat, npos, table, res)
        code, seat = _follow_trick(choose, slots, leader, hands, table, played, fmt, voids,
                                   info, obs, out, es, pos, kat, nat, npos, srng, two_quads)
        if code != 0:
            _refuse(res, code, seat, trick, out, err_play)
            return
        size = fmt[F_CARDS]
        win, pts = _score_trick(table, leader, fmt, es, pos, kat, nat, npos, two_quads, seen,
                                played)
        attackers_win = (win - zhuang) % 2 == 1
        if attackers_win:
            raw += pts
        else:
            def_raw += pts
        left -= size
        trick += 1
        if left == 0:
            _kou_di(res, win, pts, size, kou_sides, kou_mult, attackers_win)
        leader = win
    _close_hand(res, seen, raw, def_raw, adj, trick)


@njit(cache=True)
def _deal_hand(state: np.ndarray, level: int, zhuang_in: int, decl_rule: int,
               hands: np.ndarray, res: np.ndarray) -> tuple:
    """Deal with declarations and record the deal's facts; returns ``(trump, 庄家)``."""
    trump, who, _, start = deal(state, level, decl_rule, hands)
    if trump < 0:
        trump = 0
    zhuang = zhuang_in
    if zhuang < 0:
        zhuang = who if who >= 0 else start
    res[R_ZHUANG] = zhuang
    res[R_TRUMP] = trump
    res[R_DECLARER] = who
    res[R_START] = start
    res[R_LEVEL] = level
    return trump, zhuang


@njit(cache=True)
def _public_info(level: int, trump: int, zhuang: int, two_quads: bool) -> np.ndarray:
    """The public scalars of the observations that stay the same all hand."""
    info = np.zeros(INFO_SIZE, dtype=np.int32)
    info[I_LEVEL] = level
    info[I_TRUMP] = trump
    info[I_ZHUANG] = zhuang
    info[I_TWO_QUADS] = 1 if two_quads else 0
    return info


@njit(cache=True)
def _open_trick(info: np.ndarray, table: np.ndarray, out: np.ndarray, fmt: np.ndarray,
                trick: int, raw: int, def_raw: int, leader: int) -> None:
    """Clear the table and set the public scalars for a new trick's lead."""
    table[:] = 0
    info[I_TRICK] = trick
    info[I_ATTACKER_POINTS] = raw
    info[I_DEFENDER_POINTS] = def_raw
    info[I_LEADER] = leader
    info[I_WINNER] = leader
    info[I_TABLE_POINTS] = 0
    info[I_N_PLAYED] = 0
    out[:] = 0
    fmt[:] = 0


@njit(cache=True, inline="always")
def _lead_suit(out: np.ndarray, hand: np.ndarray, es: np.ndarray) -> int:
    """The effective suit of a lead, or minus the code of the rule it breaks."""
    code = 0
    total = 0
    for k in range(N_KINDS):
        if out[k] < 0 or out[k] > hand[k]:
            code = NOT_HELD
        total += out[k]
    if code == 0 and total == 0:
        code = EMPTY_LEAD
    if code != 0:
        return -code
    e = only_suit(out, es)
    return e if e >= 0 else -MIXED_LEAD


@njit(cache=True)
def _lay_lead(out: np.ndarray, lead: np.ndarray, fmt: np.ndarray, hands: np.ndarray,
              leader: int, zhuang: int, penalty: int, two_quads: bool, e: int,
              kat: np.ndarray, nat: np.ndarray, npos: np.ndarray, table: np.ndarray,
              res: np.ndarray) -> int:
    """Put a legal lead on the table (a blocked throw: its blocked part only); returns the
    points its failure moves (0 when it stands)."""
    adj = 0
    decompose(out, kat, nat, npos, e, fmt)
    if fmt[F_PARTS] > 1:
        res[R_THROWS] += 1
        blocked = throw_blocked(fmt, hands, leader, kat, nat, npos, two_quads)
        if blocked >= 0:
            res[R_FAILED] += 1
            lead[:] = out
            reduce_throw(lead, fmt, blocked, kat, nat, out)
            decompose(out, kat, nat, npos, e, fmt)
            attacker = (leader - zhuang) % 2 == 1
            adj += -penalty if attacker else penalty
    table[leader] = out
    for k in range(N_KINDS):
        hands[leader, k] -= out[k]
    return adj


@njit(cache=False)  # takes strategy functions
def _follow_trick(choose, slots, leader, hands, table, played, fmt, voids, info, obs, out,
                  es, pos, kat, nat, npos, srng, two_quads):
    """The three answers to a lead (forced ones played by the engine); returns
    ``(0, -1)`` or the code of a broken rule and the seat that broke it."""
    for d in range(1, 4):
        seat = (leader + d) % 4
        info[I_WINNER] = trick_winner_seat(table, leader, fmt, es, pos, kat, nat, npos,
                                           two_quads, d)
        pts = 0
        for s in range(4):
            pts += card_points(table[s])
        info[I_TABLE_POINTS] = pts
        info[I_N_PLAYED] = d
        out[:] = 0
        if not forced_follow(hands[seat], fmt, es, out):
            fill_obs(obs, FOLLOW, seat, hands, table, played, fmt, voids, info)
            _call(choose, slots, seat, obs, es, pos, kat, nat, npos, srng[seat], out, hands[seat])
        code = follow_check(hands[seat], out, fmt, es, kat, nat, npos, two_quads)
        if code != 0:
            return code, seat
        table[seat] = out
        for k in range(N_KINDS):
            hands[seat, k] -= out[k]
        note_void(voids, seat, out, fmt, es)
    return 0, -1


@njit(cache=True)
def _score_trick(table: np.ndarray, leader: int, fmt: np.ndarray, es: np.ndarray,
                 pos: np.ndarray, kat: np.ndarray, nat: np.ndarray, npos: np.ndarray,
                 two_quads: bool, seen: np.ndarray, played: np.ndarray) -> tuple:
    """The trick's winner and points; its cards join the seen and played counts."""
    win = trick_winner_seat(table, leader, fmt, es, pos, kat, nat, npos, two_quads, 4)
    pts = 0
    for s in range(4):
        pts += card_points(table[s])
        for k in range(N_KINDS):
            seen[k] += table[s, k]
            played[s, k] += table[s, k]
    return win, pts


@njit(cache=True)
def _kou_di(res: np.ndarray, win: int, pts: int, size: int, kou_sides: int, kou_mult: int,
            attackers_win: bool) -> None:
    """扣底: the last trick's winner and what its points pay."""
    res[R_LAST] = win
    factor = kou_di_factor(size, kou_mult)
    if kou_sides != KOU_OFF:
        if attackers_win:
            res[R_KOU] = pts * factor
        elif kou_sides == KOU_BOTH:
            res[R_KOU] = -pts * factor


@njit(cache=True)
def _close_hand(res: np.ndarray, seen: np.ndarray, raw: int, def_raw: int, adj: int,
                trick: int) -> None:
    """The hand's totals and level change."""
    conserved = 1
    for k in range(N_KINDS):
        if seen[k] != 4:
            conserved = 0
    res[R_RAW] = raw
    res[R_DEF_RAW] = def_raw
    res[R_PENALTY] = adj
    res[R_POINTS] = raw + res[R_KOU] + adj
    side, levels = level_delta(res[R_POINTS])
    res[R_SIDE] = side
    res[R_LEVELS] = levels
    res[R_TRICKS] = trick
    res[R_CONSERVED] = conserved


@njit(cache=True)
def _refuse(res: np.ndarray, code: int, seat: int, trick: int, out: np.ndarray,
            err_play: np.ndarray) -> None:
    """Stop the hand: a strategy broke a rule."""
    res[R_ERROR] = code
    res[R_ERR_SEAT] = seat
    res[R_ERR_TRICK] = trick
    err_play[:] = out


@njit(cache=True)
def seat_streams(hand_key: np.uint64) -> np.ndarray:
    """The four seats' own generators (``uint64[4, 1]``), derived from the hand's seed."""
    srng = np.zeros((4, 1), dtype=np.uint64)
    for s in range(4):
        srng[s, 0] = hand_seed(hand_key, s + 1)
    return srng


@njit(cache=True, inline="always")
def note_void(voids: np.ndarray, seat: int, play: np.ndarray, fmt: np.ndarray,
              es: np.ndarray) -> None:
    """Mark ``seat`` void in the led suit when ``play`` holds fewer of it than were led."""
    e = fmt[F_SUIT]
    n = 0
    for k in range(N_KINDS):
        if es[k] == e:
            n += play[k]
    if n < fmt[F_CARDS]:
        voids[seat, e] = 1


@njit(cache=False)
def _call(choose, slots, seat, obs, es, pos, kat, nat, npos, rng, out, hand):
    """Ask the seat's strategy: it returns its play's action code (``codes.encode_play``),
    which the engine turns back into the play's counts in ``out``. A code of -1 (a play
    with a card the hand lacks) leaves in ``out`` what the strategy wrote there, and any
    other code that names no play leaves it empty: either is refused as illegal."""
    code = choose(slots[seat], obs, es, pos, kat, nat, npos, rng, out)
    if code != -1 and not decode_play(hand, code, out):
        out[:] = 0
