"""``random``: a uniformly random combination to lead; random priorities when following.

Leading, it picks uniformly among every single combination it holds (:func:`list_units`);
one time in four it adds a second combination of the same suit, which makes a throw (甩牌)
that often fails.
Following, it draws a random priority for each card and lets the rules builder make the
required shape from them, so every card and every admissible placement can be chosen.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.shengji.cards import N_KINDS
from sim.games.shengji.follow import build_follow
from sim.games.shengji.leads import MAX_UNITS, list_units, unit_cards
from sim.games.shengji.observe import I_MODE, I_TWO_QUADS, O_HAND, obs_cards, obs_fmt, obs_get
from sim.rng import below, uniform
from strategies.shengji.common import answer


@njit(cache=True)
def random_kernel(obs, es, pos, kat, nat, npos, rng, out):
    """The compiled ``random`` strategy (engine signature): the code of its play."""
    _random_play(obs, es, pos, kat, nat, npos, rng, out)
    return answer(obs, out)


@njit(cache=True)
def _random_play(obs, es, pos, kat, nat, npos, rng, out):
    """Build the play in ``out``."""
    hand = obs_cards(obs, O_HAND)
    if obs_get(obs, I_MODE) == 0:
        units = np.zeros((MAX_UNITS, 4), dtype=np.int16)
        u = list_units(hand, kat, nat, npos, units)
        first = below(rng, u)
        unit_cards(hand, kat, nat, units[first], out)
        if below(rng, 4) == 0:  # now and then, try a throw: add a second combination of the suit
            second = below(rng, u)
            if second != first and units[second, 0] == units[first, 0]:
                extra = np.zeros(N_KINDS, dtype=np.int8)
                unit_cards(hand, kat, nat, units[second], extra)
                fits = True
                for k in range(N_KINDS):
                    if out[k] + extra[k] > hand[k]:
                        fits = False
                if fits:
                    for k in range(N_KINDS):
                        out[k] += extra[k]
        return
    pref = np.empty(N_KINDS, dtype=np.float64)
    for k in range(N_KINDS):
        pref[k] = uniform(rng)
    build_follow(hand, obs_fmt(obs), es, kat, nat, npos, obs_get(obs, I_TWO_QUADS) == 1, pref,
                 below(rng, 2) == 1, out)
