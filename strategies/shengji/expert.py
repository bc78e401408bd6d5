"""``expert``: a card-counting player that reads voids, trumps and the last trick.

It sees only its observation (:mod:`sim.games.shengji.observe`). From the cards played
it knows how many copies of each card are unseen, how many trumps are still out, and
which seats have shown a void (a seat that did not follow suit).

Leading: every side-suit combination nobody can beat (a sure throw), but not into a suit
an opponent has shown void in while trumps are out; sure trump combinations when it
holds more trumps than are out (drawing them protects its side winners); a low card of
a suit its partner is void in, so that the partner ruffs; else the lowest non-point
single of its shortest side suit. Following: when its partner wins the trick and no
opponent after it can take it (no unseen higher combination, no opponent void and able
to ruff), it feeds its points; against an opponent it wins the trick cheaply, choosing
a higher answer when an opponent still to play could overtake; it ruffs tricks worth 5
or more, high when an opponent after it is void too; otherwise it plays low and keeps
points and trumps. With few cards left (the last trick counts ×k, 扣底) it keeps its
highest trumps for the end and spends them only to win points.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.shengji.cards import N_KINDS, POINTS
from sim.games.shengji.combos import (
    F_CARDS,
    F_FIRST,
    F_PARTS,
    F_SUIT,
    FMT_SIZE,
    P_RUN,
    P_TOP,
    P_WIDTH,
    PART_SIZE,
    decompose,
    only_suit,
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
    O_VOID,
    obs_cards,
    obs_fmt,
    obs_get,
    obs_rows,
)
from sim.games.shengji.order import N_ESUITS, TRUMP
from sim.games.shengji.trick import play_key
from strategies.shengji.common import answer, is_sure, unseen

ENDGAME = 12  # cards in hand from which the last trick (扣底) shapes the play


@njit(cache=True)
def _void(obs, s, e):
    return obs[O_VOID + N_ESUITS * s + e] == 1


@njit(cache=True)
def _can_ruff(obs, s, e):
    """Seat ``s`` has shown a void in side suit ``e`` and not in trump."""
    return e != TRUMP and _void(obs, s, e) and not _void(obs, s, TRUMP)


@njit(cache=True)
def _trumps_out(hand, seen, table, es):
    c = 0
    for k in range(N_KINDS):
        if es[k] == TRUMP:
            c += unseen(hand, seen, table, k)
    return c


@njit(cache=True)
def _sure_cards(hand, table, seen, es, pos, kat, nat, npos, e, pick):
    """Put into ``pick`` every component of suit ``e`` nobody can beat; returns the cards."""
    fmt = np.zeros(FMT_SIZE, dtype=np.int16)
    sub = np.zeros(N_KINDS, dtype=np.int8)
    n_cards = 0
    for k in range(N_KINDS):
        if es[k] == e:
            sub[k] = hand[k]
            n_cards += hand[k]
    pick[:] = 0
    if n_cards == 0:
        return 0
    m = decompose(sub, kat, nat, npos, e, fmt)
    rest = sub.copy()
    total = 0
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
    return total


@njit(cache=True)
def _lead(obs, hand, table, seen, es, pos, kat, nat, npos, out):
    seat = obs_get(obs, I_SEAT)
    partner = (seat + 2) % 4
    opp_a = (seat + 1) % 4
    opp_b = (seat + 3) % 4
    out_trumps = _trumps_out(hand, seen, table, es)
    my_trumps = suit_count(hand, es, TRUMP)
    n_hand = 0
    for k in range(N_KINDS):
        n_hand += hand[k]
    pick = np.zeros(N_KINDS, dtype=np.int8)
    best = np.zeros(N_KINDS, dtype=np.int8)
    best_score = 0.0
    for e in range(4):
        if out_trumps > 0 and (_can_ruff(obs, opp_a, e) or _can_ruff(obs, opp_b, e)):
            continue
        total = _sure_cards(hand, table, seen, es, pos, kat, nat, npos, e, pick)
        if total > 0:
            score = total + 0.0
            for k in range(N_KINDS):
                score += 0.1 * POINTS[k] * pick[k]
            if score > best_score:
                best_score = score
                best[:] = pick
    if best_score == 0.0 and my_trumps > out_trumps and out_trumps > 0:
        total = _sure_cards(hand, table, seen, es, pos, kat, nat, npos, TRUMP, pick)
        if total > 0 and (n_hand > ENDGAME or total < my_trumps):
            best_score = total + 0.0
            best[:] = pick
    if best_score > 0.0:
        out[:] = best
        return
    # a suit the partner can ruff and the opponents still follow
    feed_e = -1
    if not _void(obs, partner, TRUMP):
        for e in range(4):
            if _void(obs, partner, e) and not _void(obs, opp_a, e) and not _void(obs, opp_b, e):
                if suit_count(hand, es, e) > 0:
                    feed_e = e
                    break
    short_e = feed_e
    if short_e < 0:
        short_n = 999
        for e in range(4):
            c = suit_count(hand, es, e)
            if 0 < c < short_n:
                short_n = c
                short_e = e
    e = short_e if short_e >= 0 else TRUMP
    pick_k = -1
    for k in range(N_KINDS):
        if es[k] == e and hand[k] > 0:
            kk = pos[k] + 100 * (POINTS[k] > 0) + 10 * (hand[k] > 1)
            if pick_k < 0 or kk < pos[pick_k] + 100 * (POINTS[pick_k] > 0) + 10 * (hand[pick_k] > 1):
                pick_k = k
    out[pick_k] = 1


@njit(cache=True)
def _winner_safe(obs, hand, table, seen, fmt, winner, es, pos, kat, nat, npos, seat, n_played):
    """No opponent still to play can take the trick from ``winner`` (as far as the cards seen tell)."""
    e = fmt[F_SUIT]
    play = table[winner]
    we = only_suit(play, es)
    pf = np.zeros(FMT_SIZE, dtype=np.int16)
    for j in range(1, 4 - n_played):
        s = (seat + j) % 4
        if (s - winner) % 2 == 0:
            continue  # the winner's partner
        if we == TRUMP and e != TRUMP:  # a ruff: an opponent void in e may overruff
            if _can_ruff(obs, s, e):
                m = decompose(play, kat, nat, npos, TRUMP, pf)
                for i in range(m):
                    part = F_FIRST + PART_SIZE * i
                    if not is_sure(hand, seen, table, es, pos, TRUMP, pf[part + P_WIDTH],
                                   pf[part + P_RUN], pf[part + P_TOP]):
                        return False
            continue
        if _can_ruff(obs, s, e):
            return False
        if fmt[F_PARTS] == 1 and not _void(obs, s, e):
            m = decompose(play, kat, nat, npos, we, pf)
            if m == 1 and not is_sure(hand, seen, table, es, pos, we, pf[F_FIRST + P_WIDTH],
                                      pf[F_FIRST + P_RUN], pf[F_FIRST + P_TOP]):
                return False
    return True


@njit(cache=True)
def _prefs(es: np.ndarray, pos: np.ndarray, e: int, endgame: bool) -> tuple:
    """Card preferences to follow with: ``low`` (cheap, keeps points and trumps), ``feed``
    (points first) and ``high``."""
    low = np.empty(N_KINDS, dtype=np.float64)
    feed = np.empty(N_KINDS, dtype=np.float64)
    high = np.empty(N_KINDS, dtype=np.float64)
    for k in range(N_KINDS):
        keep = 100.0 if es[k] == TRUMP and e != TRUMP else 0.0
        if endgame and es[k] == TRUMP:
            keep += 2.0 * pos[k]  # the highest trumps win the last trick
        low[k] = -pos[k] - 30.0 * (POINTS[k] > 0) - keep
        feed[k] = 3.0 * POINTS[k] - pos[k] - keep
        high[k] = pos[k] + 0.0
    return low, feed, high


@njit(cache=True)
def _in_suit(obs, hand, table, seen, fmt, es, pos, kat, nat, npos, seat, n_played, two_quads,
             low, high, best_key, tpts, out):
    """Answer in the led suit, holding enough of it: win cheaply, higher when an opponent
    after it could overtake, else play low."""
    e = fmt[F_SUIT]
    last = n_played == 3
    cand = np.zeros(N_KINDS, dtype=np.int8)
    build_follow(hand, fmt, es, kat, nat, npos, two_quads, low, False, cand)
    low_wins = play_key(cand, fmt, False, es, pos, kat, nat, npos, two_quads) > best_key
    if low_wins and (last or e != TRUMP or tpts > 0):
        table[seat] = cand
        if last or _winner_safe(obs, hand, table, seen, fmt, seat, es, pos, kat, nat, npos,
                                seat, n_played):
            out[:] = cand
            return
        out[:] = cand  # it wins for now; a higher answer may hold against the rest
        build_follow(hand, fmt, es, kat, nat, npos, two_quads, high, True, cand)
        table[seat] = cand
        if play_key(cand, fmt, False, es, pos, kat, nat, npos, two_quads) > best_key and (
                tpts >= 10 or _winner_safe(obs, hand, table, seen, fmt, seat, es, pos, kat,
                                           nat, npos, seat, n_played)):
            out[:] = cand
        return
    if not low_wins and (last or tpts >= 10):
        build_follow(hand, fmt, es, kat, nat, npos, two_quads, high, True, cand)
        if play_key(cand, fmt, False, es, pos, kat, nat, npos, two_quads) > best_key:
            out[:] = cand
            return
    build_follow(hand, fmt, es, kat, nat, npos, two_quads, low, False, out)


@njit(cache=True)
def _ruff(obs, hand, fmt, es, pos, kat, nat, npos, seat, n_played, two_quads, low, high,
          best_key, tpts, out) -> bool:
    """Ruff a side-suit trick worth 5 or more (low unless an opponent after it can ruff
    too); returns whether it wrote a play."""
    ruff = fmt.copy()
    ruff[F_SUIT] = TRUMP
    e = fmt[F_SUIT]
    last = n_played == 3
    cand = np.zeros(N_KINDS, dtype=np.int8)
    over = False
    for j in range(1, 4 - n_played):
        s = (seat + j) % 4
        if (s - seat) % 2 == 1 and _can_ruff(obs, s, e):
            over = True
    if not over:
        build_follow(hand, ruff, es, kat, nat, npos, two_quads, low, False, cand)
        if play_key(cand, fmt, False, es, pos, kat, nat, npos, two_quads) > best_key:
            out[:] = cand
            return True
    build_follow(hand, ruff, es, kat, nat, npos, two_quads, high, True, cand)
    if play_key(cand, fmt, False, es, pos, kat, nat, npos, two_quads) > best_key and (
            tpts >= 10 or last or not over):
        out[:] = cand
        return True
    return False


@njit(cache=True)
def expert_kernel(obs, es, pos, kat, nat, npos, rng, out):
    """The compiled ``expert`` strategy (engine signature): the code of its play."""
    _expert_play(obs, es, pos, kat, nat, npos, rng, out)
    return answer(obs, out)


@njit(cache=True)
def _expert_play(obs, es, pos, kat, nat, npos, rng, out):
    """Build the play in ``out``."""
    out[:] = 0
    hand = obs_cards(obs, O_HAND)
    table = obs_rows(obs, O_TABLE)
    seen = obs_cards(obs, O_SEEN)
    if obs_get(obs, I_MODE) == 0:
        _lead(obs, hand, table, seen, es, pos, kat, nat, npos, out)
        return
    fmt = obs_fmt(obs)
    seat = obs_get(obs, I_SEAT)
    leader = obs_get(obs, I_LEADER)
    two_quads = obs_get(obs, I_TWO_QUADS) == 1
    e = fmt[F_SUIT]
    size = fmt[F_CARDS]
    winner = obs_get(obs, I_WINNER)
    tpts = obs_get(obs, I_TABLE_POINTS)
    n_played = obs_get(obs, I_N_PLAYED)
    last = n_played == 3
    n_hand = 0
    for k in range(N_KINDS):
        n_hand += hand[k]
    best_key = play_key(table[winner], fmt, winner == leader, es, pos, kat, nat, npos, two_quads)
    held = suit_count(hand, es, e)
    low, feed, high = _prefs(es, pos, e, n_hand <= ENDGAME)
    if (winner - seat) % 2 == 0:  # the partner is winning
        if _winner_safe(obs, hand, table, seen, fmt, winner, es, pos, kat, nat, npos, seat,
                        n_played):
            build_follow(hand, fmt, es, kat, nat, npos, two_quads, feed, False, out)
        else:
            build_follow(hand, fmt, es, kat, nat, npos, two_quads, low, False, out)
        return
    if held >= size:
        _in_suit(obs, hand, table, seen, fmt, es, pos, kat, nat, npos, seat, n_played, two_quads,
                 low, high, best_key, tpts, out)
        return
    if held == 0 and e != TRUMP and suit_count(hand, es, TRUMP) >= size and (
            tpts >= 5 or (last and tpts > 0)):
        if _ruff(obs, hand, fmt, es, pos, kat, nat, npos, seat, n_played, two_quads, low, high,
                 best_key, tpts, out):
            return
    build_follow(hand, fmt, es, kat, nat, npos, two_quads, low, False, out)
