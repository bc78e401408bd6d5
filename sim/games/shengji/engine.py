"""The compiled hand's deal (with trump declaration) and the rule helpers the hand loop uses.

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

The hand is played by :mod:`sim.loops`' one hand loop over :mod:`sim.games.shengji.state`
(:mod:`sim.games.shengji.batch`), which checks every play with the same functions the Python
driver uses and stops the hand with an error code (:func:`_refuse`) when a strategy breaks
a rule.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.shengji.cards import DECK_SIZE, N_KINDS
from sim.games.shengji.combos import F_CARDS, F_SUIT, only_suit
from sim.games.shengji.follow import EMPTY_LEAD, MIXED_LEAD, NOT_HELD
from sim.games.shengji.observe import I_LEVEL, I_TRUMP, I_TWO_QUADS, I_ZHUANG, N_INFO
from sim.games.shengji.rules import DECL_NONE, DECL_OVERTURN
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


