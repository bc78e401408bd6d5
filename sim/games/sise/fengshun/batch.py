"""The batch driver: many complete 丰顺 hands in one compiled call.

Hand ``i`` of a run has seed ``hand_seed(root, i)``: the deal (dice for the dealer, the
shuffle) draws from a generator started at that seed, the strategies from one started at
``sim.rng.strategy_seed(seed)`` (the Python driver does the same). Under ``dealer_rule=seed``
the hands are chained in sessions of :data:`SESSION_HANDS` (:mod:`sim.sessions`, rule
``NAMED_OR_DICE``): a session's first hand and every hand after a draw are dealt by their
own dice, any other by the seat the hand before named (:func:`named_dealer`); a batch that
starts inside a session first replays that session's earlier hands, unrecorded, to learn
who deals. Under ``dealer_rule=dice`` every hand's own dice choose. The hand loop is
:mod:`sim.loops`' (this module gives its primitives; what passes from one hand to the next
is the hand's result row); :func:`specialised` compiles it once per palette of strategy
kernels and keeps it in numba's disk cache (:mod:`sim.specialise`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.fengshun import engine as E
from sim.games.sise.fengshun.observe import OBS_SIZE, observe  # noqa: F401
from sim.games.sise.fengshun.rules import CFG_DEALER, CFG_SEATS, FengshunRules, rules_vector
from sim.games.sise.fengshun.scoring import fengshun_table, table_tuple
from sim.games.sise.fengshun.state import (  # noqa: F401 (ACTOR, the sizes: sim.loops)
    ACTOR, DEALER, DEALS, HOW, MAX_ACTIONS, MAX_SEATS, N_DEC, N_WIN, PAO, PTS, SCORE, SE, SELF, SP,
    STATE_SIZE, WINMASK,
)
from sim.games.spec import copy_words
from sim.sessions import DICE, NAMED_OR_DICE, chain_dealer

SESSION_HANDS = 50  # hands per session under dealer_rule=seed (divides the default shard size)
(R_DEALER, R_NWIN, R_WINMASK, R_PAO, R_SELF, R_HOW, R_DECISIONS, R_LEFT, R_DEALS, R_BAD_SEAT,
 R_BAD_ACTION, R_BAD_HAND, R_SCORE) = range(13)
R_PTS = R_SCORE + MAX_SEATS
N_RESULT = R_PTS + MAX_SEATS
# (column, state word): the result columns record copies from the final state
STATE_COLUMNS = np.array([(R_DEALER, DEALER), (R_NWIN, N_WIN), (R_WINMASK, WINMASK), (R_PAO, PAO),
                          (R_SELF, SELF), (R_HOW, HOW), (R_DECISIONS, N_DEC),
                          (R_DEALS, DEALS)])


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
def record(s: np.ndarray, row: np.ndarray) -> None:
    """The result columns of a finished hand."""
    copy_words(s, row, STATE_COLUMNS)
    row[R_LEFT] = s[SE] - s[SP]
    for p in range(MAX_SEATS):
        row[R_SCORE + p] = s[SCORE + p]
        row[R_PTS + p] = s[PTS + p]


# sim.loops' default primitives are made of these and STATE_SIZE, MAX_ACTIONS, OBS_SIZE
DTYPE = np.int64
OBSERVE = observe


@njit(cache=True)
def new_carry() -> np.ndarray:
    """The result row of the hand before, from which the next hand's dealer follows
    (:mod:`sim.loops` primitives from here on; ``ctx`` is the tuple of the rules vector and
    the group tables, :func:`context`)."""
    return np.zeros(N_RESULT, dtype=np.int64)


@njit(cache=True)
def first_hand(start, ctx) -> int:
    """Under ``dealer_rule=seed`` the first hand of ``start``'s session (the hands before
    ``start`` are replayed, unrecorded, to learn who deals); else ``start``."""
    return start - start % SESSION_HANDS if ctx[0][CFG_DEALER] != 0 else start


@njit(cache=True)
def deal_hand(s, ctx, i, seed, carry, obs) -> None:
    """Hand ``i``: its dealer from the hand before (:func:`hand_dealer`), the dice and the
    shuffle from a generator started at ``seed``."""
    cfg, tb = ctx
    deal_rng = np.zeros(1, dtype=np.uint64)
    deal_rng[0] = seed
    E.deal(s, deal_rng, cfg, hand_dealer(i, cfg, carry))
    E.start(s, tb)


@njit(cache=True, inline="always")
def settle(s, ctx, legal) -> int:
    if s[ACTOR] < 0:
        return 0
    return E.legal_actions(s, legal, ctx[1])


@njit(cache=True, inline="always")
def act(s, ctx, action) -> None:
    E.apply_action(s, action, ctx[1])


@njit(cache=True)
def end_hand(s, ctx, carry) -> None:
    record(s, carry)


@njit(cache=True)
def write_row(s, ctx, carry, res, row) -> None:
    res[row, :] = carry


@njit(cache=True)
def write_bad(s, ctx, carry, res, row, seat, action, hand) -> None:
    """The seat, the action, the hand index and its dealer (row 0 if it was a replayed
    hand of the first session)."""
    res[row, R_BAD_SEAT] = seat
    res[row, R_BAD_ACTION] = action
    res[row, R_BAD_HAND] = hand
    res[row, R_DEALER] = s[DEALER]


def context(rules: FengshunRules) -> tuple:
    """The ``ctx`` of the compiled loops: the rules vector and the group tables."""
    return rules_vector(rules), tables(rules)


def specialised(kernels: list) -> object:
    """``play_hands(root, start, count, ctx, seeds, res)`` (:func:`sim.loops.hand_loop`,
    ``ctx`` = :func:`context`) compiled for these strategy kernels, one per seat (cached on
    disk); fewer than four are padded with the first (seats beyond the table never act)."""
    import sys

    from sim.loops import hand_loop
    from sim.registry import builtin_kernels

    kernels = list(kernels) + [kernels[0]] * (MAX_SEATS - len(kernels))
    return hand_loop(sys.modules[__name__], kernels, palette=builtin_kernels("fengshun"))
