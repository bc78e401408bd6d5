"""广水's compiled resample and sampled-world search, and the hand loop of runs with search seats.

:func:`resample_world` copies a state and redraws everything the seat has not seen: the
other seats' concealed cards and the stock's order (:func:`sim.games.sise.resample.redraw_unseen`).
The other seats' private marks go too: the kinds they passed (their ``DEAD`` row), 有子不发,
and what they declared or could declare on the card in play, so a seat asked before this
one is taken to have passed. Only when ``seat`` is not the one to act and the actor's
choice is fixed by his cards (a declaration on the card in play, the dealer's win on his
dealt 31) does the actor keep his hand and his options.

:func:`search_choice` is the ``search`` strategy (:class:`sim.search.SearchParams`): with
more than one legal action, ``k`` worlds, each candidate applied to a copy of the world and
played to the end by the rollout kernel in every seat, the same world and the same rollout
generator seed for every candidate (common random numbers); the best mean of the seat's
points wins, ties to the earlier candidate. Its generator is seeded by one draw of the
hand's strategy generator, so a hand's search seats make the same choices in the batch and
in the Python driver.

The kernels are called through ``choose(slots[j], …)``: ``slots[p]`` is seat ``p``'s
strategy and ``slots[ROLLOUT + p]`` its rollout kernel when it searches;
:func:`specialised` compiles the functions once per palette (:mod:`sim.specialise`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import N_KINDS
from sim.games.sise.guangshui import engine as E
from sim.games.sise.guangshui import observe as O
from sim.games.sise.guangshui.batch import R_BAD_ACTION, R_BAD_SEAT, record
from sim.games.sise.guangshui.state import (
    ACTOR, BAR, DEAD, DECL, HAND, HU_FORM, MAX_ACTIONS, N_SEATS, OPTS, PTS, SP, STAGE,
    ST_DEALER_HU, ST_DISCARD, ST_OFFER, STATE_SIZE, STOCK, STOCK_CARDS, priority,
)
from sim.games.sise.resample import redraw_unseen
from sim.games.sampled import best_candidate, pick_candidates
from sim.rng import hand_seed, next_u64, strategy_seed

ROLLOUT = 3  # slots[ROLLOUT + p]: seat p's rollout kernel when it searches


@njit(cache=True)
def resample_world(s: np.ndarray, seat: int, out: np.ndarray, rng: np.ndarray) -> None:
    """Write into ``out`` a copy of ``s`` in which everything ``seat`` has not seen is
    redrawn from the cards it has not seen, with the generator ``rng``."""
    out[:] = s
    keep = 1 << seat
    a = s[ACTOR]
    if a >= 0 and a != seat and (s[STAGE] == ST_OFFER or s[STAGE] == ST_DEALER_HU):
        keep |= 1 << a
    for p in range(N_SEATS):
        if (keep >> p) & 1:
            continue
        out[BAR + p] = 0
        out[DECL + p] = -1
        out[OPTS + p] = 0
        out[HU_FORM + p] = -1
        for k in range(N_KINDS):
            out[DEAD + p * N_KINDS + k] = 0
    redraw_unseen(out, rng, HAND, N_SEATS, keep, STOCK + s[SP], STOCK + STOCK_CARDS)


@njit(cache=True)
def rank_keys(s: np.ndarray, seat: int, legal: np.ndarray, n: int, keys: np.ndarray) -> None:
    """The cheap ranking of the candidates beyond the rollout's own choice (smallest first):
    a discard by how many of its kind the seat holds, a declaration by its claim priority
    (胡 first, 过 last)."""
    for i in range(n):
        if s[STAGE] == ST_DISCARD:
            keys[i] = s[HAND + seat * N_KINDS + legal[i]]
        else:
            keys[i] = -priority(legal[i])


@njit(cache=True)
def _roll(choose, slots, who, obs, legal, n, rng):
    return choose(slots[ROLLOUT + who], obs, legal, n, rng)


@njit(cache=True)
def play_out(choose, slots, who, t, obs, legal, rng):
    """Play the hand ``t`` to its end with seat ``who``'s rollout kernel in every seat."""
    while t[ACTOR] >= 0:
        n = E.legal_actions(t, legal)
        O.observe(t, t[ACTOR], obs)
        E.apply_action(t, _roll(choose, slots, who, obs, legal, n, rng))


@njit(cache=True)
def search_choice(choose, slots, s, seat, k, width, legal, n, rng):
    """The action seat ``seat`` (to act in ``s``) takes under ``search(k, width)`` among
    ``legal[:n]``; one draw of ``rng`` seeds everything it samples."""
    if n == 1:
        return legal[0]
    gen = np.zeros(1, dtype=np.uint64)
    gen[0] = next_u64(rng)
    obs = np.zeros(O.OBS_SIZE, dtype=np.int64)
    buf = np.empty(MAX_ACTIONS, dtype=np.int64)
    roll = np.zeros(1, dtype=np.uint64)
    first = legal[0]
    if width > 0 and width < n:
        O.observe(s, seat, obs)
        buf[:n] = legal[:n]
        roll[0] = next_u64(gen)
        first = _roll(choose, slots, seat, obs, buf, n, roll)
    keys = np.zeros(n, dtype=np.int64)
    rank_keys(s, seat, legal, n, keys)
    cand = np.empty(n, dtype=np.int64)
    m = pick_candidates(legal, n, first, keys, width, cand)
    totals = np.zeros(m, dtype=np.float64)
    world = np.empty(STATE_SIZE, dtype=np.int64)
    trial = np.empty(STATE_SIZE, dtype=np.int64)
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
    """As :func:`sim.games.sise.guangshui.batch.play_hands`, with the seats whose ``ks`` is
    positive playing :func:`search_choice` (``ks``, ``widths`` per seat). Returns -1 or the
    row of a hand in which a seat chose an illegal action."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    legal = np.empty(MAX_ACTIONS, dtype=np.int64)
    obs = np.zeros(O.OBS_SIZE, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    for h in range(count):
        i = start + h
        seed = hand_seed(root, i)
        seeds[h] = seed
        rng[0] = strategy_seed(seed)
        E.new_hand(s, seed, np.int64(i % N_SEATS), cfg)
        while s[ACTOR] >= 0:
            seat = s[ACTOR]
            n = E.legal_actions(s, legal)
            O.observe(s, seat, obs)
            a = _decide(choose, slots, s, seat, obs, legal, n, rng, ks, widths)
            ok = False
            for t in range(n):
                if legal[t] == a:
                    ok = True
                    break
            if not ok:
                res[h, R_BAD_SEAT] = seat
                res[h, R_BAD_ACTION] = a
                return h
            E.apply_action(s, a)
        record(s, res[h])
    return -1


def specialised(kernels: list) -> object:
    """The search functions and :func:`play_search_hands` compiled for six kernels (each
    seat's strategy, then each seat's rollout), cached on disk."""
    import sys

    from sim.registry import builtin_kernels
    from sim.specialise import specialise

    return specialise([sys.modules[__name__]],
                      [_roll, play_out, search_choice, _decide, play_search_hands], kernels, palette=builtin_kernels("guangshui"))
