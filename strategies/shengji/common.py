"""Compiled helpers shared by the 升级 strategies (they see only public information)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.shengji.combos import run_kind, take_component

MAX_UNITS = 4096


@njit(cache=True)
def list_units(hand: np.ndarray, kat: np.ndarray, nat: np.ndarray, npos: np.ndarray,
               units: np.ndarray) -> int:
    """Every single combination in ``hand`` as rows ``(e, w, n, top)``; returns how many.

    Singles, pairs, triples and quads of each card, and every tractor (each width, each
    length ≥ 2, each start). Kinds that share a position count once per position.
    """
    u = 0
    for e in range(5):
        for w in range(1, 5):
            for start in range(npos[e]):
                n = 0
                while start + n < npos[e]:
                    p = start + n
                    if run_kind(hand, kat, nat, e, p, w) < 0:
                        break
                    n += 1
                    if w == 1 and n > 1:
                        break
                    if u < units.shape[0]:
                        units[u, 0] = e
                        units[u, 1] = w
                        units[u, 2] = n
                        units[u, 3] = p
                        u += 1
    return u


@njit(cache=True)
def unit_cards(hand: np.ndarray, kat: np.ndarray, nat: np.ndarray, row: np.ndarray,
               out: np.ndarray) -> None:
    """``out`` = the cards of one unit row ``(e, w, n, top)`` taken from ``hand``."""
    out[:] = 0
    take_component(hand.copy(), kat, nat, row[0], row[1], row[2], row[3], out)


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
    for k in range(54):
        if es[k] == e:
            c = unseen(hand, seen, table, k)
            if (pos[k] > start and c >= w) or c >= wider:
                return False
    return True

