"""The toy game's hand-loop primitives: :func:`sim.loops.hand_loop` compiles its batch over
them (``tests/toy_game.py`` is the game). ``ctx`` is the rules vector, ``out`` the result
array, one row per hand: the seats' points, the hand's decisions (``toy_game.moves``), then
the seat and action of an illegal choice. Its state, legal-action list, observation,
``seat_view``, ``act`` and ``write_row`` are :mod:`sim.loops`' defaults, made of the constants below.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tests import toy_game as T
from tests.toy_game import ACTOR, STATE_SIZE  # noqa: F401 (sim.loops reads them)

R_PTS = 0  # two columns
R_MOVES = R_PTS + T.SEATS
R_BAD_SEAT, R_BAD_ACTION = R_MOVES + 1, R_MOVES + 2
N_RESULT = R_BAD_ACTION + 1
OBS_SIZE = T.SPEC.size
MAX_ACTIONS = 1 + T.HELD  # stand, or swap one of the cards held
DTYPE = np.int64  # of the state, the legal actions and the observation
OBSERVE, APPLY = T.observe, T.apply  # what seat_view and act call


@njit(cache=True)
def deal_hand(s, ctx, i, seed, carry, obs) -> None:
    T.deal(s, seed)


@njit(cache=True)
def settle(s, ctx, legal) -> int:
    """Nothing plays by itself: the legal actions of the seat to act."""
    return T.legal(s, ctx[T.V_SWAPS] != 0, legal)


@njit(cache=True)
def record(s, row) -> None:
    """A finished hand's result row (the compiled loop's ``write_row`` and the Python
    driver both call this)."""
    for p in range(T.SEATS):
        row[R_PTS + p] = s[T.PTS + p]
    row[R_MOVES] = T.moves(s)


RECORD = record  # what sim.loops' write_row calls


def specialised(kernels: list) -> object:
    """``play_hands(root, start, count, ctx, seeds, out)`` with seat ``p`` playing
    ``kernels[p]``, cached on disk."""
    import sys

    from sim.loops import hand_loop

    return hand_loop(sys.modules[__name__], kernels)
