"""Every lead a 升级 hand can make: the single combinations (units) of a hand, and their cards.

A rule, not a strategy: the Python driver lists a seat's legal leads from it, and the
strategies that choose among leads call it too.
"""

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
