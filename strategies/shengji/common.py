"""Compiled helpers shared by the 升级 strategies (they see only public information)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.shengji.cards import N_KINDS
from sim.games.shengji.codes import encode_play
from sim.games.shengji.observe import O_HAND


@njit(cache=True)
def unseen(hand: np.ndarray, seen: np.ndarray, table: np.ndarray, k: int) -> int:
    """Copies of kind ``k`` in the other players' hands (not held, not yet played)."""
    c = 4 - seen[k] - hand[k]
    for s in range(4):
        c -= table[s, k]
    return c


@njit(cache=True)
def is_sure(hand: np.ndarray, seen: np.ndarray, table: np.ndarray, es: np.ndarray,
            pos: np.ndarray, e: int, w: int, n: int, top: int) -> bool:
    """Conservatively: no other player can hold a same-suit combination beating this one.

    A higher card held ``w`` times may start a higher one; against a tractor, any card
    unseen often enough for a wider combination of as many cards (a quad against a
    two-pair tractor) may beat it wherever it lies.
    """
    start = top - n + 1
    wider = 5
    if w >= 2 and n >= 2:
        for w2 in range(4, w, -1):
            if (w * n) % w2 == 0:
                wider = w2
    for k in range(N_KINDS):
        if es[k] == e:
            c = unseen(hand, seen, table, k)
            if (pos[k] > start and c >= w) or c >= wider:
                return False
    return True



@njit(cache=True)
def answer(obs: np.ndarray, play: np.ndarray) -> np.int64:
    """The action code a kernel returns for the play it built in ``play`` (from the seat's
    hand in ``obs``; -1 if the play holds a card the hand does not)."""
    return encode_play(obs[O_HAND:O_HAND + N_KINDS], play)
