"""The batch driver: many complete 广水 hands in one compiled call.

Hand ``i`` of a run has seed ``hand_seed(root, i)`` and dealer ``i % 3``; the strategies'
generator starts at ``sim.rng.strategy_seed(seed)`` (the Python driver does the same). The
hand loop is :mod:`sim.loops`' (this module gives its primitives); whole matches are played
by :func:`play_matches`. :func:`specialised` compiles both once per palette of strategy
kernels and keeps them in numba's disk cache (:mod:`sim.specialise`).
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
from sim.games.sise.guangshui.scoring import CFG_CHUAN_NEXT
from sim.loops import copy_words
from sim.rng import hand_seed, strategy_seed

# result columns
(R_WINNER, R_DEALER, R_LEVEL, R_FU, R_LOU, R_ITEMS, R_LISTED, R_HOW, R_DECISIONS, R_LEFT,
 R_XIANG, R_BAR, R_PTS, R_BAD_SEAT, R_BAD_ACTION) = range(15)
N_RESULT = R_BAD_ACTION + 3  # R_PTS takes three columns
# (column, state word): the result columns record copies from the final state
STATE_COLUMNS = np.array([(R_WINNER, WINNER), (R_DEALER, DEALER), (R_LEVEL, LEVEL),
                          (R_LOU, WIN_LOU), (R_ITEMS, WIN_ITEMS), (R_LISTED, WIN_LISTED),
                          (R_HOW, WIN_HOW), (R_DECISIONS, N_DEC)])


@njit(cache=True)
def _call(choose, slots, seat, obs, legal, n, rng):
    return choose(slots[seat], obs, legal, n, rng)


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


@njit(cache=True)
def play_matches(root: np.uint64, start: np.int64, count: np.int64, n_hands: np.int64,
                 cfg: np.ndarray, choose, slots, seeds: np.ndarray, res: np.ndarray) -> int:
    """Play matches ``start .. start+count-1`` of ``n_hands`` hands each (row ``m * n_hands +
    h``). Match ``m`` starts with dealer ``m % 3``; then the winner deals, and after 穿牌
    the dealer stays or passes the deal on (``chuan_dealer``). Hand ``h`` of match ``m``
    draws from ``hand_seed(hand_seed(root, m), h)``. Returns -1 or the row of an illegal
    action."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    legal = np.empty(MAX_ACTIONS, dtype=np.int64)
    obs = np.zeros(OBS_SIZE, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    row = 0
    for mi in range(count):
        m = start + mi
        mseed = hand_seed(root, m)
        dealer = m % N_SEATS
        for h in range(n_hands):
            seed = hand_seed(mseed, h)
            seeds[row] = seed
            rng[0] = strategy_seed(seed)
            E.new_hand(s, seed, dealer, cfg)
            while s[ACTOR] >= 0:
                seat = s[ACTOR]
                n = E.legal_actions(s, legal)
                observe(s, seat, obs)
                a = _call(choose, slots, seat, obs, legal, n, rng)
                ok = False
                for t in range(n):
                    if legal[t] == a:
                        ok = True
                        break
                if not ok:
                    res[row, R_BAD_SEAT] = seat
                    res[row, R_BAD_ACTION] = a
                    return row
                E.apply_action(s, a)
            record(s, res[row])
            if s[WINNER] >= 0:
                dealer = s[WINNER]
            elif cfg[CFG_CHUAN_NEXT] != 0:
                dealer = (dealer + 1) % N_SEATS
            row += 1
    return -1


def specialised(kernels: list) -> object:
    """``play_hands(root, start, count, cfg, seeds, res)`` (:mod:`sim.loops`) and
    ``play_matches`` with seat ``p`` playing ``kernels[p]``, compiled for the game's
    palette and cached on disk (arguments less ``choose, slots``)."""
    import sys

    from sim.loops import hand_loop
    from sim.registry import builtin_kernels
    from sim.specialise import specialise

    kernels = list(kernels)
    palette = builtin_kernels("guangshui")
    loop = hand_loop(sys.modules[__name__], kernels, palette=palette)
    loop.play_matches = specialise([sys.modules[__name__]], [_call, play_matches], kernels,
                                   palette=palette).play_matches
    return loop
