"""广水 matches as :mod:`sim.loops`' hand loop: the primitives that differ from a run of
independent hands (:mod:`.batch` gives the rest).

A run of matches of ``per`` hands is a run of hands in which hand ``i`` is hand ``i % per``
of match ``i // per``, dealt from ``hand_seed(hand_seed(root, match), hand)``; ``ctx`` is the
pair ``(rules vector, per)``. Match ``m`` starts with dealer ``m % 3``; then the winner
deals, and after 穿牌 the dealer stays or passes the deal on (``chuan_dealer``): the carry
is the next hand's dealer.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.guangshui import engine as E
from sim.games.sise.guangshui.scoring import CFG_CHUAN_NEXT
from sim.games.sise.guangshui.state import N_SEATS, WINNER
from sim.rng import hand_seed


@njit(cache=True)
def new_carry() -> np.ndarray:
    """The next hand's dealer."""
    return np.zeros(1, dtype=np.int64)


@njit(cache=True, inline="always")
def seed_of_hand(root, i, ctx) -> np.uint64:
    """Hand ``i % per`` of match ``i // per``."""
    per = ctx[1]
    return hand_seed(hand_seed(root, i // per), i % per)


@njit(cache=True)
def deal_hand(s, ctx, i, seed, carry, obs) -> None:
    """A match's first hand is dealt by seat ``match % 3``, the others by the carry."""
    cfg, per = ctx
    if i % per == 0:
        carry[0] = (i // per) % N_SEATS
    E.new_hand(s, seed, carry[0], cfg)


@njit(cache=True)
def end_hand(s, ctx, carry) -> None:
    """The winner deals next; after 穿牌 the dealer stays, or passes the deal on."""
    if s[WINNER] >= 0:
        carry[0] = s[WINNER]
    elif ctx[0][CFG_CHUAN_NEXT] != 0:
        carry[0] = (carry[0] + 1) % N_SEATS


def specialised(kernels: list) -> object:
    """``play_hands(root, start, count, (rules vector, per), seeds, res)`` over hands
    ``start .. start+count-1`` of a run of matches (:func:`sim.loops.hand_loop` over
    :mod:`.batch` and this module), seat ``p`` playing ``kernels[p]``, cached on disk."""
    import sys

    from sim.games.sise.guangshui import batch
    from sim.loops import hand_loop
    from sim.registry import builtin_kernels

    return hand_loop([batch, sys.modules[__name__]], list(kernels),
                     palette=builtin_kernels("guangshui"))
