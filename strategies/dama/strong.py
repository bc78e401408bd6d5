"""``strong``: plans the race in one currency, horse-stations (a horse's progress).

A hit horse loses all its progress, and its owner loses a throw entering it again before
he may move at all, so a horse on station ``s`` is worth ``s + TEMPO``. The strategy
weighs what a move gains — progress, the victims' worth, an extra throw, the 函谷关 half
pot for the tenth horse there — against what it exposes: for the group it
leaves behind and the group it forms, the chance that a larger enemy group lands exactly
on it with its next throw, times the group's worth, before and after the move. Under
``horses_plus_steps`` the progress term (k horses × (total − k) stations) makes it move
groups of about half the total. Under ``split`` a split move is worth the sum of its two
parts, each judged on the board before the move.

``racer`` is the same reckoning with one change at three to five players: a hit is worth
only its 帖 and the extra throw, not the victims' lost progress (setting one opponent back
helps against him only, while the others gain as much). It races home: games are about half
as long, far fewer reach the safety bound, and it wins more races than ``strong`` — but it
earns fewer 帖, because the hits it forgoes are 帖 too (``docs/rules/dama.md``, "The
strategies"). With two players the two are the same player.

The reckoning of one group's move is :func:`_gain`; :func:`strong_kernel` writes the same
reckoning out in its loop, because the compiled loop runs about a fifth faster that way
(a test holds the two to the same choices).
"""

from __future__ import annotations

from numba import njit

from sim.games.dama.board import HANGU, HANGU_STACK, HORSES, QIAN
from sim.games.dama.codes import horses, station
from sim.games.dama.observe import (
    O_HANGU_OPEN, O_HANGU_TAKER, O_MOVE_RULE, O_PLAYERS, O_POT, O_SEAT,
)
from sim.games.dama.rules import MOVE_SPLIT
from strategies.dama.common import count, danger, hit_count, is_nest, landing, parts, walked

TEMPO = 25.0  # a throw's worth of progress: what re-entering a hit horse costs
EXTRA = 20.0  # an extra throw
TIE = 15.0  # one 帖 in horse-stations
EXPOSURE = 0.5


@njit(cache=True)
def _victim_scale(players, racer) -> float:
    """How much of a hit horse's worth counts for the hitter: all of it for ``strong``, and
    for ``racer`` with two players; none for ``racer`` with more (a hit is then worth its 帖
    and the extra throw)."""
    return 0.0 if racer and players > 2 else 1.0


@njit(cache=True)
def _worth(station) -> float:
    return station + TEMPO


@njit(cache=True)
def _gain(obs, code, dest, racer=False) -> float:
    """What moving ``code``'s group to ``dest`` is worth: progress, hits, an extra throw, the
    函谷关 half pot, less the exposure it adds."""
    me = obs[O_SEAT]
    pot = obs[O_POT]
    s = station(code)
    k = horses(code)
    m = count(obs, me, s)
    v = 1.0 * k * (dest - s)
    hits = hit_count(obs, dest)
    if hits > 0:
        v += hits * (_worth(dest) * _victim_scale(obs[O_PLAYERS], racer) + TIE) + EXTRA
        for q in range(obs[O_PLAYERS]):  # the last horses of a player: half the pot
            if q != me and count(obs, q, dest) > 0 and count(obs, q, 0) + count(obs, q, dest) == HORSES:
                v += TIE * pot * 0.5
    here = count(obs, me, dest) if dest < QIAN else 0
    if hits == 0 and (is_nest(dest) or here > 0):
        v += EXTRA
    before = danger(obs, s, m) * m * _worth(s)
    if here > 0:
        before += danger(obs, dest, here) * here * _worth(dest)
    after = danger(obs, s, m - k) * (m - k) * _worth(s)
    if dest < QIAN:
        after += danger(obs, dest, here + k) * (here + k) * _worth(dest)
    v -= EXPOSURE * (after - before)
    if (obs[O_HANGU_OPEN + me] != 1 and dest == HANGU and obs[O_HANGU_TAKER] < 0
            and here < HANGU_STACK <= here + k):
        v += TIE * pot * 0.5  # the tenth horse on 函谷关 takes half the pot
    return v


@njit(cache=True)
def _strong_split(obs, legal, n, racer=False) -> int:
    """``strong`` by :func:`_gain`, for ``move_rule=split``: a split move is worth the sum of
    its parts (the code of the move)."""
    best, bi = -1e18, 0
    for i in range(n):
        first, d1, second, d2 = parts(obs, legal[i])
        v = _gain(obs, first, walked(first, d1), racer)
        if second:
            v += _gain(obs, second, walked(second, d2), racer)
        if v > best:
            best, bi = v, i
    return legal[bi]


@njit(cache=True)
def strong_kernel(obs, legal, n, rng) -> int:
    """The compiled ``strong`` strategy: the code of its move."""
    return _choose(obs, legal, n, False)


@njit(cache=True)
def racer_kernel(obs, legal, n, rng) -> int:
    """The compiled ``racer`` strategy: ``strong`` without the victims' progress at 3–5 players."""
    return _choose(obs, legal, n, True)


@njit(cache=True)
def _choose(obs, legal, n, racer) -> int:
    """The code of the move ``strong`` (or ``racer``) plays: the loop is :func:`_gain`
    written out."""
    if obs[O_MOVE_RULE] == MOVE_SPLIT:
        return _strong_split(obs, legal, n, racer)
    me = obs[O_SEAT]
    pot = obs[O_POT]
    open_hangu = obs[O_HANGU_OPEN + me] == 1
    victim = _victim_scale(obs[O_PLAYERS], racer)
    best, bi = -1e18, 0
    for i in range(n):
        code = legal[i]
        s = station(code)
        k = horses(code)
        m = count(obs, me, s)
        dest = landing(obs, code)
        v = 1.0 * k * (dest - s)
        hits = hit_count(obs, dest)
        if hits > 0:
            v += hits * (_worth(dest) * victim + TIE) + EXTRA
            for q in range(obs[O_PLAYERS]):  # the last horses of a player: half the pot
                if q != me and count(obs, q, dest) > 0 and count(obs, q, 0) + count(obs, q, dest) == HORSES:
                    v += TIE * pot * 0.5
        here = count(obs, me, dest) if dest < QIAN else 0
        if hits == 0 and (is_nest(dest) or here > 0):
            v += EXTRA
        before = danger(obs, s, m) * m * _worth(s)
        if here > 0:
            before += danger(obs, dest, here) * here * _worth(dest)
        after = danger(obs, s, m - k) * (m - k) * _worth(s)
        if dest < QIAN:
            after += danger(obs, dest, here + k) * (here + k) * _worth(dest)
        v -= EXPOSURE * (after - before)
        if (not open_hangu and dest == HANGU and obs[O_HANGU_TAKER] < 0
                and here < HANGU_STACK <= here + k):
            v += TIE * pot * 0.5  # the tenth horse on 函谷关 takes half the pot
        if v > best:
            best, bi = v, i
    return legal[bi]
