"""What the 打马 strategies read from an observation: where a move lands, what it hits,
and how exposed a group is to larger enemy groups behind it.

The observation is laid out by :data:`sim.games.dama.observe.SPEC`; the offsets below
come from there, the board's constants from :mod:`sim.games.dama.board` and the move
codes from :mod:`sim.games.dama.codes`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dama.board import HOME, N_STATIONS, QIAN
from sim.games.dama.codes import backward, horses, is_split, split_first, split_second, split_steps, station
from sim.games.dama.moves import is_nest
from sim.games.dama.observe import (
    O_COUNTS, O_JIA_COUNT, O_JIA_FIRST, O_JIA_MOVE, O_MOVE_RULE, O_PLAYERS, O_SEAT, O_TOTAL,
)
from sim.games.dama.rules import MOVE_HORSES_PLUS_STEPS, MOVE_SPLIT
from sim.games.dama.throws import TOTAL, WAYS


def _total_cum() -> np.ndarray:
    p = np.zeros(20, dtype=np.float64)
    for t in range(len(TOTAL)):
        p[TOTAL[t]] += WAYS[t] / 216.0
    return np.cumsum(p)


CUM = _total_cum()  # CUM[x] = P(total <= x)


@njit(cache=True)
def count(obs, q, s) -> int:
    return obs[O_COUNTS + q * N_STATIONS + s]


@njit(cache=True)
def distance(obs, code) -> int:
    """How far the group of a legal single move walks: the 夹 move in a 夹, else by the rule."""
    s = station(code)
    if obs[O_JIA_FIRST] <= s < obs[O_JIA_FIRST] + obs[O_JIA_COUNT]:
        return obs[O_JIA_MOVE]
    if obs[O_MOVE_RULE] == MOVE_HORSES_PLUS_STEPS:
        return obs[O_TOTAL] - horses(code)
    return obs[O_TOTAL]


@njit(cache=True)
def walked(code, d) -> int:
    """Where the group of single code ``code`` lands walking ``d`` stations (at most 91)."""
    s = station(code)
    return min(s - d if backward(code) == 1 else s + d, HOME)


@njit(cache=True)
def landing(obs, code) -> int:
    """The station a legal single move lands on (91 for home, also past it)."""
    return walked(code, distance(obs, code))


@njit(cache=True)
def parts(obs, code) -> tuple[int, int, int, int]:
    """A legal move as (first single code, its distance, second single code, its distance);
    the second code is 0 for a single move."""
    if not is_split(code):
        return code, distance(obs, code), 0, 0
    a = split_steps(code)
    return split_first(code), a, split_second(code), obs[O_TOTAL] - a


@njit(cache=True)
def hit_count(obs, dest) -> int:
    """Enemy horses a move to ``dest`` would hit (the move is legal, so they are hittable)."""
    if dest >= QIAN or is_nest(dest):
        return 0
    me = obs[O_SEAT]
    h = 0
    for q in range(obs[O_PLAYERS]):
        if q != me:
            h += count(obs, q, dest)
    return h


@njit(cache=True)
def danger(obs, station, k) -> float:
    """Roughly the chance that an enemy group behind can land on a group of ``k`` at
    ``station`` with its next throw (0 in a 窝, in the 堑 and at home)."""
    if k <= 0 or station <= 1 or station >= QIAN or is_nest(station):
        return 0.0
    me = obs[O_SEAT]
    p = 0.0
    for q in range(obs[O_PLAYERS]):
        if q == me:
            continue
        for x in range(max(1, station - 17), station):
            c = count(obs, q, x)
            if c < k:
                continue
            delta = station - x
            if obs[O_MOVE_RULE] == MOVE_HORSES_PLUS_STEPS:
                lo, hi = delta + k, min(delta + c, 18)
            elif obs[O_MOVE_RULE] == MOVE_SPLIT:  # split: the whole total, or a part of a larger one
                lo, hi = delta, 18
            else:
                lo, hi = delta, delta
            if lo <= 18 and hi >= lo:
                p += CUM[hi] - CUM[lo - 1]
    return min(p, 1.0)
