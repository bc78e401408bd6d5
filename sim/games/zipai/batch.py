"""The compiled batch driver: play many complete 跑胡子 hands with compiled strategies.

Strategies are compiled functions ``kernel(obs, legal, n_legal, rng) -> action`` (see
:mod:`strategies.zipai`), so a new compiled strategy needs no change here. ``obs`` is the
deciding seat's observation (:mod:`sim.games.zipai.observe`), one array per seat, cleared
at the start of each hand. :func:`play_hands` calls them through ``choose(slots[seat],
…)``; :func:`specialised` binds ``choose`` to the game's palette of strategies
(:mod:`sim.specialise`), so every seating of them is one loop, compiled once per machine.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.zipai.deal import N_SEATS, STOCK_CARDS
from sim.games.zipai.engine import (
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
from sim.rng import hand_seed, strategy_seed

N_RESULT = 11  # winner, win kind, 胡息, 囤, 番, draws left, decisions, redeals, self-drawn, illegal seat, illegal action
(R_WINNER, R_KIND, R_HUXI, R_TUN, R_FAN, R_LEFT, R_DEC, R_REDEALS, R_SELF, R_BAD_SEAT,
 R_BAD_ACTION) = range(N_RESULT)


@njit(cache=True)
def record(s: np.ndarray, result: np.ndarray, points: np.ndarray) -> None:
    """Fill a hand's ``result`` row (``R_*``) and ``points`` per seat from its final state
    (the Python driver's rows come from here too)."""
    result[R_WINNER] = s[WINNER]
    result[R_KIND] = s[WIN_KIND]
    result[R_HUXI] = s[HUXI]
    result[R_TUN] = s[TUN]
    result[R_FAN] = s[FAN]
    result[R_LEFT] = STOCK_CARDS - s[SP]
    result[R_DEC] = s[N_DEC]
    result[R_REDEALS] = s[REDEALS]
    result[R_SELF] = s[SELF_DRAWN]
    for p in range(N_SEATS):
        points[p] = s[PTS + p]


@njit
def play_hands(
    root_seed: np.uint64, start: np.int64, count: np.int64, cfg: np.ndarray,
    choose, slots: np.ndarray, seeds: np.ndarray, results: np.ndarray, points: np.ndarray,
) -> int:
    """Play hands ``start .. start + count - 1``; hand ``i`` has seed ``hand_seed(root, i)``
    and dealer ``i % 3``; seat ``p`` plays the strategy in palette slot ``slots[p]``.

    Fills ``seeds[h]``, ``results[h, R_*]`` and ``points[h, seat]``. Returns -1, or the
    row of the first hand in which a strategy chose an illegal action (the hand stops there
    and ``results`` holds the seat and the action).
    """
    s = np.zeros(STATE_SIZE, dtype=np.int16)
    obs = np.zeros((N_SEATS, OBS_SIZE), dtype=np.int16)
    legal = np.empty(MAX_ACTIONS, dtype=np.int16)
    rng = np.zeros(1, dtype=np.uint64)
    for h in range(count):
        i = start + h
        seed = hand_seed(root_seed, i)
        seeds[h] = seed
        rng[0] = strategy_seed(seed)
        new_hand(s, seed, np.int64(i % N_SEATS), cfg)
        obs[:, :] = 0
        while s[ACTOR] >= 0:
            seat = s[ACTOR]
            n = legal_actions(s, legal)
            o = obs[seat]
            fill_observation(s, o, seat)
            a = choose(slots[seat], o, legal, n, rng)
            ok = False
            for t in range(n):
                if legal[t] == a:
                    ok = True
                    break
            if not ok:
                results[h, R_BAD_SEAT] = seat
                results[h, R_BAD_ACTION] = a
                return h
            apply_action(s, a)
        record(s, results[h], points[h])
    return -1


def specialised(kernels: list) -> object:
    """``play_hands`` with seat ``p`` playing ``kernels[p]``, compiled for the game's palette
    and cached on disk: its arguments are those above less ``choose`` and ``slots``."""
    import sys

    from sim.registry import builtin_kernels
    from sim.specialise import specialise

    return specialise([sys.modules[__name__]], [play_hands], kernels, palette=builtin_kernels("zipai"))
