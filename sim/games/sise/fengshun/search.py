"""丰顺's compiled resample and sampled-world search, and the hand loop of runs with search seats.

:func:`resample_world` copies a state and redraws everything the seat has not seen: the
other seats' concealed cards and the stock's order (:func:`sim.games.sise.resample.redraw_unseen`);
nothing else of a 丰顺 hand is private (claims are taken at once, 和 is forced). Only when
``seat`` is not the one to act and the actor is deciding a claim on the card on offer,
which his cards allowed, does the actor keep his hand.

:func:`search_choice` is the ``search`` strategy (:class:`sim.search.SearchParams`), as in
:mod:`sim.games.sise.guangshui.search`: ``k`` worlds, every candidate played to the end by
the rollout kernel in every seat with common random numbers, the best mean of the seat's
points, ties to the earlier candidate; one draw of the hand's strategy generator seeds it.

The kernels are called through ``choose(slots[j], …)``: ``slots[p]`` is seat ``p``'s
strategy and ``slots[ROLLOUT + p]`` its rollout kernel when it searches;
:func:`specialised` compiles the functions once per palette (:mod:`sim.specialise`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import N_KINDS
from sim.games.sise.fengshun import engine as E
from sim.games.sise.fengshun.batch import (N_RESULT, R_BAD_ACTION, R_BAD_HAND, R_BAD_SEAT, R_DEALER,
                                           SESSION_HANDS, hand_dealer, record)
from sim.games.sise.fengshun.observe import OBS_SIZE, observe
from sim.games.sise.fengshun.rules import CFG_DEALER
from sim.games.sise.fengshun.state import (
    ACTOR, DEALER, GANG, HAND, MAX_ACTIONS, MAX_SEATS, NS, PASS, PENG, PTS, SE, SP, STAGE,
    ST_DISCARD, ST_OFFER, ST_SHOWN, STATE_SIZE, STOCK,
)
from sim.games.sise.resample import redraw_unseen
from sim.games.sampled import best_candidate, pick_candidates
from sim.rng import hand_seed, next_u64, strategy_seed

ROLLOUT = 4  # slots[ROLLOUT + p]: seat p's rollout kernel when it searches


@njit(cache=True)
def resample_world(s: np.ndarray, seat: int, out: np.ndarray, rng: np.ndarray) -> None:
    """Write into ``out`` a copy of ``s`` in which everything ``seat`` has not seen is
    redrawn from the cards it has not seen, with the generator ``rng``."""
    out[:] = s
    keep = 1 << seat
    a = s[ACTOR]
    if a >= 0 and a != seat and (s[STAGE] == ST_OFFER or s[STAGE] == ST_SHOWN):
        keep |= 1 << a
    redraw_unseen(out, rng, HAND, s[NS], keep, STOCK + s[SP], STOCK + s[SE])


@njit(cache=True)
def rank_keys(s: np.ndarray, seat: int, legal: np.ndarray, n: int, keys: np.ndarray) -> None:
    """The cheap ranking of the candidates beyond the rollout's own choice (smallest first):
    a discard by how many of its kind the seat holds, a claim 杠, 碰, 吃, then 过."""
    for i in range(n):
        a = legal[i]
        if s[STAGE] == ST_DISCARD:
            keys[i] = s[HAND + seat * N_KINDS + a]
        else:
            keys[i] = 0 if a == GANG else 1 if a == PENG else 3 if a == PASS else 2


@njit(cache=True)
def _roll(choose, slots, who, obs, legal, n, rng):
    return choose(slots[ROLLOUT + who], obs, legal, n, rng)


@njit(cache=True)
def play_out(choose, slots, who, t, tb, obs, legal, rng):
    """Play the hand ``t`` to its end with seat ``who``'s rollout kernel in every seat."""
    while t[ACTOR] >= 0:
        n = E.legal_actions(t, legal, tb)
        observe(t, t[ACTOR], obs)
        E.apply_action(t, _roll(choose, slots, who, obs, legal, n, rng), tb)


@njit(cache=True)
def search_choice(choose, slots, s, tb, seat, k, width, legal, n, rng):
    """The action seat ``seat`` (to act in ``s``) takes under ``search(k, width)`` among
    ``legal[:n]``; one draw of ``rng`` seeds everything it samples."""
    if n == 1:
        return legal[0]
    gen = np.zeros(1, dtype=np.uint64)
    gen[0] = next_u64(rng)
    obs = np.zeros(OBS_SIZE, dtype=np.int64)
    buf = np.empty(MAX_ACTIONS, dtype=np.int64)
    roll = np.zeros(1, dtype=np.uint64)
    first = legal[0]
    if width > 0 and width < n:
        observe(s, seat, obs)
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
            E.apply_action(trial, cand[c], tb)
            roll[0] = seed
            play_out(choose, slots, seat, trial, tb, obs, buf, roll)
            totals[c] += trial[PTS + seat]
    return cand[best_candidate(totals, m)]


@njit(cache=True)
def _decide(choose, slots, s, tb, seat, obs, legal, n, rng, ks, widths):
    if ks[seat] > 0:
        return search_choice(choose, slots, s, tb, seat, ks[seat], widths[seat],
                             legal, n, rng)
    return choose(slots[seat], obs, legal, n, rng)


@njit(cache=True)
def play_search_hands(root, start, count, cfg, tb, choose, slots, ks, widths,
                      seeds, res):
    """As :func:`sim.games.sise.fengshun.batch.play_hands` (sessions and dealers alike), with
    the seats whose ``ks`` is positive playing :func:`search_choice`. Returns -1 or the row
    of a hand in which a seat chose an illegal action."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    legal = np.empty(MAX_ACTIONS, dtype=np.int64)
    obs = np.zeros(OBS_SIZE, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    deal_rng = np.zeros(1, dtype=np.uint64)
    prev = np.zeros(N_RESULT, dtype=np.int64)
    first = start - start % SESSION_HANDS if cfg[CFG_DEALER] != 0 else start
    for i in range(first, start + count):
        h = i - start
        seed = hand_seed(root, i)
        deal_rng[0] = seed
        rng[0] = strategy_seed(seed)
        E.deal(s, deal_rng, cfg, hand_dealer(i, cfg, prev))
        E.start(s, tb)
        while s[ACTOR] >= 0:
            seat = s[ACTOR]
            n = E.legal_actions(s, legal, tb)
            observe(s, seat, obs)
            a = _decide(choose, slots, s, tb, seat, obs, legal, n, rng, ks, widths)
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
                res[row, R_DEALER] = s[DEALER]
                seeds[row] = seed
                return row
            E.apply_action(s, a, tb)
        record(s, prev)
        if h >= 0:
            seeds[h] = seed
            res[h, :] = prev
    return -1


def specialised(kernels: list) -> object:
    """The search functions and :func:`play_search_hands` compiled for eight kernels (each
    seat's strategy, then each seat's rollout; seats beyond the table padded), cached on disk."""
    import sys

    from sim.registry import builtin_kernels
    from sim.specialise import specialise

    assert len(kernels) == 2 * MAX_SEATS
    return specialise([sys.modules[__name__]],
                      [_roll, play_out, search_choice, _decide, play_search_hands], kernels, palette=builtin_kernels("fengshun"))
