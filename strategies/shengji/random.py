"""``random``: a uniformly random combination to lead; random priorities when following.

Leading, it picks uniformly among every single combination it holds (:func:`list_units`).
Following, it draws a random priority for each card and lets the rules builder make the
required shape from them, so every card and every admissible placement can be chosen.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.shengji.follow import build_follow
from sim.rng import below, uniform
from strategies.shengji.common import MAX_UNITS, list_units, unit_cards


@njit(cache=True)
def random_kernel(mode, hand, table, leader, seat, fmt, info, seen, es, pos, kat, nat, npos,
                  rng, out):
    """The compiled ``random`` strategy (engine signature)."""
    if mode == 0:
        units = np.zeros((MAX_UNITS, 4), dtype=np.int16)
        u = list_units(hand, kat, nat, npos, units)
        unit_cards(hand, kat, nat, units[below(rng, u)], out)
        return
    pref = np.empty(54, dtype=np.float64)
    for k in range(54):
        pref[k] = uniform(rng)
    build_follow(hand, fmt, es, kat, nat, npos, info[7] == 1, pref, below(rng, 2) == 1, out)
