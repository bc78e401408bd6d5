"""The toy game's hand-loop primitives: :func:`sim.loops.hand_loop` compiles its batch over
them (``tests/toy_game.py`` is the game). ``ctx`` is the rules vector, ``out`` the result
array, one row per hand: the seats' points, the hand's decisions (``toy_game.moves``), then
the seat and action of an illegal choice.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tests import toy_game as T
from tests.toy_game import ACTOR  # noqa: F401 (sim.loops reads it)

R_PTS = 0  # two columns
R_MOVES = R_PTS + T.SEATS
R_BAD_SEAT, R_BAD_ACTION = R_MOVES + 1, R_MOVES + 2
N_RESULT = R_BAD_ACTION + 1
OBS_SIZE = T.SPEC.size


@njit(cache=True)
def new_state() -> np.ndarray:
    return np.zeros(T.STATE_SIZE, dtype=np.int64)


@njit(cache=True)
def new_actions() -> np.ndarray:
    return np.empty(3, dtype=np.int64)


@njit(cache=True)
def new_obs() -> np.ndarray:
    return np.zeros(OBS_SIZE, dtype=np.int64)


@njit(cache=True)
def deal_hand(s, ctx, i, seed, carry, obs) -> None:
    T.deal(s, seed)


@njit(cache=True)
def settle(s, ctx, legal) -> int:
    """Nothing plays by itself: the legal actions of the seat to act."""
    return T.legal(s, ctx[T.V_SWAPS] != 0, legal)


@njit(cache=True)
def seat_view(s, ctx, seat, obs) -> np.ndarray:
    T.observe(s, seat, obs)
    return obs


@njit(cache=True)
def act(s, ctx, action) -> None:
    T.apply(s, action)


@njit(cache=True)
def record(s, row) -> None:
    """A finished hand's result row (both drivers call this)."""
    for p in range(T.SEATS):
        row[R_PTS + p] = s[T.PTS + p]
    row[R_MOVES] = T.moves(s)


@njit(cache=True)
def write_row(s, ctx, carry, out, row) -> None:
    record(s, out[row])


def specialised(kernels: list) -> object:
    """``play_hands(root, start, count, ctx, seeds, out)`` with seat ``p`` playing
    ``kernels[p]``, cached on disk."""
    import sys

    from sim.loops import hand_loop

    return hand_loop(sys.modules[__name__], kernels)
