"""The earlier ``strong`` (before a hit's worth left out the victims' progress at 3–5
players), kept as ``previous`` for paired comparisons against the current ``strong``:

    paiju compare dama --a strong --b strategies.dama.previous:previous --rule players=3
"""
from __future__ import annotations

from numba import njit

from strategies.dama.common import count, danger, hit_count, landing, nest

HANGU = 46
TEMPO = 25.0
EXTRA = 20.0
TIE = 15.0
EXPOSURE = 0.5


@njit(cache=True)
def previous(obs, legal, n, rng) -> int:
    """The earlier ``strong`` loop: a hit is worth the victims' progress at every table."""
    me = obs[0]
    pot = obs[8]
    hit_scale = 1.0
    open_hangu = obs[21 + me] == 1
    best, bi = -1e18, 0
    for i in range(n):
        code = legal[i]
        s = code // 64
        k = (code % 64) // 2
        m = count(obs, me, s)
        dest = landing(obs, code)
        v = 1.0 * k * (dest - s)
        hits = hit_count(obs, dest)
        if hits > 0:
            v += hits * ((dest + TEMPO) * hit_scale + TIE) + EXTRA
            for q in range(obs[1]):
                if q != me and count(obs, q, dest) > 0 and count(obs, q, 0) + count(obs, q, dest) == 20:
                    v += TIE * pot * 0.5
        here = count(obs, me, dest) if dest < 90 else 0
        if hits == 0 and (nest(dest) or here > 0):
            v += EXTRA
        before = danger(obs, s, m) * m * (s + TEMPO)
        if here > 0:
            before += danger(obs, dest, here) * here * (dest + TEMPO)
        after = danger(obs, s, m - k) * (m - k) * (s + TEMPO)
        if dest < 90:
            after += danger(obs, dest, here + k) * (here + k) * (dest + TEMPO)
        v -= EXPOSURE * (after - before)
        if not open_hangu and dest == HANGU and obs[7] < 0 and here < 10 <= here + k:
            v += TIE * pot * 0.5
        if v > best:
            best, bi = v, i
    return bi
