"""The batch driver: many whole games in one compiled call.

Game ``i`` of a run throws its dice from ``hand_seed(root, i)``; the strategies draw from
a second generator seeded with ``hand_seed(that seed, 1)``, so the dice stream of a game
is the same whatever the strategies do with their randomness. The hand loop is
:mod:`sim.loops`' over the primitives here: its state is the engine's
(:mod:`.state`) followed by the dice stream's word, the seat to choose and the seats'
points (``DICE``, ``ACTOR``, ``PTS``), so a copy of the state is a copy of the game with
its dice to come; ``ctx`` is the pair ``(rules, events)`` of :func:`context`; ``out``
holds each game's final engine state, one row per game. Seat ``p`` plays
``choose(slots[p], …)`` (five slots; seats beyond the number of players never throw);
:func:`specialised` compiles the loop once per palette (:mod:`sim.specialise`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dama.engine import apply_move, begin_throw, end_throw, new_game
from sim.games.dama.observe import OBS_SIZE, fill_obs  # noqa: F401
from sim.games.dama.state import (  # noqa: F401 (ACTOR, the sizes: sim.loops)
    ACTOR, DICE, ERR_CODE, ERR_SEAT, ERROR, EV_WIDTH, LOOP_SIZE, MAX_LEGAL, MAXEV, MAXP, OVER,
    POTNET, PTS, SIZE, TIE, TURN,
)
from sim.games.dama.throws import roll
from sim.rng import hand_seed

# sim.loops' default primitives are made of these and OBS_SIZE
MAX_ACTIONS = MAX_LEGAL
DTYPE = np.int64
OBSERVE = fill_obs


def context(rules: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The loop's ``ctx``: the rules vector (:func:`sim.games.dama.rules.rules_vector`) and
    room for one throw's event rows (written by the engine, read by no one here)."""
    return rules, np.zeros((MAXEV, EV_WIDTH), dtype=np.int64)


@njit(cache=True)
def dice(s: np.ndarray) -> np.ndarray:
    """The game's dice stream: the generator word at ``s[DICE]``, as :mod:`sim.rng` reads it."""
    return s[DICE:DICE + 1].view(np.uint64)


@njit(cache=True)
def new_state() -> np.ndarray:
    """A game's state (:mod:`sim.loops` primitives from here on; the driver's too)."""
    return np.zeros(LOOP_SIZE, dtype=DTYPE)


@njit(cache=True)
def strategy_start(seed):
    """The strategies' generator: ``hand_seed(seed, 1)`` (the Python driver's too)."""
    return hand_seed(seed, 1)


@njit(cache=True)
def deal_hand(s, ctx, i, seed, carry, obs) -> None:
    """Game ``i``: its dice stream starts at ``seed``; stakes, then everyone's 本采."""
    s[SIZE:] = 0
    d = dice(s)
    d[0] = seed
    new_game(s, ctx[1], d, ctx[0])


@njit(cache=True)
def settle(s, ctx, legal) -> int:
    """Throw until a throw gives the seat to throw a choice (its moves in ``legal``; their
    number); at the end of the game, the seats' points, and 0."""
    ev = ctx[1]
    d = dice(s)
    while s[OVER] == 0:
        n = begin_throw(s, ev, roll(d), legal)
        if n > 1:
            s[ACTOR] = s[TURN]
            return n
        if n == 1:
            apply_move(s, ev, legal[0])
        end_throw(s, ev)
    for p in range(MAXP):
        s[PTS + p] = s[TIE + p] + s[POTNET + p]
    s[ACTOR] = -1
    return 0


@njit(cache=True)
def act(s, ctx, code) -> None:
    """The chosen move, then the dice pass on (or stay for an extra throw)."""
    apply_move(s, ctx[1], code)
    end_throw(s, ctx[1])


@njit(cache=True)
def write_row(s, ctx, carry, out, row) -> None:
    out[row, :] = s[:SIZE]


@njit(cache=True)
def write_bad(s, ctx, carry, out, row, seat, code, hand) -> None:
    """The game as it stood, with ERROR set and the seat and the code it chose."""
    out[row, :] = s[:SIZE]
    out[row, ERROR] = 1
    out[row, ERR_SEAT] = seat
    out[row, ERR_CODE] = code


def new_states(count: int) -> np.ndarray:
    """Room for ``count`` final states."""
    return np.zeros((count, SIZE), dtype=np.int64)


def specialised(kernels: list) -> object:
    """:mod:`sim.loops`' ``play_hands(root, start, count, ctx, seeds, states)`` over this
    module's primitives, seat ``p`` playing ``kernels[p]`` (five), compiled for the game's
    palette and cached on disk."""
    import sys

    from sim.loops import hand_loop
    from sim.registry import builtin_kernels

    return hand_loop(sys.modules[__name__], kernels, palette=builtin_kernels("dama"))
