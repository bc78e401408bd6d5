"""跑胡子's sampled-world search, and the hand loop of runs with search seats.

:func:`search_choice` is the ``search`` strategy (:class:`sim.search.SearchParams`): with
more than one legal action (a discard, a 碰 / 吃 / pass, a 胡 or not), ``k`` worlds drawn
by :func:`sim.games.zipai.world.resample_world`; in each, every candidate is applied to a
copy of the world and the hand played to its end by the rollout kernel in every seat, the
same world and the same rollout generator seed for every candidate (common random
numbers). The best mean of the seat's points wins, ties to the earlier candidate.

With ``width`` > 0 the candidates are the rollout policy's own choice and then the others
by :func:`rank_keys`: a discard by how many copies of its kind the seat holds and then by
how many of its cards lie within two numbers of it in the same case (a lone single
first); at a claim, passing first, then 碰, then the 吃 plans in the engine's order; at a
胡, the other choice.

One draw of the hand's strategy generator seeds everything a search samples, so a hand's
search seats make the same choices in the batch and in the Python driver. The kernels
are called through ``choose(slots[j], …)``: ``slots[p]`` is seat ``p``'s strategy and
``slots[3 + p]`` its rollout kernel when it searches; :func:`specialised` compiles the
functions once per palette (:mod:`sim.specialise`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sampled import best_candidate, pick_candidates
from sim.games.zipai import engine as E
from sim.games.zipai.batch import R_BAD_ACTION, R_BAD_SEAT, record
from sim.games.zipai.cards import N_KINDS
from sim.games.zipai.deal import N_SEATS
from sim.games.zipai.observe import O_TABLE_VER, OBS_SIZE, fill_observation
from sim.games.zipai.world import resample_world
from sim.rng import hand_seed, next_u64, strategy_seed

HALF = N_KINDS // 2  # kinds 0–9 one case, 10–19 the other


@njit(cache=True)
def rank_keys(s: np.ndarray, seat: int, legal: np.ndarray, n: int, keys: np.ndarray) -> None:
    """The cheap ranking of the candidates beyond the rollout's own choice (smallest first):
    a discard by its copies in the hand, then its neighbours (same case, within two); a
    claim's pass first, 碰 next, then the 吃 plans; 胡 before passing it."""
    h = E.HAND + seat * N_KINDS
    for i in range(n):
        a = legal[i]
        if a < N_KINDS:
            near = 0
            lo = (a // HALF) * HALF
            for d in range(-2, 3):
                b = a + d
                if d != 0 and lo <= b < lo + HALF:
                    near += s[h + b]
            keys[i] = 100 * s[h + a] + near
        elif a == E.PASS:
            keys[i] = 0 if s[E.STAGE] == E.ST_CLAIM else 1
        elif a == E.HU:
            keys[i] = 0
        elif a == E.PENG:
            keys[i] = 1
        else:
            keys[i] = 2 + a - E.CHI


@njit(cache=True)
def _roll(choose, slots, who, obs, legal, n, rng):
    return choose(slots[N_SEATS + who], obs, legal, n, rng)


@njit(cache=True)
def play_out(choose, slots, who, t, obs, legal, rng):
    """Play the hand ``t`` to its end with seat ``who``'s rollout kernel in every seat
    (``obs`` one scratch observation for all seats, refreshed in full at the start)."""
    obs[O_TABLE_VER] = -1
    while t[E.ACTOR] >= 0:
        n = E.legal_actions(t, legal)
        fill_observation(t, obs, t[E.ACTOR])
        E.apply_action(t, _roll(choose, slots, who, obs, legal, n, rng))


@njit(cache=True)
def search_choice(choose, slots, s, seat, k, width, legal, n, rng):
    """The action seat ``seat`` (to act in ``s``) takes under ``search(k, width)`` among
    ``legal[:n]``; one draw of ``rng`` seeds everything it samples."""
    if n == 1:
        return legal[0]
    gen = np.zeros(1, dtype=np.uint64)
    gen[0] = next_u64(rng)
    obs = np.zeros(OBS_SIZE, dtype=np.int16)
    buf = np.empty(E.MAX_ACTIONS, dtype=np.int16)
    roll = np.zeros(1, dtype=np.uint64)
    first = legal[0]
    if width > 0 and width < n:
        fill_observation(s, obs, seat)
        buf[:n] = legal[:n]
        roll[0] = next_u64(gen)
        first = _roll(choose, slots, seat, obs, buf, n, roll)
    keys = np.zeros(n, dtype=np.int64)
    rank_keys(s, seat, legal, n, keys)
    cand = np.empty(n, dtype=np.int64)
    m = pick_candidates(legal, n, first, keys, width, cand)
    totals = np.zeros(m, dtype=np.float64)
    world = np.empty_like(s)
    trial = np.empty_like(s)
    for _ in range(k):
        resample_world(s, seat, world, gen)
        seed = next_u64(gen)
        for c in range(m):
            trial[:] = world
            E.apply_action(trial, cand[c])
            roll[0] = seed
            play_out(choose, slots, seat, trial, obs, buf, roll)
            totals[c] += trial[E.PTS + seat]
    return cand[best_candidate(totals, m)]


@njit(cache=True)
def _decide(choose, slots, s, seat, obs, legal, n, rng, ks, widths):
    if ks[seat] > 0:
        return search_choice(choose, slots, s, seat, ks[seat], widths[seat], legal, n, rng)
    return choose(slots[seat], obs, legal, n, rng)


@njit(cache=True)
def play_search_hands(root, start, count, cfg, choose, slots, ks, widths, seeds, res, pts):
    """As :func:`sim.games.zipai.batch.play_hands`, with the seats whose ``ks`` is positive
    playing :func:`search_choice` (``ks``, ``widths`` per seat). Returns -1 or the row of a
    hand in which a seat chose an illegal action."""
    s = np.zeros(E.STATE_SIZE, dtype=np.int16)
    obs = np.zeros((N_SEATS, OBS_SIZE), dtype=np.int16)
    legal = np.empty(E.MAX_ACTIONS, dtype=np.int16)
    rng = np.zeros(1, dtype=np.uint64)
    for h in range(count):
        i = start + h
        seed = hand_seed(root, i)
        seeds[h] = seed
        rng[0] = strategy_seed(seed)
        E.new_hand(s, seed, np.int64(i % N_SEATS), cfg)
        obs[:, :] = 0
        while s[E.ACTOR] >= 0:
            seat = s[E.ACTOR]
            n = E.legal_actions(s, legal)
            o = obs[seat]
            fill_observation(s, o, seat)
            a = _decide(choose, slots, s, seat, o, legal, n, rng, ks, widths)
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
        record(s, res[h], pts[h])
    return -1


def specialised(kernels: list) -> object:
    """The search functions and :func:`play_search_hands` with six kernels (each seat's
    strategy, then each seat's rollout), compiled for the game's palette, cached on disk."""
    import sys

    from sim.registry import builtin_kernels
    from sim.specialise import specialise

    return specialise([sys.modules[__name__]],
                      [_roll, play_out, search_choice, _decide, play_search_hands],
                      kernels, palette=builtin_kernels("zipai"))
