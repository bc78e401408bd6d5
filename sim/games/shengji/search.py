"""升级's compiled sampled-world search, and the hand loop of runs with search seats.

A hand in progress is a *world*: ``cards`` (``int8[3, 4, 54]``: the hands, the table, the
cards each seat played in finished tricks), the shown ``voids``, the lead's ``fmt``, the
public ``info`` scalars of the observation and the scalars ``sc`` (``W_…``: leader, plays
made to the trick, points, tricks, cards left …). :func:`apply_play` plays one lead or
answer on it by the engine's rules (:mod:`sim.games.shengji.engine`), so a world can be
copied and played on from any decision.

:func:`search_choice` is the ``search`` strategy (:class:`sim.search.SearchParams`). At a
decision the engine does not play itself (a forced answer), it asks the rollout policy
for its own play, then ranks the other candidates cheaply:

* to lead, every single combination of the hand (:func:`~sim.games.shengji.leads.list_units`),
  the one with most cards first, then the highest top card, ties in the order listed;
* to follow, the distinct legal answers the rules' builder makes under fixed preferences,
  in this order: lowest cards, points given, points kept, highest cards, each other suit
  discarded first — each with the required shape built low, then built high.

It keeps the rollout's play and the next ``width`` − 1 (``width`` 0: every candidate);
with a single candidate it plays it. Then ``k`` worlds (:func:`sim.games.shengji.world.deal_world`),
each candidate played in a copy of each and the hand finished by the rollout kernel in every
seat, with the same world and the same rollout generators for every candidate (common
random numbers); the best mean of the seat's side's points wins (the attackers' points
after 扣底 and failed throws, negated for the 庄家 side), ties to the earlier candidate. One
draw of the seat's own generator seeds each decision's search, so the batch and the Python
driver make the same choices.

The kernels are called through ``choose(slots[j], …)``: ``slots[p]`` is seat ``p``'s
strategy and ``slots[ROLLOUT + p]`` its rollout kernel when it searches;
:func:`specialised` compiles the functions once per palette (:mod:`sim.specialise`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sampled import best_candidate, pick_candidates
from sim.games.shengji.cards import DECK_SIZE, N_KINDS, POINTS
from sim.games.shengji.codes import decode_play, encode_play
from sim.games.shengji.combos import F_CARDS, F_PARTS, F_SUIT, FMT_SIZE, decompose, only_suit
from sim.games.shengji.engine import (
    FOLLOW, LEAD, R_CONSERVED, R_DEF_RAW, R_ERROR, R_FAILED, R_KOU, R_LAST,
    R_LEVELS, R_PENALTY, R_POINTS, R_RAW, R_SIDE, R_THROWS, R_TRICKS, _deal_hand, _lead_suit,
    _public_info, _refuse, forced_follow, note_void, seat_streams,
)
from sim.games.shengji.follow import build_follow, follow_check
from sim.games.shengji.leads import MAX_UNITS, list_units, unit_cards
from sim.games.shengji.observe import (
    I_ATTACKER_POINTS, I_DEFENDER_POINTS, I_LEADER, I_N_PLAYED, I_TABLE_POINTS, I_TRICK,
    I_WINNER, OBS_SIZE, fill_obs,
)
from sim.games.shengji.order import N_ESUITS, new_order
from sim.games.shengji.rules import (
    KOU_BOTH, KOU_OFF, V_CROSS_TIER, V_DECL, V_KOU_MULT, V_KOU_SIDES, V_PENALTY, V_START_LEVEL,
    V_TWO_QUADS,
)
from sim.games.shengji.scoring import card_points, kou_di_factor, level_delta
from sim.games.shengji.trick import reduce_throw, throw_blocked, trick_winner_seat
from sim.games.shengji.world import deal_world
from sim.rng import hand_seed, next_u64

ROLLOUT = 4  # slots[ROLLOUT + p]: seat p's rollout kernel when it searches
# the world's scalars
(W_LEADER, W_NPLAYED, W_RAW, W_DEF_RAW, W_ADJ, W_TRICK, W_LEFT, W_KOU, W_LAST, W_THROWS,
 W_FAILED, W_ZHUANG) = range(12)
N_SC = 12
# the rule options a world needs
N_PREFS = 3 + N_ESUITS  # builder preferences: low, points given, points kept, high; then suits
MAX_CANDS = MAX_UNITS + 1


@njit(cache=True)
def actor(sc: np.ndarray) -> int:
    """The seat to play next in a world."""
    return (sc[W_LEADER] + sc[W_NPLAYED]) % 4


@njit(cache=True)
def world_obs(cards, voids, fmt, info, sc, es, pos, kat, nat, npos, two_quads, obs) -> None:
    """Fill ``obs`` for the seat to play, with the public scalars the engine sets."""
    leader, d = sc[W_LEADER], sc[W_NPLAYED]
    info[I_TRICK] = sc[W_TRICK]
    info[I_ATTACKER_POINTS] = sc[W_RAW]
    info[I_DEFENDER_POINTS] = sc[W_DEF_RAW]
    info[I_LEADER] = leader
    info[I_N_PLAYED] = d
    if d == 0:
        info[I_WINNER] = leader
        info[I_TABLE_POINTS] = 0
    else:
        info[I_WINNER] = trick_winner_seat(cards[1], leader, fmt, es, pos, kat, nat, npos,
                                           two_quads, d)
        pts = 0
        for s in range(4):
            pts += card_points(cards[1, s])
        info[I_TABLE_POINTS] = pts
    fill_obs(obs, LEAD if d == 0 else FOLLOW, (leader + d) % 4, cards[0], cards[1], cards[2],
             fmt, voids, info)


@njit(cache=True)
def apply_play(cards, voids, fmt, sc, cfg, es, pos, kat, nat, npos, play, spare) -> None:
    """Play ``play`` (a legal lead or answer of the seat to play; a failed throw is cut
    to its blocked part in place) and finish the trick after its fourth play."""
    seat = actor(sc)
    two_quads = cfg[V_TWO_QUADS] != 0
    hands, table = cards[0], cards[1]
    if sc[W_NPLAYED] == 0:
        e = only_suit(play, es)
        decompose(play, kat, nat, npos, e, fmt)
        if fmt[F_PARTS] > 1:
            sc[W_THROWS] += 1
            blocked = throw_blocked(fmt, hands, seat, kat, nat, npos, two_quads)
            if blocked >= 0:
                sc[W_FAILED] += 1
                spare[:] = play
                reduce_throw(spare, fmt, blocked, kat, nat, play)
                decompose(play, kat, nat, npos, e, fmt)
                attacker = (seat - sc[W_ZHUANG]) % 2 == 1
                sc[W_ADJ] += -cfg[V_PENALTY] if attacker else cfg[V_PENALTY]
    else:
        note_void(voids, seat, play, fmt, es)
    for k in range(N_KINDS):
        table[seat, k] = play[k]
        hands[seat, k] -= play[k]
    sc[W_NPLAYED] += 1
    if sc[W_NPLAYED] == 4:
        _finish_trick(cards, fmt, sc, cfg, es, pos, kat, nat, npos, two_quads)


@njit(cache=True)
def _finish_trick(cards, fmt, sc, cfg, es, pos, kat, nat, npos, two_quads) -> None:
    table, played = cards[1], cards[2]
    leader = sc[W_LEADER]
    win = trick_winner_seat(table, leader, fmt, es, pos, kat, nat, npos, two_quads, 4)
    pts = 0
    for s in range(4):
        pts += card_points(table[s])
        for k in range(N_KINDS):
            played[s, k] += table[s, k]
    attackers_win = (win - sc[W_ZHUANG]) % 2 == 1
    if attackers_win:
        sc[W_RAW] += pts
    else:
        sc[W_DEF_RAW] += pts
    size = fmt[F_CARDS]
    sc[W_LEFT] -= size
    sc[W_TRICK] += 1
    if sc[W_LEFT] == 0:
        sc[W_LAST] = win
        factor = kou_di_factor(size, cfg[V_KOU_MULT])
        if cfg[V_KOU_SIDES] != KOU_OFF:
            if attackers_win:
                sc[W_KOU] = pts * factor
            elif cfg[V_KOU_SIDES] == KOU_BOTH:
                sc[W_KOU] = -pts * factor
    sc[W_LEADER] = win
    sc[W_NPLAYED] = 0
    fmt[:] = 0
    table[:] = 0


@njit(cache=True)
def attacker_points(sc: np.ndarray) -> int:
    """The attackers' points of a finished world: taken, 扣底 and failed throws."""
    return sc[W_RAW] + sc[W_KOU] + sc[W_ADJ]


@njit(cache=True)
def _legal_now(cards, fmt, sc, es, kat, nat, npos, two_quads, play) -> int:
    """0 when ``play`` is legal for the seat to play, else the code of the rule it breaks."""
    hand = cards[0, actor(sc)]
    if sc[W_NPLAYED] == 0:
        e = _lead_suit(play, hand, es)
        return -e if e < 0 else 0
    return follow_check(hand, play, fmt, es, kat, nat, npos, two_quads)


@njit(cache=True)
def _plain_play(cards, fmt, sc, es, pos, kat, nat, npos, two_quads, out) -> None:
    """A legal play: the lowest single to lead, the builder's lowest answer to follow."""
    hand = cards[0, actor(sc)]
    out[:] = 0
    if sc[W_NPLAYED] == 0:
        best = -1
        for k in range(N_KINDS):
            if hand[k] > 0 and (best < 0 or es[k] < es[best]
                                or (es[k] == es[best] and pos[k] < pos[best])):
                best = k
        out[best] = 1
    else:
        pref = -pos.astype(np.float64)
        build_follow(hand, fmt, es, kat, nat, npos, two_quads, pref, False, out)


@njit(cache=True)
def _roll(choose, slots, who, obs, es, pos, kat, nat, npos, rng, out):
    """Seat ``who``'s rollout kernel."""
    return choose(slots[ROLLOUT + who], obs, es, pos, kat, nat, npos, rng, out)


@njit(cache=True)
def _own(choose, slots, seat, obs, es, pos, kat, nat, npos, rng, out):
    """Seat ``seat``'s own strategy kernel."""
    return choose(slots[seat], obs, es, pos, kat, nat, npos, rng, out)


@njit(cache=True)
def _decoded(code, hand, out) -> None:
    """The engine's reading of a kernel's code: -1 keeps ``out``, a code naming no play
    empties it."""
    if code != -1 and not decode_play(hand, code, out):
        out[:] = 0


@njit(cache=True)
def play_out(choose, slots, who, cards, voids, fmt, info, sc, cfg, es, pos,
             kat, nat, npos, obs, out, spare, rngs) -> None:
    """Play the world to the end of the hand with seat ``who``'s rollout kernel in every seat
    (``rngs``: one generator per seat); forced answers as the engine plays them, and an
    illegal rollout play replaced by :func:`_plain_play`."""
    two_quads = cfg[V_TWO_QUADS] != 0
    while sc[W_LEFT] > 0:
        seat = actor(sc)
        out[:] = 0
        if sc[W_NPLAYED] == 0 or not forced_follow(cards[0, seat], fmt, es, out):
            world_obs(cards, voids, fmt, info, sc, es, pos, kat, nat, npos, two_quads, obs)
            code = _roll(choose, slots, who, obs, es, pos, kat, nat, npos,
                         rngs[seat], out)
            _decoded(code, cards[0, seat], out)
            if _legal_now(cards, fmt, sc, es, kat, nat, npos, two_quads, out) != 0:
                _plain_play(cards, fmt, sc, es, pos, kat, nat, npos, two_quads, out)
        apply_play(cards, voids, fmt, sc, cfg, es, pos, kat, nat, npos, out, spare)


@njit(cache=True)
def _same(a, b) -> bool:
    for k in range(N_KINDS):
        if a[k] != b[k]:
            return False
    return True


@njit(cache=True)
def _add(plays, n, play) -> int:
    """Append ``play`` to ``plays[:n]`` unless it is there; returns the new count."""
    for i in range(n):
        if _same(plays[i], play):
            return n
    plays[n] = play
    return n + 1


@njit(cache=True)
def list_candidates(cards, fmt, sc, es, pos, kat, nat, npos, two_quads, first, plays,
                    keys) -> int:
    """``plays[0]`` = ``first`` (the rollout's play), then the other candidates with their
    ranking ``keys`` (smallest first; see the module's text); returns how many."""
    hand = cards[0, actor(sc)]
    plays[0] = first
    keys[0] = -(1 << 40)
    n = 1
    play = np.zeros(N_KINDS, dtype=np.int8)
    if sc[W_NPLAYED] == 0:
        units = np.zeros((MAX_UNITS, 4), dtype=np.int64)
        u = list_units(hand, kat, nat, npos, units)
        for i in range(u):
            unit_cards(hand, kat, nat, units[i], play)
            m = _add(plays, n, play)
            if m > n:
                keys[n] = -(units[i, 1] * units[i, 2]) * 64 - units[i, 3]
                n = m
        return n
    low = -pos.astype(np.float64)
    pref = np.empty(N_KINDS, dtype=np.float64)
    rank = 0
    for desc in (False, True):
        for p in range(N_PREFS):
            for k in range(N_KINDS):
                if p == 0:
                    pref[k] = low[k]
                elif p == 1:
                    pref[k] = low[k] + 100.0 * POINTS[k]
                elif p == 2:
                    pref[k] = low[k] - 100.0 * POINTS[k]
                elif p == 3:
                    pref[k] = -low[k]
                else:
                    pref[k] = low[k] + (1000.0 if es[k] == p - 3 else 0.0)
            if p >= 3 and p - 3 == fmt[F_SUIT]:
                continue
            build_follow(hand, fmt, es, kat, nat, npos, two_quads, pref, desc, play)
            rank += 1
            if follow_check(hand, play, fmt, es, kat, nat, npos, two_quads) == 0:
                m = _add(plays, n, play)
                if m > n:
                    keys[n] = rank
                    n = m
    return n


@njit(cache=True)
def search_choice(choose, slots, cards, voids, fmt, info, sc, cfg, es, pos,
                  kat, nat, npos, seat, k, width, rng, out):
    """The play seat ``seat`` (to play in the world, not forced) makes under
    ``search(k, width)``: written into ``out``, its code returned. One draw of ``rng`` (the
    seat's own generator) seeds everything it samples; the world is not changed."""
    two_quads = cfg[V_TWO_QUADS] != 0
    gen = np.zeros(1, dtype=np.uint64)
    gen[0] = next_u64(rng)
    hand = cards[0, seat]
    obs = np.zeros(OBS_SIZE, dtype=np.int16)
    play = np.zeros(N_KINDS, dtype=np.int8)
    spare = np.zeros(N_KINDS, dtype=np.int8)
    roll = np.zeros(1, dtype=np.uint64)
    roll[0] = next_u64(gen)
    world_obs(cards, voids, fmt, info, sc, es, pos, kat, nat, npos, two_quads, obs)
    code = _roll(choose, slots, seat, obs, es, pos, kat, nat, npos, roll, play)
    _decoded(code, hand, play)
    if _legal_now(cards, fmt, sc, es, kat, nat, npos, two_quads, play) != 0:
        _plain_play(cards, fmt, sc, es, pos, kat, nat, npos, two_quads, play)
    plays = np.zeros((MAX_CANDS, N_KINDS), dtype=np.int8)
    keys = np.zeros(MAX_CANDS, dtype=np.int64)
    n = list_candidates(cards, fmt, sc, es, pos, kat, nat, npos, two_quads, play, plays, keys)
    idx = np.arange(n)
    cand = np.empty(n, dtype=np.int64)
    m = pick_candidates(idx, n, 0, keys[:n], width, cand)
    if m > 1:
        totals = np.zeros(m, dtype=np.float64)
        w_cards = cards.copy()
        t_cards = cards.copy()
        t_voids = voids.copy()
        t_fmt = fmt.copy()
        t_info = info.copy()
        t_sc = sc.copy()
        side = 1 if (seat - sc[W_ZHUANG]) % 2 == 1 else -1
        for _ in range(k):
            deal_world(cards[0], seat, cards[1], cards[2], voids, es, gen, w_cards[0])
            seed = next_u64(gen)
            for c in range(m):
                t_cards[:] = w_cards
                t_voids[:] = voids
                t_fmt[:] = fmt
                t_info[:] = info
                t_sc[:] = sc
                play[:] = plays[cand[c]]
                apply_play(t_cards, t_voids, t_fmt, t_sc, cfg, es, pos, kat, nat, npos, play,
                           spare)
                rngs = seat_streams(seed)
                play_out(choose, slots, seat, t_cards, t_voids, t_fmt, t_info,
                         t_sc, cfg, es, pos, kat, nat, npos, obs, play, spare, rngs)
                totals[c] += side * attacker_points(t_sc)
        best = cand[best_candidate(totals, m)]
    else:
        best = cand[0]
    out[:] = plays[best]
    return encode_play(hand, out)


@njit(cache=True)
def play_search_hand(state, level, zhuang_in, rules, choose, slots, ks, widths, res,
                     err_play) -> None:
    """As :func:`sim.games.shengji.engine.play_hand`, with the seats whose ``ks`` is positive
    playing :func:`search_choice` (``ks``, ``widths`` per seat). The search's worlds read
    their rules from the same ``rules`` vector."""
    two_quads = rules[V_TWO_QUADS] != 0
    cards = np.zeros((3, 4, N_KINDS), dtype=np.int8)
    res[:] = 0
    srng = seat_streams(state[0])
    trump, zhuang = _deal_hand(state, level, zhuang_in, rules[V_DECL], cards[0], res)
    es, pos, kat, nat, npos = new_order(level, trump, rules[V_CROSS_TIER] != 0)
    voids = np.zeros((4, N_ESUITS), dtype=np.int8)
    fmt = np.zeros(FMT_SIZE, dtype=np.int16)
    info = _public_info(level, trump, zhuang, two_quads)
    obs = np.zeros(OBS_SIZE, dtype=np.int16)
    out = np.zeros(N_KINDS, dtype=np.int8)
    spare = np.zeros(N_KINDS, dtype=np.int8)
    sc = np.zeros(N_SC, dtype=np.int64)
    sc[W_LEADER] = zhuang
    sc[W_ZHUANG] = zhuang
    sc[W_LEFT] = DECK_SIZE // 4
    sc[W_LAST] = -1
    cfg = rules  # the worlds' rules: the same vector
    while sc[W_LEFT] > 0:
        seat = actor(sc)
        out[:] = 0
        if sc[W_NPLAYED] == 0 or not forced_follow(cards[0, seat], fmt, es, out):
            if ks[seat] > 0:
                search_choice(choose, slots, cards, voids, fmt, info, sc, cfg,
                              es, pos, kat, nat, npos, seat, ks[seat], widths[seat], srng[seat],
                              out)
            else:
                world_obs(cards, voids, fmt, info, sc, es, pos, kat, nat, npos, two_quads, obs)
                code = _own(choose, slots, seat, obs, es, pos, kat, nat, npos,
                            srng[seat], out)
                _decoded(code, cards[0, seat], out)
        bad = _legal_now(cards, fmt, sc, es, kat, nat, npos, two_quads, out)
        if bad != 0:
            _refuse(res, bad, seat, sc[W_TRICK], out, err_play)
            return
        apply_play(cards, voids, fmt, sc, cfg, es, pos, kat, nat, npos, out, spare)
    _close(res, cards[2], sc)


@njit(cache=True)
def _close(res, played, sc) -> None:
    """The hand's results, as the engine records them."""
    conserved = 1
    for k in range(N_KINDS):
        c = 0
        for s in range(4):
            c += played[s, k]
        if c != 4:
            conserved = 0
    res[R_RAW] = sc[W_RAW]
    res[R_DEF_RAW] = sc[W_DEF_RAW]
    res[R_PENALTY] = sc[W_ADJ]
    res[R_KOU] = sc[W_KOU]
    res[R_LAST] = sc[W_LAST]
    res[R_THROWS] = sc[W_THROWS]
    res[R_FAILED] = sc[W_FAILED]
    res[R_POINTS] = attacker_points(sc)
    side, levels = level_delta(res[R_POINTS])
    res[R_SIDE] = side
    res[R_LEVELS] = levels
    res[R_TRICKS] = sc[W_TRICK]
    res[R_CONSERVED] = conserved


@njit(cache=True)
def play_search_hands(root, start, count, rules, choose, slots, ks, widths, seeds, res,
                      err_play) -> int:
    """As :func:`sim.games.shengji.batch.play_hands` with search seats; returns the index of
    a hand with an illegal play, or -1."""
    level = rules[V_START_LEVEL]
    state = np.zeros(1, dtype=np.uint64)
    for i in range(count):
        seeds[i] = hand_seed(root, start + i)
        state[0] = seeds[i]
        play_search_hand(state, level, -1, rules, choose, slots, ks, widths, res[i], err_play)
        if res[i, R_ERROR] != 0:
            return i
    return -1


def specialised(kernels: list) -> object:
    """The search functions and :func:`play_search_hands` compiled for eight kernels (each
    seat's strategy, then each seat's rollout), cached on disk."""
    import sys

    from sim.registry import builtin_kernels
    from sim.specialise import specialise

    return specialise([sys.modules[__name__]],
                      [_roll, _own, play_out, search_choice, play_search_hand,
                       play_search_hands], kernels, palette=builtin_kernels("shengji"))


def world_arrays(game) -> tuple:
    """The world of a Python driver's hand (copies): ``(cards, voids, fmt, info, sc, cfg)``."""
    from sim.games.shengji.rules import rules_vector

    cards = np.stack([game.hands, game.table, game.played]).astype(np.int8)
    sc = np.zeros(N_SC, dtype=np.int64)
    sc[W_LEADER], sc[W_NPLAYED] = game.leader, game.n_played
    sc[W_RAW], sc[W_DEF_RAW], sc[W_ADJ] = game.raw, game.def_raw, game.penalty
    sc[W_TRICK], sc[W_LEFT], sc[W_KOU] = game.trick, game.left, game.kou_di
    sc[W_LAST], sc[W_THROWS], sc[W_FAILED] = game.last_winner, game.throws, game.failed
    sc[W_ZHUANG] = game.zhuang
    cfg = rules_vector(game.rules)
    info = game.info.astype(np.int32).copy()
    voids, fmt = game.voids.astype(np.int8).copy(), game.fmt.astype(np.int16).copy()
    return cards, voids, fmt, info, sc, cfg
