"""The small pieces every 打马 rule uses: relations, the dice, the event log, 帖, the end.

See :mod:`sim.games.dama.engine` for how a game runs.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dama.board import HOME, HORSES, N_STATIONS
from sim.games.dama.state import (
    CNT, EMAX_FOR, END_KIND, EV_END, EV_POT, EV_TIE, HPOS, MAXEV, NEV, OVER, POT, POTNET, R_NP, R_STAKE,
    ROUGH, S, TIE, WINNER,
)
from sim.games.dama.throws import THROW_OF, TOTAL
from sim.rng import below

MAX_THROWS = 30_000  # safety bound: a game this long is stopped as a draw
MAX_LEGAL = 32768  # split moves: ≤ 20 stacks × 19 × 17 parts × 2 × 2, with the single moves
OBS_SIZE = 512
OBS_CNT = 40  # observation: counts of seat q on station s at OBS_CNT + q * 92 + s
ERROR = S + 22  # 1 + the bad choice of a strategy
ERR_SEAT = S + 23
# why 帖 moved (EV_TIE's third field) and why a pot moved (EV_POT)
TIE_OWN, TIE_FOREIGN, TIE_ZHUANG, TIE_FA, TIE_HIT, TIE_FLY = range(6)
POT_HANGU, POT_WIPE, POT_XIMAN, POT_CUMAN, POT_DRAW = range(5)



@njit(cache=True)
def relation(t: int, b: int) -> int:
    """0 none, 1 傍 (same total), 2 真 (the same throw) of throw ``t`` to 本采 ``b``."""
    if b < 0:
        return 0
    if t == b:
        return 2
    return 1 if TOTAL[t] == TOTAL[b] else 0


@njit(cache=True)
def roll(rng: np.ndarray) -> int:
    """Throw three dice from the game's dice stream; the throw's index."""
    a = below(rng, 6) + 1
    b = below(rng, 6) + 1
    c = below(rng, 6) + 1
    return THROW_OF[a, b, c]


@njit(cache=True)
def log(st, ev, kind, seat, a, b, c, d) -> None:
    n = st[NEV]
    if n < MAXEV:
        ev[n, 0] = kind
        ev[n, 1] = seat
        ev[n, 2] = a
        ev[n, 3] = b
        ev[n, 4] = c
        ev[n, 5] = d
        st[NEV] = n + 1


@njit(cache=True)
def pay(st, ev, payer, payee, amount, reason) -> None:
    if amount <= 0 or payer == payee:
        return
    st[TIE + payer] -= amount
    st[TIE + payee] += amount
    log(st, ev, EV_TIE, payer, payee, amount, reason, 0)


@njit(cache=True)
def cnt(st, p, s) -> int:
    return st[CNT + p * N_STATIONS + s]


@njit(cache=True)
def _place(st, p, h, s) -> None:
    old = st[HPOS + p * HORSES + h]
    st[CNT + p * N_STATIONS + old] -= 1
    st[CNT + p * N_STATIONS + s] += 1
    st[HPOS + p * HORSES + h] = s
    st[EMAX_FOR] = -1  # the enemy maxima of :func:`sim.games.dama.moves.enemy_max` are stale


@njit(cache=True)
def _finish(st, ev, winner, kind) -> None:
    n = st[R_NP]
    pot = st[POT]
    if kind == 0:  # a draw: the pot goes back as evenly as it can
        for i in range(n):
            share = pot // n + (1 if i < pot % n else 0)
            st[POTNET + i] += share
        log(st, ev, EV_POT, -1, pot, POT_DRAW, 0, 0)
    else:
        st[POTNET + winner] += pot
        log(st, ev, EV_POT, winner, pot, POT_CUMAN if kind == 2 else POT_XIMAN, 0, 0)
        if kind == 1:  # 细满 takes a second pot: everyone refills it, the winner takes it
            stake = st[R_STAKE]
            for i in range(n):
                st[POTNET + i] -= stake
            st[POTNET + winner] += n * stake
            log(st, ev, EV_POT, winner, n * stake, POT_XIMAN, 1, 0)
    st[POT] = 0
    st[OVER] = 1
    st[WINNER] = winner
    st[END_KIND] = kind
    log(st, ev, EV_END, winner, kind, 0, 0, 0)


@njit(cache=True)
def _check_home(st, ev, p) -> None:
    if st[OVER] == 0 and cnt(st, p, HOME) == HORSES:
        _finish(st, ev, p, 2 if st[ROUGH + p] else 1)
