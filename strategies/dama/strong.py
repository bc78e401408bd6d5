"""``strong``: plans the race.

It values a horse by how far it has come (a hit horse loses all of that and must enter
again), so it weighs what a hit gains — the victims' progress, 1 帖 each, half the pot
for the last horses of a player — against what the move exposes: the chance that a
larger enemy group lands on the group it leaves behind and on the group it forms. It
gathers ten horses on 函谷关 while the half pot is open (and before anyone else), brings
every horse to 飞龙院, prefers stacks that larger enemy groups cannot reach, and moves
groups of about half the total under ``horses_plus_steps`` (k horses × (total − k)
stations is largest there).
"""

from __future__ import annotations

from numba import njit

from strategies.dama.common import count, danger, hit_count, landing, nest

HANGU, FEILONG = 46, 82


@njit(cache=True)
def _worth(station) -> float:
    return 2.0 + station * 0.35  # what losing a horse on ``station`` costs, in 帖-like units


@njit(cache=True)
def strong_kernel(obs, legal, n, rng) -> int:
    """The compiled ``strong`` strategy."""
    me = obs[0]
    pot = obs[8]
    open_hangu = obs[21 + me] == 1
    best, bi = -1e18, 0
    for i in range(n):
        code = legal[i]
        s = code // 64
        k = (code % 64) // 2
        m = count(obs, me, s)
        dest = landing(obs, code)
        v = 0.25 * k * (dest - s)  # progress
        hits = hit_count(obs, dest)
        if hits > 0:
            gain = hits * (8.0 + _worth(dest))
            for q in range(obs[1]):  # the last horses of a player: half the pot
                if q != me and count(obs, q, dest) > 0 and count(obs, q, 0) + count(obs, q, dest) == 20:
                    gain += pot * 0.5
            v += gain
        here = count(obs, me, dest) if dest < 90 else 0
        if nest(dest) or (here > 0 and dest < 90):
            v += 4.0  # an extra throw
        # exposure: the group left behind and the group formed, before and after
        before = danger(obs, s, m) * m * _worth(s)
        if here > 0:
            before += danger(obs, dest, here) * here * _worth(dest)
        after = danger(obs, s, m - k) * (m - k) * _worth(s)
        if dest < 90:
            after += danger(obs, dest, here + k) * (here + k) * _worth(dest)
        v -= 1.0 * (after - before)
        if not open_hangu:
            if dest == HANGU:
                v += 3.0 * k
                if obs[7] < 0 and here + k >= 10 and here < 10:
                    v += pot * 0.5 + 20.0
            elif dest < HANGU and dest > s:
                v += 0.3 * k * (HANGU - dest < 18)
        if dest == FEILONG:
            v += 2.5 * k
        if v > best:
            best, bi = v, i
    return bi
