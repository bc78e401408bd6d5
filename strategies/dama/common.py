"""What the 打马 strategies read from an observation: where a move lands, what it hits,
and how exposed a group is to larger enemy groups behind it.

The observation layout is :func:`sim.games.dama.engine.fill_obs`'s: ``obs[0]`` seat,
``obs[1]`` players, ``obs[3]`` total, ``obs[5]`` 夹 move, ``obs[9]`` move rule, ``obs[10]``
and ``obs[11]`` the 夹 stations, counts of seat ``q`` on station ``s`` at ``40 + 92q + s``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dama.throws import TOTAL, WAYS

OBS_CNT = 40
N_ST = 92


def _total_cum() -> np.ndarray:
    p = np.zeros(20, dtype=np.float64)
    for t in range(len(TOTAL)):
        p[TOTAL[t]] += WAYS[t] / 216.0
    return np.cumsum(p)


CUM = _total_cum()  # CUM[x] = P(total <= x)


@njit(cache=True)
def count(obs, q, s) -> int:
    return obs[OBS_CNT + q * N_ST + s]


@njit(cache=True)
def nest(s) -> bool:
    return 1 <= s < 91 and (s - 1) % 9 == 0


SPLIT_A = 8192  # a split move (move_rule=split): first + a * SPLIT_A + second * SPLIT
SPLIT = 32 * SPLIT_A


@njit(cache=True)
def distance(obs, code) -> int:
    """How far the group of a legal single move walks: the 夹 move in a 夹, else by the rule."""
    s = code // 64
    if obs[10] <= s < obs[10] + obs[11]:
        return obs[5]
    if obs[9] == 0:
        return obs[3] - (code % 64) // 2
    return obs[3]


@njit(cache=True)
def walked(code, d) -> int:
    """Where the group of single code ``code`` lands walking ``d`` stations (at most 91)."""
    s = code // 64
    return min(s - d if code % 2 == 1 else s + d, 91)


@njit(cache=True)
def landing(obs, code) -> int:
    """The station a legal single move lands on (91 for home, also past it)."""
    return walked(code, distance(obs, code))


@njit(cache=True)
def parts(obs, code) -> tuple[int, int, int, int]:
    """A legal move as (first single code, its distance, second single code, its distance);
    the second code is 0 for a single move."""
    if code < SPLIT:
        return code, distance(obs, code), 0, 0
    a = (code % SPLIT) // SPLIT_A
    return code % SPLIT_A, a, code // SPLIT, obs[3] - a


@njit(cache=True)
def hit_count(obs, dest) -> int:
    """Enemy horses a move to ``dest`` would hit (the move is legal, so they are hittable)."""
    if dest >= 90 or nest(dest):
        return 0
    me = obs[0]
    h = 0
    for q in range(obs[1]):
        if q != me:
            h += count(obs, q, dest)
    return h


@njit(cache=True)
def danger(obs, station, k) -> float:
    """Roughly the chance that an enemy group behind can land on a group of ``k`` at
    ``station`` with its next throw (0 in a 窝, in the 堑 and at home)."""
    if k <= 0 or station <= 1 or station >= 90 or nest(station):
        return 0.0
    me = obs[0]
    p = 0.0
    for q in range(obs[1]):
        if q == me:
            continue
        for x in range(max(1, station - 17), station):
            c = count(obs, q, x)
            if c < k:
                continue
            delta = station - x
            if obs[9] == 0:
                lo, hi = delta + k, min(delta + c, 18)
            elif obs[9] == 2:  # split: the whole total, or a part of a larger one
                lo, hi = delta, 18
            else:
                lo, hi = delta, delta
            if lo <= 18 and hi >= lo:
                p += CUM[hi] - CUM[lo - 1]
    return min(p, 1.0)
