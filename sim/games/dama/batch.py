"""The batch driver: many whole games in one compiled call.

Game ``i`` of a run throws its dice from ``hand_seed(root, i)``; the strategies draw from
a second generator seeded with ``hand_seed(that seed, 1)``, so the dice stream of a game
is the same whatever the strategies do with their randomness. The loop calls seat ``p``'s
strategy as ``choose(slots[p], …)`` (five slots; seats beyond the number of players never
throw); :func:`specialised` compiles it once per palette (:mod:`sim.specialise`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dama.engine import apply_move, begin_throw, end_throw, new_game
from sim.games.dama.observe import OBS_SIZE, fill_obs
from sim.games.dama.state import (
    ERR_CODE, ERR_SEAT, ERROR, EV_WIDTH, MAX_LEGAL, MAXEV, OVER, SIZE, TURN,
)
from sim.games.dama.throws import roll
from sim.rng import hand_seed

@njit(cache=False)
def _call(choose, slots, seat, obs, legal, n, srng) -> int:
    return choose(slots[seat], obs, legal, n, srng)


@njit(cache=True)
def is_legal(legal, n, code) -> bool:
    """Whether ``code`` is one of the ``n`` legal codes."""
    for i in range(n):
        if legal[i] == code:
            return True
    return False


@njit(cache=False)
def play_game(seed, rules, choose, slots, st, ev, legal, obs) -> None:
    """Play one whole game from ``seed`` under ``rules`` (:func:`sim.games.dama.rules.rules_vector`)
    into ``st`` (an illegal choice stops it: ERROR set, with the seat and the code it chose)."""
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
            fill_obs(st, seat, obs)
            code = _call(choose, slots, seat, obs, legal, n, srng)
            if not is_legal(legal, n, code):
                st[ERROR] = 1
                st[ERR_SEAT] = seat
                st[ERR_CODE] = code
                return
            apply_move(st, ev, code)
        end_throw(st, ev)


@njit(cache=False)
def play_games(root, start, count, rules, choose, slots, seeds, states) -> int:
    """Play games ``start .. start+count-1``; each final state is a row of ``states``.

    Returns the row of a game stopped by an illegal choice, or -1.
    """
    ev = np.zeros((MAXEV, EV_WIDTH), dtype=np.int64)
    legal = np.zeros(MAX_LEGAL, dtype=np.int64)
    obs = np.zeros(OBS_SIZE, dtype=np.int64)
    for i in range(count):
        seeds[i] = hand_seed(root, start + i)
        play_game(seeds[i], rules, choose, slots, states[i], ev, legal, obs)
        if states[i, ERROR] != 0:
            return i
    return -1


def new_states(count: int) -> np.ndarray:
    """Room for ``count`` final states."""
    return np.zeros((count, SIZE), dtype=np.int64)


def specialised(kernels: list) -> object:
    """``play_games`` with seat ``p`` playing ``kernels[p]`` (five), compiled for the game's
    palette and cached on disk; its functions take their arguments less ``choose, slots``."""
    import sys

    from sim.registry import builtin_kernels
    from sim.specialise import specialise

    return specialise([sys.modules[__name__]], [_call, play_game, play_games], kernels, palette=builtin_kernels("dama"))
