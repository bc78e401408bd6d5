"""The compiled batch driver: play many complete 跑胡子 hands with compiled strategies.

Strategies are compiled functions ``kernel(obs, legal, n_legal, rng) -> action`` (see
:mod:`strategies.zipai`), so a new compiled strategy needs no change here. ``obs`` is the
deciding seat's observation (:mod:`sim.games.zipai.observe`), one array per seat, cleared
at the start of each hand. The hand loop is :mod:`sim.loops`' over the primitives here;
:func:`specialised` binds its strategies to the game's palette (:mod:`sim.specialise`), so
every seating of them is one loop, compiled once per machine.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.zipai.deal import N_SEATS, STOCK_CARDS
from sim.games.zipai.engine import (  # noqa: F401 (ACTOR, the sizes: sim.loops)
    FAN,
    HUXI,
    MAX_ACTIONS,
    N_DEC,
    PTS,
    REDEALS,
    SELF_DRAWN,
    SP,
    STATE_SIZE,
    TUN,
    WINNER,
    WIN_KIND,
    ACTOR,
    apply_action,
    legal_actions,
    new_hand,
)
from sim.games.zipai.observe import OBS_SIZE, fill_observation
from sim.games.spec import copy_words

N_RESULT = 11  # winner, win kind, 胡息, 囤, 番, draws left, decisions, redeals, self-drawn, illegal seat, illegal action
(R_WINNER, R_KIND, R_HUXI, R_TUN, R_FAN, R_LEFT, R_DEC, R_REDEALS, R_SELF, R_BAD_SEAT,
 R_BAD_ACTION) = range(N_RESULT)
# (column, state word): the result columns record copies from the final state
STATE_COLUMNS = np.array([(R_WINNER, WINNER), (R_KIND, WIN_KIND), (R_HUXI, HUXI), (R_TUN, TUN),
                          (R_FAN, FAN), (R_DEC, N_DEC), (R_REDEALS, REDEALS),
                          (R_SELF, SELF_DRAWN)])


@njit(cache=True)
def record(s: np.ndarray, result: np.ndarray, points: np.ndarray) -> None:
    """Fill a hand's ``result`` row (``R_*``) and ``points`` per seat from its final state
    (the Python driver's rows come from here too)."""
    copy_words(s, result, STATE_COLUMNS)
    result[R_LEFT] = STOCK_CARDS - s[SP]
    for p in range(N_SEATS):
        points[p] = s[PTS + p]


# sim.loops' default primitives are made of these and STATE_SIZE, MAX_ACTIONS
DTYPE = np.int16
APPLY = apply_action


@njit(cache=True)
def new_obs() -> np.ndarray:
    """One observation per seat, each kept up to date from the last (:mod:`sim.loops`
    primitives from here on; ``cfg`` is the rules vector, ``out`` the pair ``(results,
    points)``)."""
    return np.zeros((N_SEATS, OBS_SIZE), dtype=np.int16)


@njit(cache=True)
def deal_hand(s, cfg, i, seed, carry, obs) -> None:
    """Hand ``i``: dealer ``i % 3``; the observations start afresh."""
    new_hand(s, seed, np.int64(i % N_SEATS), cfg)
    obs[:, :] = 0


@njit(cache=True)
def settle(s, cfg, legal) -> int:
    if s[ACTOR] < 0:
        return 0
    return legal_actions(s, legal)


@njit(cache=True)
def seat_view(s, cfg, seat, obs) -> np.ndarray:
    o = obs[seat]
    fill_observation(s, o, seat)
    return o


@njit(cache=True)
def write_row(s, cfg, carry, out, row) -> None:
    record(s, out[0][row], out[1][row])


@njit(cache=True)
def write_bad(s, cfg, carry, out, row, seat, action, hand) -> None:
    out[0][row, R_BAD_SEAT] = seat
    out[0][row, R_BAD_ACTION] = action


def specialised(kernels: list) -> object:
    """:mod:`sim.loops`' ``play_hands(root, start, count, cfg, seeds, (results, points))``
    over this module's primitives, seat ``p`` playing ``kernels[p]``: hand ``i`` has seed
    ``hand_seed(root, i)`` and dealer ``i % 3``; compiled for the game's palette and cached
    on disk."""
    import sys

    from sim.loops import hand_loop
    from sim.registry import builtin_kernels

    return hand_loop(sys.modules[__name__], kernels, palette=builtin_kernels("zipai"))
