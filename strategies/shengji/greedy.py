"""``greedy``: a simple card-counting heuristic.

Leading: throw (甩牌) every combination of a side suit that no other player can beat
(it counts the cards seen); else lead the lowest non-point single of its shortest side
suit, to void it for ruffing; with only trumps left, the lowest trump. Following: when
the partner is winning and nobody can overtake (last to play, or the partner ruffed),
feed point cards; when an opponent is winning, win cheaply if the trick holds points
or it plays last, ruffing (毙) when void and the trick holds 10 points or more;
otherwise play its lowest cards, keeping trumps and points.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.shengji.cards import N_KINDS, POINTS
from sim.games.shengji.combos import (
    F_CARDS,
    F_FIRST,
    F_SUIT,
    FMT_SIZE,
    P_RUN,
    P_TOP,
    P_WIDTH,
    PART_SIZE,
    decompose,
    run_kind,
    suit_count,
)
from sim.games.shengji.follow import build_follow
from sim.games.shengji.observe import (
    I_LEADER,
    I_MODE,
    I_N_PLAYED,
    I_SEAT,
    I_TABLE_POINTS,
    I_TWO_QUADS,
    I_WINNER,
    O_HAND,
    O_SEEN,
    O_TABLE,
    obs_cards,
    obs_fmt,
    obs_get,
    obs_rows,
)
from sim.games.shengji.order import TRUMP
from sim.games.shengji.trick import play_key
from strategies.shengji.common import answer, is_sure


@njit(cache=True)
def _lead(hand, table, seen, es, pos, kat, nat, npos, out):
    fmt = np.zeros(FMT_SIZE, dtype=np.int16)
    best_e = -1
    best_total = 0
    best_cards = np.zeros(N_KINDS, dtype=np.int8)
    for e in range(4):
        sub = np.zeros(N_KINDS, dtype=np.int8)
        n_cards = 0
        for k in range(N_KINDS):
            if es[k] == e:
                sub[k] = hand[k]
                n_cards += hand[k]
        if n_cards == 0:
            continue
        m = decompose(sub, kat, nat, npos, e, fmt)
        pick = np.zeros(N_KINDS, dtype=np.int8)
        total = 0
        rest = sub.copy()
        for i in range(m):
            w = fmt[F_FIRST + PART_SIZE * i + P_WIDTH]
            n = fmt[F_FIRST + PART_SIZE * i + P_RUN]
            top = fmt[F_FIRST + PART_SIZE * i + P_TOP]
            if is_sure(hand, seen, table, es, pos, e, w, n, top):
                for p in range(top - n + 1, top + 1):
                    k = run_kind(rest, kat, nat, e, p, w)
                    if k >= 0:
                        rest[k] -= w
                        pick[k] += w
                        total += w
        if total > best_total:
            best_total = total
            best_e = e
            best_cards[:] = pick
    if best_e >= 0:
        out[:] = best_cards
        return
    # no sure winner: lowest non-point single of the shortest side suit
    short_e = -1
    short_n = 999
    for e in range(4):
        c = suit_count(hand, es, e)
        if 0 < c < short_n:
            short_n = c
            short_e = e
    e = short_e if short_e >= 0 else TRUMP
    best = -1
    for k in range(N_KINDS):
        if es[k] == e and hand[k] > 0:
            if best < 0:
                best = k
            else:
                kb = pos[best] + 100 * (POINTS[best] > 0)
                kk = pos[k] + 100 * (POINTS[k] > 0)
                if kk < kb:
                    best = k
    out[best] = 1


@njit(cache=True)
def greedy_kernel(obs, es, pos, kat, nat, npos, rng, out):
    """The compiled ``greedy`` strategy (engine signature): the code of its play."""
    _greedy_play(obs, es, pos, kat, nat, npos, rng, out)
    return answer(obs, out)


@njit(cache=True)
def _greedy_play(obs, es, pos, kat, nat, npos, rng, out):
    """Build the play in ``out``."""
    out[:] = 0
    hand = obs_cards(obs, O_HAND)
    table = obs_rows(obs, O_TABLE)
    if obs_get(obs, I_MODE) == 0:
        _lead(hand, table, obs_cards(obs, O_SEEN), es, pos, kat, nat, npos, out)
        return
    fmt = obs_fmt(obs)
    seat = obs_get(obs, I_SEAT)
    leader = obs_get(obs, I_LEADER)
    two_quads = obs_get(obs, I_TWO_QUADS) == 1
    e = fmt[F_SUIT]
    size = fmt[F_CARDS]
    winner = obs_get(obs, I_WINNER)
    tpts = obs_get(obs, I_TABLE_POINTS)
    last = obs_get(obs, I_N_PLAYED) == 3
    partner_winning = winner == (seat + 2) % 4
    best_key = play_key(table[winner], fmt, winner == leader, es, pos, kat, nat, npos, two_quads)
    held = suit_count(hand, es, e)
    low = np.empty(N_KINDS, dtype=np.float64)
    feed = np.empty(N_KINDS, dtype=np.float64)
    high = np.empty(N_KINDS, dtype=np.float64)
    for k in range(N_KINDS):
        keep = 100.0 if es[k] == TRUMP and e != TRUMP else 0.0
        low[k] = -pos[k] - 30.0 * (POINTS[k] > 0) - keep
        feed[k] = 3.0 * POINTS[k] - pos[k] - keep
        high[k] = pos[k] + 0.0
    cand = np.zeros(N_KINDS, dtype=np.int8)
    if partner_winning:
        if last or (best_key >= 1000 and e != TRUMP):
            build_follow(hand, fmt, es, kat, nat, npos, two_quads, feed, False, out)
        else:
            build_follow(hand, fmt, es, kat, nat, npos, two_quads, low, False, out)
        return
    if held >= size:
        build_follow(hand, fmt, es, kat, nat, npos, two_quads, low, False, cand)
        if play_key(cand, fmt, False, es, pos, kat, nat, npos, two_quads) > best_key:
            out[:] = cand
            return
        if last or tpts >= 10:
            build_follow(hand, fmt, es, kat, nat, npos, two_quads, high, True, cand)
            if play_key(cand, fmt, False, es, pos, kat, nat, npos, two_quads) > best_key:
                out[:] = cand
                return
        build_follow(hand, fmt, es, kat, nat, npos, two_quads, low, False, out)
        return
    if held == 0 and e != TRUMP and suit_count(hand, es, TRUMP) >= size and (
            tpts >= 10 or (last and tpts > 0)):
        ruff = fmt.copy()
        ruff[F_SUIT] = TRUMP
        build_follow(hand, ruff, es, kat, nat, npos, two_quads, low, False, cand)
        if play_key(cand, fmt, False, es, pos, kat, nat, npos, two_quads) > best_key:
            out[:] = cand
            return
    build_follow(hand, fmt, es, kat, nat, npos, two_quads, low, False, out)
