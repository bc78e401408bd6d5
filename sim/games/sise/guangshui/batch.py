"""The batch driver: many complete 广水 hands in one compiled call.

Hand ``i`` of a run has seed ``hand_seed(root, i)`` and dealer ``i % 3``; the strategies'
generator starts at ``sim.rng.strategy_seed(seed)`` (the Python driver does the same). The
hand loop is :mod:`sim.loops`' (this module gives its primitives; whole matches are the
same loop with :mod:`.matches`' primitives beside them). :func:`specialised` compiles it
once per palette of strategy kernels and keeps it in numba's disk cache
(:mod:`sim.specialise`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.guangshui import engine as E
from sim.games.sise.guangshui.observe import OBS_SIZE, observe
from sim.games.sise.guangshui.state import (  # noqa: F401 (ACTOR: sim.loops)
    ACTOR, DEALER, FU, LEVEL, MAX_ACTIONS, N_DEC, N_SEATS, PTS, SP, STATE_SIZE, WIN_HOW,
    WIN_ITEMS, WIN_LISTED, WIN_LOU, WINNER, XIANG, BAR,
)
from sim.games.spec import copy_words


# result columns
(R_WINNER, R_DEALER, R_LEVEL, R_FU, R_LOU, R_ITEMS, R_LISTED, R_HOW, R_DECISIONS, R_LEFT,
 R_XIANG, R_BAR, R_PTS, R_BAD_SEAT, R_BAD_ACTION) = range(15)
N_RESULT = R_BAD_ACTION + 3  # R_PTS takes three columns
# (column, state word): the result columns record copies from the final state
STATE_COLUMNS = np.array([(R_WINNER, WINNER), (R_DEALER, DEALER), (R_LEVEL, LEVEL),
                          (R_LOU, WIN_LOU), (R_ITEMS, WIN_ITEMS), (R_LISTED, WIN_LISTED),
                          (R_HOW, WIN_HOW), (R_DECISIONS, N_DEC)])


@njit(cache=True)
def record(s: np.ndarray, row: np.ndarray) -> None:
    """The result columns of a finished hand."""
    copy_words(s, row, STATE_COLUMNS)
    row[R_FU] = s[FU] if s[WINNER] >= 0 else 0
    row[R_LEFT] = 21 - s[SP]
    xi = 0
    ba = 0
    for p in range(N_SEATS):
        xi |= s[XIANG + p] << p
        ba |= s[BAR + p] << p
        row[R_PTS + p] = s[PTS + p]
    row[R_XIANG] = xi
    row[R_BAR] = ba


# sim.loops' default primitives are made of these and STATE_SIZE, MAX_ACTIONS, OBS_SIZE
DTYPE = np.int64
OBSERVE, APPLY, RECORD = observe, E.apply_action, record


@njit(cache=True)
def deal_hand(s, cfg, i, seed, carry, obs) -> None:
    """Hand ``i``: dealer ``i % 3`` (:mod:`sim.loops` primitives from here on)."""
    E.new_hand(s, seed, np.int64(i % N_SEATS), cfg)


@njit(cache=True)
def settle(s, cfg, legal) -> int:
    if s[ACTOR] < 0:
        return 0
    return E.legal_actions(s, legal)


def specialised(kernels: list) -> object:
    """``play_hands(root, start, count, cfg, seeds, res)`` (:mod:`sim.loops`) with seat ``p``
    playing ``kernels[p]``, compiled for the game's palette and cached on disk (arguments
    less ``choose, slots``); whole matches are :func:`sim.games.sise.guangshui.matches.specialised`."""
    import sys

    from sim.loops import hand_loop
    from sim.registry import builtin_kernels

    return hand_loop(sys.modules[__name__], list(kernels), palette=builtin_kernels("guangshui"))
