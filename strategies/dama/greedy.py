"""``greedy``: the move that gains most now — hits first, then 窝 and joins, then progress,
less the exposure of the group where it lands."""

from __future__ import annotations

from numba import njit

from sim.games.dama.board import QIAN
from sim.games.dama.codes import horses, station
from sim.games.dama.observe import O_SEAT
from strategies.dama.common import count, danger, hit_count, is_nest, parts, walked


@njit(cache=True)
def _value(obs, code, d) -> float:
    me = obs[O_SEAT]
    s = station(code)
    k = horses(code)
    dest = walked(code, d)
    v = 10.0 * hit_count(obs, dest) + 0.2 * k * (dest - s)
    if is_nest(dest):
        v += 5.0
    if dest < QIAN and count(obs, me, dest) > 0:
        v += 3.0
    v -= 3.0 * k * danger(obs, dest, k + (count(obs, me, dest) if dest < QIAN else 0))
    return v


@njit(cache=True)
def greedy_kernel(obs, legal, n, rng) -> int:
    """The compiled ``greedy`` strategy (a split move is worth the sum of its parts): the
    code of its move."""
    best, bi = -1e18, 0
    for i in range(n):
        first, d1, second, d2 = parts(obs, legal[i])
        v = _value(obs, first, d1)
        if second:
            v += _value(obs, second, d2)
        if v > best:
            best, bi = v, i
    return legal[bi]
