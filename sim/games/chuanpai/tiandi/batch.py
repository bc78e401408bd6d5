"""The compiled batch driver: play many complete 天地人和 hands with compiled strategies.

Hand ``i`` of a run has seed ``hand_seed(root, i)``; the strategies draw from a second
generator started at ``sim.rng.strategy_seed(seed)`` (as in the Python driver). Under
``dealer_rule=rotate`` hand ``i`` is dealt by seat ``i % 3``; under ``winner_keeps`` (占庄)
hands are played in sessions of :data:`SESSION_HANDS` (:mod:`sim.sessions`): a batch that starts inside a session first
replays that session's earlier hands, unrecorded, to learn who deals.
The hand loop is :mod:`sim.loops`' (this module gives its primitives, sessions through
``first_hand``, the carry and ``end_hand``); strategies are kernels ``kernel(obs, legal, n,
rng) -> action``. :func:`specialised` compiles the loop once per palette into numba's disk
cache (:mod:`sim.specialise`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.tiandi.engine import (  # noqa: F401 (ACTOR, the sizes: sim.loops)
    ACTOR, BAO, BAO_PAID, DEALER, FAN, FORCED, JIA, LAID, MAX_ACTIONS, N_SEATS, NDEC, NHARD, NLAID,
    OUTCOME, PTS, REDEALS, STAKE, STATE_SIZE, TRICK, TUO_SEAT, WINNER, apply_action, new_hand,
    run_forced,
)
from sim.games.chuanpai.tiandi.observe import OBS_SIZE, observe  # noqa: F401
from sim.games.chuanpai.tiandi.rules import C_DEALER
from sim.games.chuanpai.tiandi.scoring import fan_of
from sim.games.spec import copy_words
from sim.sessions import ROTATE, chain_dealer

SESSION_HANDS = 50  # hands per session under 占庄 (divides the default shard and run sizes)

(R_WINNER, R_OUTCOME, R_JIA, R_FAN, R_STAKE, R_BAO, R_BAO_PAID, R_REDEALS, R_TRICKS, R_DEC,
 R_BAD_SEAT, R_BAD_ACTION) = range(12)
R_LAID = 12  # [3]
R_HARD = 15  # [3]
R_PTS = 18  # [3]
R_FAN_SEAT = 21  # [3] 翻 each seat's 摆牌 would carry
R_TUOSHOU = 24  # seat that made 脱手, -1 none
R_DEALER = 25
R_BAD_HAND = 26  # hand index of an illegal play (it may be a replayed hand before ``start``)
N_RESULT = 27
# (column, state word): the result columns record copies from the final state
STATE_COLUMNS = np.array([(R_WINNER, WINNER), (R_OUTCOME, OUTCOME), (R_JIA, JIA), (R_FAN, FAN),
                          (R_STAKE, STAKE), (R_BAO, BAO), (R_BAO_PAID, BAO_PAID),
                          (R_REDEALS, REDEALS), (R_TRICKS, TRICK), (R_TUOSHOU, TUO_SEAT),
                          (R_DEALER, DEALER)])


@njit(cache=True)
def record(s: np.ndarray, cfg: np.ndarray, row: np.ndarray) -> None:
    """The result columns of a finished hand (both drivers call this)."""
    copy_words(s, row, STATE_COLUMNS)
    row[R_DEC] = s[NDEC] - s[FORCED]
    for p in range(N_SEATS):
        row[R_LAID + p] = s[NLAID + p]
        row[R_HARD + p] = s[NHARD + p]
        row[R_PTS + p] = s[PTS + p]
        row[R_FAN_SEAT + p] = fan_of(s[LAID + p * N_TYPES:LAID + (p + 1) * N_TYPES], cfg)


# sim.loops' default primitives are made of these and STATE_SIZE, MAX_ACTIONS, OBS_SIZE
DTYPE = np.int16
OBSERVE, APPLY = observe, apply_action


@njit(cache=True)
def new_carry() -> np.ndarray:
    """``[dealer, winner]`` of the hand just played (-1 before a session's first;
    :mod:`sim.loops` primitives from here on)."""
    return np.full(2, -1, dtype=np.int64)


@njit(cache=True)
def first_hand(start, cfg) -> int:
    """Under 占庄 a batch replays its session's earlier hands, unrecorded, to learn who deals."""
    return start if cfg[C_DEALER] == ROTATE else start - start % SESSION_HANDS


@njit(cache=True)
def deal_hand(s, cfg, i, seed, carry, obs) -> None:
    """Hand ``i``, dealt by the seat :func:`sim.sessions.chain_dealer` names."""
    carry[0] = chain_dealer(i, SESSION_HANDS, N_SEATS, cfg[C_DEALER], carry[0], carry[1])
    new_hand(s, seed, np.int64(carry[0]), cfg)


@njit(cache=True)
def settle(s, cfg, legal) -> int:
    """Make the forced plays, then list the legal plays (0 once the hand is over)."""
    return run_forced(s, legal)


@njit(cache=True)
def end_hand(s, cfg, carry) -> None:
    carry[1] = s[WINNER]


@njit(cache=True)
def write_row(s, cfg, carry, res, row) -> None:
    record(s, cfg, res[row])


@njit(cache=True)
def write_bad(s, cfg, carry, res, row, seat, action, hand) -> None:
    """The seat, the illegal play, the hand (it may be a replayed one) and its dealer."""
    res[row, R_BAD_SEAT] = seat
    res[row, R_BAD_ACTION] = action
    res[row, R_BAD_HAND] = hand
    res[row, R_DEALER] = carry[0]


def specialised(kernels: list) -> object:
    """``play_hands(root, start, count, cfg, seeds, res)`` (:mod:`sim.loops`) with seat ``p``
    playing ``kernels[p]``, compiled for the game's palette and cached on disk."""
    import sys

    from sim.loops import hand_loop
    from sim.registry import builtin_kernels

    return hand_loop(sys.modules[__name__], kernels, palette=builtin_kernels("tiandi"))
