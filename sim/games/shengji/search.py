"""升级's primitives of :mod:`sim.loops`' sampled-world search (the hand loop's are in
:mod:`.batch`; a world is a state of :mod:`sim.games.shengji.state`).

The ``search`` strategy (:class:`sim.search.SearchParams`) is :mod:`sim.loops`'. The plays
of a hand are not listed, so :func:`candidates` names what it tries: at a decision the
engine does not play itself (a forced answer), the rollout policy's own play (one it may
not make replaced by the plain play), then the other candidates ranked cheaply:

* to lead, every single combination of the hand (:func:`~sim.games.shengji.leads.list_units`),
  the one with most cards first, then the highest top card, ties in the order listed;
* to follow, the distinct legal answers the rules' builder makes under fixed preferences,
  in this order: lowest cards, points given, points kept, highest cards, each other suit
  discarded first — each with the required shape built low, then built high.

It keeps the rollout's play and the next ``width`` − 1 (``width`` 0: every candidate);
with a single candidate it plays it. Then ``k`` worlds (:func:`sim.games.shengji.world.resample_world`),
each candidate played in a copy of each and the hand finished by the rollout kernel in every
seat, with the same world and the same rollout generators for every candidate (common
random numbers); the best mean of the seat's side's points wins (the attackers' points
after 扣底 and failed throws, negated for the 庄家 side), ties to the earlier candidate. One
draw of the seat's own generator seeds each decision's search, so the batch and the Python
driver make the same choices.

``slots[p]`` is seat ``p``'s strategy and ``slots[ROLLOUT + p]`` its rollout kernel when it
searches; :func:`specialised` compiles the loop once per palette (:mod:`sim.specialise`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sampled import pick_candidates
from sim.games.shengji.batch import CHOICE, _decoded  # noqa: F401 (CHOICE: the driver's count)
from sim.games.shengji.cards import N_KINDS, POINTS
from sim.games.shengji.codes import encode_play
from sim.games.shengji.combos import F_SUIT
from sim.games.shengji.engine import seat_streams
from sim.games.shengji.follow import build_follow, follow_check
from sim.games.shengji.leads import MAX_UNITS, list_units, unit_cards
from sim.games.shengji.order import N_ESUITS
from sim.games.shengji.rules import V_TWO_QUADS
from sim.games.shengji.state import (
    CARDS, ES, FMT, KAT, NAT, NPOS, POS, SC, SRNG, W_NPLAYED, W_ZHUANG, attacker_points,
    seat_to_act, state_check, state_plain,
)
from sim.games.shengji.world import resample_world  # noqa: F401 (a primitive of sim.loops)
from sim.rng import next_u64

ROLLOUT = 4  # slots[ROLLOUT + p]: seat p's rollout kernel when it searches
N_PREFS = 3 + N_ESUITS  # builder preferences: low, points given, points kept, high; then suits
MAX_CANDS = MAX_UNITS + 1


@njit(cache=True)
def seat_points(t, seat) -> float:
    """The seat's side's points of a finished world: the attackers' points after 扣底 and
    failed throws, negated for the 庄家 side."""
    side = 1 if (seat - t[SC][W_ZHUANG]) % 2 == 1 else -1
    return side * attacker_points(t[SC])


@njit(cache=True)
def seed_rollout(t, rng) -> None:
    """A rollout's seats draw from their own generators, derived from its seed."""
    t[SRNG][:] = seat_streams(rng[0])


def candidates(choose, slots, s, ctx, seat, width, legal, n, gen, obs, buf, roll):
    """The codes to try (the module's text) and how many; one draw of ``gen`` seeds the
    rollout's play."""
    o = seat_view(s, ctx, seat, obs)  # noqa: F821 (batch's, in the compiled loop)
    roll[0] = next_u64(gen)
    code = rollout_choice(choose, slots, seat, s, ctx, o, buf, n, roll)  # noqa: F821
    play = _decoded(s, code)
    if state_check(s, ctx, play) != 0:
        state_plain(s, ctx, play)
    first = play.copy()
    plays = np.zeros((MAX_CANDS, N_KINDS), dtype=np.int8)
    keys = np.zeros(MAX_CANDS, dtype=np.int64)
    m = list_candidates(s, ctx, first, plays, keys)
    hand = s[CARDS][0, seat]
    codes = np.empty(m, dtype=np.int64)
    for i in range(m):
        codes[i] = encode_play(hand, plays[i])
    cand = np.empty(m, dtype=np.int64)
    return cand, pick_candidates(codes, m, codes[0], keys[:m], width, cand)


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
def list_candidates(s, rules, first, plays, keys) -> int:
    """``plays[0]`` = ``first`` (the rollout's play), then the other candidates of the seat
    to play in the state ``s`` with their ranking ``keys`` (smallest first; see the
    module's text); returns how many."""
    fmt, sc, es, pos = s[FMT], s[SC], s[ES], s[POS]
    kat, nat, npos = s[KAT], s[NAT], s[NPOS]
    two_quads = rules[V_TWO_QUADS] != 0
    hand = s[CARDS][0, seat_to_act(s)]
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


def specialised(kernels: list) -> object:
    """The search loop (:func:`sim.loops.search_loop`) over this game's primitives with eight
    kernels (each seat's strategy, then each seat's rollout), cached on disk."""
    import sys

    from sim.games.shengji import batch
    from sim.loops import search_loop
    from sim.registry import builtin_kernels

    return search_loop([batch, sys.modules[__name__]], kernels, palette=builtin_kernels("shengji"))

