"""Card order for one hand: effective suits, strength and adjacency.

Given the level rank ``L`` and the trump suit ``T`` every kind gets an *effective suit*
(0–3 for the side suits, :data:`TRUMP` = 4 for every trump) and a *position* inside it.
Positions grow with strength; two kinds at the same position are equal (the first
played wins), and ranks at positions ``p`` and ``p + 1`` are adjacent for tractors.

Trump, strongest first: 大王, 小王, 主L, 副L (three equal kinds), 主2, 副2 (three equal
kinds), then A … 3 of ``T`` without ``L``. At level 2 the two tiers are one
(大王 > 小王 > 主2 > 副2 > A …). Side suits run A … 3 without ``L`` (2s are always trump).
With ``cross_tier=False`` an empty position separates the trump tiers, so no tractor
crosses from A to 副2, 副2 to 主2 and so on.

>>> from sim.games.shengji.cards import parse_cards
>>> o = build_order(level=3, trump=0)
>>> [int(o.pos[k]) for k in parse_cards("BJ SJ 3S 3H 2S 2H AS 4S")]
[16, 15, 14, 13, 12, 11, 10, 0]
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from sim.games.shengji.cards import BIG_JOKER, N_KINDS, SMALL_JOKER

TRUMP = 4
N_ESUITS = 5
MAX_POS = 24  # positions per effective suit, gaps included
MAX_AT = 3  # kinds sharing one position (副L or 副2 of the three other suits)


class Order(NamedTuple):
    """The order arrays of one hand (read-only inside the kernels)."""

    es: np.ndarray  # int8[54]: effective suit
    pos: np.ndarray  # int8[54]: position inside the effective suit
    kat: np.ndarray  # int8[5, MAX_POS, MAX_AT]: kinds at a position
    nat: np.ndarray  # int8[5, MAX_POS]: how many kinds at a position
    npos: np.ndarray  # int8[5]: positions used per effective suit


@njit(cache=True)
def fill_order(level: int, trump: int, cross_tier: bool, es: np.ndarray, pos: np.ndarray,
               kat: np.ndarray, nat: np.ndarray, npos: np.ndarray) -> None:
    """Fill the order arrays in place (the compiled core of :func:`build_order`)."""
    es[:] = -1
    pos[:] = -1
    kat[:] = -1
    nat[:] = 0
    npos[:] = 0
    for s in range(4):
        e = TRUMP if s == trump else s
        p = 0
        for r in range(3, 15):
            if r != level:
                _put(e, p, 13 * s + r - 2, es, pos, kat, nat)
                p += 1
        npos[e] = p
    p = npos[TRUMP]
    gap = 0 if cross_tier else 1
    p += gap
    for s in range(4):
        if s != trump:
            _put(TRUMP, p, 13 * s, es, pos, kat, nat)
    p += 1 + gap
    _put(TRUMP, p, 13 * trump, es, pos, kat, nat)
    p += 1 + gap
    if level != 2:
        for s in range(4):
            if s != trump:
                _put(TRUMP, p, 13 * s + level - 2, es, pos, kat, nat)
        p += 1 + gap
        _put(TRUMP, p, 13 * trump + level - 2, es, pos, kat, nat)
        p += 1 + gap
    _put(TRUMP, p, SMALL_JOKER, es, pos, kat, nat)
    p += 1 + gap
    _put(TRUMP, p, BIG_JOKER, es, pos, kat, nat)
    npos[TRUMP] = p + 1


@njit(cache=True, inline="always")
def _put(e, p, k, es, pos, kat, nat):
    es[k] = e
    pos[k] = p
    kat[e, p, nat[e, p]] = k
    nat[e, p] += 1


@njit(cache=True)
def new_order(level: int, trump: int, cross_tier: bool) -> tuple:
    """Allocate and fill the order arrays (compiled)."""
    es = np.empty(N_KINDS, dtype=np.int8)
    pos = np.empty(N_KINDS, dtype=np.int8)
    kat = np.empty((N_ESUITS, MAX_POS, MAX_AT), dtype=np.int8)
    nat = np.empty((N_ESUITS, MAX_POS), dtype=np.int8)
    npos = np.empty(N_ESUITS, dtype=np.int8)
    fill_order(level, trump, cross_tier, es, pos, kat, nat, npos)
    return es, pos, kat, nat, npos


def build_order(*, level: int, trump: int, cross_tier: bool = True) -> Order:
    """The :class:`Order` of a hand at level ``level`` (2–14) with trump suit ``trump`` (0–3)."""
    return Order(*new_order(int(level), int(trump), bool(cross_tier)))
