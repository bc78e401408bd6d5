"""打马's compiled resample and sampled-world search, and the game loop of runs with search seats.

The board is public: every horse, every 本采, the 帖 and the pot are seen by every seat.
What no seat sees is the dice still to come, so :func:`resample_world` copies the state
and draws a new dice stream (one word of the search's generator starts it). The world it
draws depends only on the state and the generator, never on the game's own future dice:
it is canonical.

:func:`search_choice` is the ``search`` strategy (:class:`sim.search.SearchParams`): with
more than one legal move, ``k`` worlds, each candidate applied to a copy of the world and
the game played to its end by the rollout kernel in every seat, with the same dice stream
and the same rollout generator seed for every candidate (common random numbers); the best
mean of the seat's points (帖 with the pot flows, as the rows count them) wins, ties to the
earlier candidate. Rollouts are not truncated: a game's points come mostly from the pot
at its end. With ``width`` > 0 the candidates are the rollout's own choice, then the moves
that carry most horse-stations forward (horses × stations walked; legal order among
equals). One draw of the game's strategy generator seeds each decision's search, so the
batch and the Python driver make the same choices.

The kernels are called through ``choose(slots[j], …)``: ``slots[p]`` is seat ``p``'s
strategy and ``slots[ROLLOUT + p]`` its rollout kernel when it searches;
:func:`specialised` compiles the functions once per palette (:mod:`sim.specialise`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dama.batch import is_legal
from sim.games.dama.board import HOME
from sim.games.dama.codes import horses, is_split, split_first, split_second, station
from sim.games.dama.engine import (
    apply_move, begin_throw, end_throw, new_game, split_landings, target,
)
from sim.games.dama.observe import OBS_SIZE, fill_obs
from sim.games.dama.state import (
    CUR_THROW, ERR_CODE, ERR_SEAT, ERROR, EV_WIDTH, MAX_LEGAL, MAXEV, NEV, OVER, POTNET, SIZE, TIE,
    TURN,
)
from sim.games.dama.throws import roll
from sim.games.sampled import best_candidate, pick_candidates
from sim.rng import hand_seed, next_u64

ROLLOUT = 5  # slots[ROLLOUT + p]: seat p's rollout kernel when it searches


@njit(cache=True)
def resample_world(s: np.ndarray, seat: int, out: np.ndarray, dice: np.ndarray,
                   rng: np.ndarray) -> None:
    """Write into ``out`` a copy of the engine state ``s`` (its first ``SIZE`` words) and
    into ``dice`` a dice stream drawn from ``rng``: the future dice are all that ``seat``
    has not seen."""
    out[:SIZE] = s[:SIZE]
    dice[0] = next_u64(rng)


@njit(cache=True)
def _progress(st, p, t, code) -> int:
    """Horse-stations a single move carries forward (a move back: negative)."""
    dest = target(st, p, t, code)
    if dest < 0:
        return 0
    return horses(code) * (min(dest, HOME) - station(code))


@njit(cache=True)
def rank_keys(st: np.ndarray, legal: np.ndarray, n: int, keys: np.ndarray) -> None:
    """The cheap ranking of the candidates beyond the rollout's own choice (smallest first):
    the moves that carry most horse-stations forward first (a split move: both parts)."""
    p, t = st[TURN], st[CUR_THROW]
    for i in range(n):
        code = legal[i]
        if is_split(code):
            first, second = split_first(code), split_second(code)
            d1, d2 = split_landings(st, p, t, code)
            gain = 0
            if d1 >= 0:
                gain += horses(first) * (min(d1, HOME) - station(first))
            if d2 >= 0:
                gain += horses(second) * (min(d2, HOME) - station(second))
            keys[i] = -gain
        else:
            keys[i] = -_progress(st, p, t, code)


@njit(cache=True)
def _roll(choose, slots, who, obs, legal, n, rng):
    return choose(slots[ROLLOUT + who], obs, legal, n, rng)


@njit(cache=True)
def play_out(choose, slots, who, t, ev, obs, legal, dice, rng):
    """Play the game ``t`` to its end, throwing from ``dice``, with seat ``who``'s rollout
    kernel in every seat."""
    while t[OVER] == 0:
        n = begin_throw(t, ev, roll(dice), legal)
        if n == 1:
            apply_move(t, ev, legal[0])
        elif n > 1:
            fill_obs(t, t[TURN], obs)
            apply_move(t, ev, _roll(choose, slots, who, obs, legal, n, rng))
        end_throw(t, ev)


@njit(cache=True)
def search_choice(choose, slots, s, seat, k, width, legal, n, rng):
    """The move seat ``seat`` (to move in ``s``) makes under ``search(k, width)`` among
    ``legal[:n]``; one draw of ``rng`` seeds everything it samples. ``s`` is not changed."""
    if n == 1:
        return legal[0]
    gen = np.zeros(1, dtype=np.uint64)
    gen[0] = next_u64(rng)
    obs = np.zeros(OBS_SIZE, dtype=np.int64)
    buf = np.empty(MAX_LEGAL, dtype=np.int64)
    ev = np.zeros((MAXEV, EV_WIDTH), dtype=np.int64)
    roll_rng = np.zeros(1, dtype=np.uint64)
    world_dice = np.zeros(1, dtype=np.uint64)
    dice = np.zeros(1, dtype=np.uint64)
    world = np.empty(SIZE, dtype=np.int64)
    trial = np.empty(SIZE, dtype=np.int64)
    trial[:] = s[:SIZE]
    first = legal[0]
    if width > 0 and width < n:
        fill_obs(trial, seat, obs)
        buf[:n] = legal[:n]
        roll_rng[0] = next_u64(gen)
        first = _roll(choose, slots, seat, obs, buf, n, roll_rng)
    keys = np.zeros(n, dtype=np.int64)
    rank_keys(trial, legal, n, keys)
    cand = np.empty(n, dtype=np.int64)
    m = pick_candidates(legal, n, first, keys, width, cand)
    totals = np.zeros(m, dtype=np.float64)
    for _ in range(k):
        resample_world(s, seat, world, world_dice, gen)
        world[NEV] = 0
        seed = next_u64(gen)
        for c in range(m):
            trial[:] = world
            apply_move(trial, ev, cand[c])
            end_throw(trial, ev)
            dice[0] = world_dice[0]
            roll_rng[0] = seed
            play_out(choose, slots, seat, trial, ev, obs, buf, dice,
                     roll_rng)
            totals[c] += trial[TIE + seat] + trial[POTNET + seat]
    return cand[best_candidate(totals, m)]


@njit(cache=True)
def _decide(choose, slots, st, seat, obs, legal, n, srng, ks, widths):
    if ks[seat] > 0:
        return search_choice(choose, slots, st, seat, ks[seat],
                             widths[seat], legal, n, srng)
    fill_obs(st, seat, obs)
    return choose(slots[seat], obs, legal, n, srng)


@njit(cache=True)
def play_search_game(seed, rules, choose, slots, ks, widths, st, ev, legal, obs):
    """As :func:`sim.games.dama.batch.play_game`, with the seats whose ``ks`` is positive
    playing :func:`search_choice`."""
    rng = np.zeros(1, dtype=np.uint64)
    srng = np.zeros(1, dtype=np.uint64)
    rng[0] = seed
    srng[0] = hand_seed(seed, 1)
    new_game(st, ev, rng, rules)
    while st[OVER] == 0:
        n = begin_throw(st, ev, roll(rng), legal)
        if n == 1:
            apply_move(st, ev, legal[0])
        elif n > 1:
            seat = st[TURN]
            code = _decide(choose, slots, st, seat, obs, legal, n, srng,
                           ks, widths)
            if not is_legal(legal, n, code):
                st[ERROR] = 1
                st[ERR_SEAT] = seat
                st[ERR_CODE] = code
                return
            apply_move(st, ev, code)
        end_throw(st, ev)


@njit(cache=True)
def play_search_games(root, start, count, rules, choose, slots, ks, widths, seeds, states):
    """As :func:`sim.games.dama.batch.play_games` with search seats (``ks``, ``widths`` per
    seat). Returns the row of a game stopped by an illegal choice, or -1."""
    ev = np.zeros((MAXEV, EV_WIDTH), dtype=np.int64)
    legal = np.zeros(MAX_LEGAL, dtype=np.int64)
    obs = np.zeros(OBS_SIZE, dtype=np.int64)
    for i in range(count):
        seeds[i] = hand_seed(root, start + i)
        play_search_game(seeds[i], rules, choose, slots, ks, widths, states[i], ev, legal, obs)
        if states[i, ERROR] != 0:
            return i
    return -1


def specialised(kernels: list) -> object:
    """The search functions and :func:`play_search_games` compiled for ten kernels (each
    seat's strategy, then each seat's rollout), cached on disk."""
    import sys

    from sim.registry import builtin_kernels
    from sim.specialise import specialise

    return specialise([sys.modules[__name__]],
                      [_roll, play_out, search_choice, _decide, play_search_game,
                       play_search_games], kernels, palette=builtin_kernels("dama"))
