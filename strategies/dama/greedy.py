"""``greedy``: the move that gains most now — hits first, then 窝 and joins, then progress,
less the exposure of the group where it lands."""

from __future__ import annotations

from numba import njit

from strategies.dama.common import count, danger, hit_count, landing, nest


@njit(cache=True)
def greedy_kernel(obs, legal, n, rng) -> int:
    """The compiled ``greedy`` strategy."""
    me = obs[0]
    best, bi = -1e18, 0
    for i in range(n):
        code = legal[i]
        s = code // 64
        k = (code % 64) // 2
        dest = landing(obs, code)
        v = 10.0 * hit_count(obs, dest) + 0.2 * k * (dest - s)
        if nest(dest):
            v += 5.0
        if dest < 90 and count(obs, me, dest) > 0:
            v += 3.0
        v -= 3.0 * k * danger(obs, dest, k + (count(obs, me, dest) if dest < 90 else 0))
        if v > best:
            best, bi = v, i
    return bi
