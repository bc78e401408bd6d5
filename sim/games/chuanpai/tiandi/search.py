"""天地人和's compiled resample and sampled-world search, and the hand loop of runs with search seats.

:func:`resample_world` copies a state and redraws everything the seat has not seen: the
cards of the other hands and the cards the others played face down are pooled (as counts
by type, so the pool depends only on what the seat has seen), shuffled and dealt back to
those places, each hand and face-down pile keeping its size; this trick's face-down plays
of the others are named by cards of their new piles, and the log keeps of the others'
face-down plays only their size. 摆牌, face-up plays and the seat's own cards stay.
What play has revealed beyond counts (a follower who played face down could not beat) is
not kept: the redraw is uniform over the unseen cards.

:func:`search_choice` is the ``search`` strategy (:class:`sim.search.SearchParams`): with
more than one legal play, ``k`` worlds, each candidate applied to a copy of the world and
played to the end by the rollout kernel in every seat, with the same world and the same
rollout generator seed for every candidate (common random numbers); the best mean of the
seat's points wins, ties to the earlier candidate. With ``width`` > 0 the candidates are
the rollout's own choice, then the plays of most cards first (legal order among equals).
One draw of the hand's strategy generator seeds each decision's search, so the batch and
the Python driver make the same choices.

The kernels are called through ``choose(slots[j], …)``: ``slots[p]`` is seat ``p``'s
strategy and ``slots[ROLLOUT + p]`` its rollout kernel when it searches;
:func:`specialised` compiles the functions once per palette (:mod:`sim.specialise`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES
from sim.games.sampled import best_candidate, pick_candidates
from sim.games.chuanpai.tiandi import engine as E
from sim.games.chuanpai.tiandi import observe as O
from sim.games.chuanpai.tiandi.batch import (
    R_BAD_ACTION, R_BAD_HAND, R_BAD_SEAT, R_DEALER, SESSION_HANDS, record,
)
from sim.games.chuanpai.tiandi.rules import C_DEALER
from sim.games.chuanpai.tiandi.state import (
    ACTOR, DOWN, EV, EV_DOWN, FDOWN, HAND, MAX_ACTIONS, N_SEATS, NEV, PLAYS, PTS, SCRATCH, SIZE,
    STATE_SIZE, WINNER,
)
from sim.rng import hand_seed, next_u64, shuffle_prefix, strategy_seed
from sim.sessions import ROTATE, chain_dealer

ROLLOUT = 3  # slots[ROLLOUT + p]: seat p's rollout kernel when it searches


@njit(cache=True)
def resample_world(s: np.ndarray, seat: int, out: np.ndarray, rng: np.ndarray) -> None:
    """Write into ``out`` a copy of ``s`` in which everything ``seat`` has not seen is
    redrawn from the cards it has not seen, with the generator ``rng``."""
    out[:] = s
    counts = np.zeros(N_TYPES, dtype=np.int64)
    for p in range(N_SEATS):
        if p == seat:
            continue
        for k in range(N_TYPES):
            counts[k] += s[HAND + p * N_TYPES + k] + s[DOWN + p * N_TYPES + k]
    total = counts.sum()
    cards = np.empty(total, dtype=np.int64)
    at = 0
    for k in range(N_TYPES):
        for _ in range(counts[k]):
            cards[at] = k
            at += 1
    shuffle_prefix(rng, cards, total)
    at = 0
    for p in range(N_SEATS):
        if p == seat:
            continue
        for base in (HAND, DOWN):
            size = 0
            for k in range(N_TYPES):
                size += s[base + p * N_TYPES + k]
                out[base + p * N_TYPES + k] = 0
            for t in range(at, at + size):
                out[base + p * N_TYPES + cards[t]] += 1
            at += size
    pile = np.empty(84, dtype=np.int64)
    for p in range(N_SEATS):
        if p == seat or s[FDOWN + p] == 0 or s[PLAYS + p] < 0:
            continue
        m = 0
        for k in range(N_TYPES):
            for _ in range(out[DOWN + p * N_TYPES + k]):
                pile[m] = k
                m += 1
        size = 1 if s[SIZE] >= 3 else E.code_size(s[PLAYS + p])
        shuffle_prefix(rng, pile[:m], size)
        if size == 1:
            out[PLAYS + p] = pile[0]
        else:
            out[PLAYS + p] = E.code_two(min(pile[0], pile[1]), max(pile[0], pile[1]))
    for i in range(s[NEV]):
        at = EV + 3 * i
        if s[at] == EV_DOWN and s[at + 1] != seat and s[at + 2] >= 0:
            out[at + 2] = -E.code_size(s[at + 2])  # its size only, as for a set's answer
    out[SCRATCH] = 0
    if out[ACTOR] >= 0:
        E.legal_actions(out, np.empty(MAX_ACTIONS, dtype=np.int16))  # the mode of this world


@njit(cache=True)
def rank_keys(legal: np.ndarray, n: int, keys: np.ndarray) -> None:
    """The cheap ranking of the candidates beyond the rollout's own choice (smallest first):
    plays of more cards first."""
    for i in range(n):
        keys[i] = -E.code_size(legal[i])


@njit(cache=True)
def _roll(choose, slots, who, obs, legal, n, rng):
    return choose(slots[ROLLOUT + who], obs, legal, n, rng)


@njit(cache=True)
def play_out(choose, slots, who, t, obs, legal, rng):
    """Play the hand ``t`` to its end with seat ``who``'s rollout kernel in every seat."""
    n = E.run_forced(t, legal)
    while t[ACTOR] >= 0:
        O.observe(t, t[ACTOR], obs)
        E.apply_action(t, _roll(choose, slots, who, obs, legal, n, rng))
        n = E.run_forced(t, legal)


@njit(cache=True)
def search_choice(choose, slots, s, seat, k, width, legal, n, rng):
    """The play seat ``seat`` (to act in ``s``) makes under ``search(k, width)`` among
    ``legal[:n]``; one draw of ``rng`` seeds everything it samples."""
    if n == 1:
        return legal[0]
    gen = np.zeros(1, dtype=np.uint64)
    gen[0] = next_u64(rng)
    obs = np.zeros(O.OBS_SIZE, dtype=np.int16)
    buf = np.empty(MAX_ACTIONS, dtype=np.int16)
    roll = np.zeros(1, dtype=np.uint64)
    first = legal[0]
    if width > 0 and width < n:
        E.legal_actions(s, buf)
        O.observe(s, seat, obs)
        roll[0] = next_u64(gen)
        first = _roll(choose, slots, seat, obs, buf, n, roll)
    keys = np.zeros(n, dtype=np.int64)
    rank_keys(legal, n, keys)
    cand = np.empty(n, dtype=np.int64)
    m = pick_candidates(legal, n, first, keys, width, cand)
    totals = np.zeros(m, dtype=np.float64)
    world = np.empty(STATE_SIZE, dtype=np.int16)
    trial = np.empty(STATE_SIZE, dtype=np.int16)
    for _ in range(k):
        resample_world(s, seat, world, gen)
        seed = next_u64(gen)
        for c in range(m):
            trial[:] = world
            E.apply_action(trial, cand[c])
            roll[0] = seed
            play_out(choose, slots, seat, trial, obs, buf, roll)
            totals[c] += trial[PTS + seat]
    return cand[best_candidate(totals, m)]


@njit(cache=True)
def _decide(choose, slots, s, seat, obs, legal, n, rng, ks, widths):
    if ks[seat] > 0:
        return search_choice(choose, slots, s, seat, ks[seat], widths[seat], legal, n, rng)
    return choose(slots[seat], obs, legal, n, rng)


@njit(cache=True)
def play_search_hands(root, start, count, cfg, choose, slots, ks, widths, seeds, res):
    """As :func:`sim.games.chuanpai.tiandi.batch.play_hands` (dealers and 占庄 sessions
    alike), with the seats whose ``ks`` is positive playing :func:`search_choice`."""
    s = np.zeros(STATE_SIZE, dtype=np.int16)
    obs = np.zeros(O.OBS_SIZE, dtype=np.int16)
    legal = np.empty(MAX_ACTIONS, dtype=np.int16)
    rng = np.zeros(1, dtype=np.uint64)
    rule = cfg[C_DEALER]
    first = start if rule == ROTATE else start - start % SESSION_HANDS
    dealer = -1
    winner = -1
    for i in range(first, start + count):
        h = i - start
        seed = hand_seed(root, i)
        dealer = chain_dealer(i, SESSION_HANDS, N_SEATS, rule, dealer, winner)
        rng[0] = strategy_seed(seed)
        E.new_hand(s, seed, np.int64(dealer), cfg)
        n = E.run_forced(s, legal)
        while s[ACTOR] >= 0:
            seat = s[ACTOR]
            O.observe(s, seat, obs)
            a = _decide(choose, slots, s, seat, obs, legal, n, rng, ks, widths)
            ok = False
            for t in range(n):
                if legal[t] == a:
                    ok = True
                    break
            if not ok:
                row = h if h >= 0 else 0
                res[row, R_BAD_SEAT] = seat
                res[row, R_BAD_ACTION] = a
                res[row, R_BAD_HAND] = i
                res[row, R_DEALER] = dealer
                seeds[row] = seed
                return row
            E.apply_action(s, a)
            n = E.run_forced(s, legal)
        winner = s[WINNER]
        if h < 0:
            continue
        seeds[h] = seed
        record(s, cfg, res[h])
    return -1


def specialised(kernels: list) -> object:
    """The search functions and :func:`play_search_hands` compiled for six kernels (each
    seat's strategy, then each seat's rollout), cached on disk."""
    import sys

    from sim.registry import builtin_kernels
    from sim.specialise import specialise

    return specialise([sys.modules[__name__]],
                      [_roll, play_out, search_choice, _decide, play_search_hands], kernels, palette=builtin_kernels("tiandi"))
