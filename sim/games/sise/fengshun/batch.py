"""The batch driver: many complete 丰顺 hands in one compiled call.

Hand ``i`` of a run has seed ``hand_seed(root, i)``: the deal (dice for the dealer, the
shuffle) draws from a generator started at that seed, the strategies from one started at
``sim.rng.strategy_seed(seed)`` (the Python driver does the same). Under ``dealer_rule=seed``
the hands are chained in sessions of :data:`SESSION_HANDS` (:mod:`sim.sessions`, rule
``NAMED_OR_DICE``): a session's first hand and every hand after a draw are dealt by their
own dice, any other by the seat the hand before named (:func:`named_dealer`); a batch that
starts inside a session first replays that session's earlier hands, unrecorded, to learn
who deals. Under ``dealer_rule=dice`` every hand's own dice choose. Seat ``p``'s strategy is called
as ``choose(slots[p], …)``; :func:`specialised` compiles the loop once per palette and
keeps it in numba's disk cache (:mod:`sim.specialise`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.fengshun import engine as E
from sim.games.sise.fengshun.observe import OBS_SIZE, observe
from sim.games.sise.fengshun.rules import CFG_DEALER, CFG_SEATS, FengshunRules
from sim.games.sise.fengshun.scoring import fengshun_table, table_tuple
from sim.games.sise.fengshun.state import (ACTOR, DEALER, DEALS, HOW, MAX_ACTIONS, MAX_SEATS, N_DEC,
                                           N_WIN, PAO, PTS, SCORE, SE, SELF, SP, STATE_SIZE,
                                           WINMASK)
from sim.rng import hand_seed, strategy_seed
from sim.sessions import DICE, NAMED_OR_DICE, chain_dealer

SESSION_HANDS = 50  # hands per session under dealer_rule=seed (divides the default shard size)
(R_DEALER, R_NWIN, R_WINMASK, R_PAO, R_SELF, R_HOW, R_DECISIONS, R_LEFT, R_DEALS, R_BAD_SEAT,
 R_BAD_ACTION, R_BAD_HAND, R_SCORE) = range(13)
R_PTS = R_SCORE + MAX_SEATS
N_RESULT = R_PTS + MAX_SEATS


@njit(cache=True)
def named_dealer(n_win: int, mask: int, pao: int) -> int:
    """The seat a finished hand names to deal next under the seed's rule: its single winner;
    with several winners on one discard the 点炮 player; else -1 (the dice again).

    >>> named_dealer(1, 0b100, -1), named_dealer(2, 0b011, 2), named_dealer(0, 0, -1)
    (2, 2, -1)
    """
    if n_win == 1:
        for p in range(MAX_SEATS):
            if (mask >> p) & 1:
                return p
    if n_win > 1 and pao >= 0:
        return pao
    return -1


@njit(cache=True)
def hand_dealer(i: int, cfg: np.ndarray, prev: np.ndarray) -> int:
    """The dealer of hand ``i`` (-1: its dice) after the hand whose result row is ``prev``
    (ignored at a session's start and under ``dealer_rule=dice``)."""
    if cfg[CFG_DEALER] == 0:
        return DICE
    named = named_dealer(prev[R_NWIN], prev[R_WINMASK], prev[R_PAO])
    return chain_dealer(i, SESSION_HANDS, cfg[CFG_SEATS], NAMED_OR_DICE, prev[R_DEALER], named)


def tables(rules: FengshunRules) -> tuple:
    """The group table arrays of ``rules`` for the engine."""
    return table_tuple(fengshun_table(rules))


@njit(cache=True)
def _call(choose, slots, seat, obs, legal, n, rng):
    return choose(slots[seat], obs, legal, n, rng)


@njit(cache=True)
def record(s: np.ndarray, row: np.ndarray) -> None:
    """The result columns of a finished hand."""
    row[R_DEALER] = s[DEALER]
    row[R_NWIN] = s[N_WIN]
    row[R_WINMASK] = s[WINMASK]
    row[R_PAO] = s[PAO]
    row[R_SELF] = s[SELF]
    row[R_HOW] = s[HOW]
    row[R_DECISIONS] = s[N_DEC]
    row[R_LEFT] = s[SE] - s[SP]
    row[R_DEALS] = s[DEALS]
    for p in range(MAX_SEATS):
        row[R_SCORE + p] = s[SCORE + p]
        row[R_PTS + p] = s[PTS + p]


@njit(cache=True)
def play_hands(root: np.uint64, start: np.int64, count: np.int64, cfg: np.ndarray, tb: tuple,
               choose, slots, seeds: np.ndarray, res: np.ndarray) -> int:
    """Play hands ``start .. start+count-1``; returns -1, or the row of a hand in which a
    strategy chose an illegal action (``res`` holds the seat, the action, the hand index and
    its dealer; row 0 if it was a replayed hand of the first session)."""
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
            a = _call(choose, slots, seat, obs, legal, n, rng)
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
    """``play_hands`` compiled for these strategy kernels, one per seat (cached on disk);
    fewer than four are padded with the first (seats beyond the table never act)."""
    import sys

    from sim.registry import builtin_kernels
    from sim.specialise import specialise

    kernels = list(kernels) + [kernels[0]] * (MAX_SEATS - len(kernels))
    return specialise([sys.modules[__name__]], [_call, play_hands], kernels, palette=builtin_kernels("fengshun"))
