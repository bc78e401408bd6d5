"""丰顺 ``random`` and ``greedy`` kernels, and the card values the strong kernel builds on."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import JIANG, N_COLOURS, N_KINDS, N_RANKS
from sim.games.sise.fengshun.observe import (D_DISCARD, OB_COPIES, OB_DECISION, OB_HAND, OB_PILE,
                                             OB_TABLE)
from sim.games.sise.fengshun.state import CHI, GANG, MAX_SEATS, PASS, PENG
from sim.rng import below


@njit(cache=True)
def random_kernel(obs: np.ndarray, legal: np.ndarray, n: int, rng: np.ndarray) -> int:
    """Uniform over the legal actions."""
    return legal[below(rng, n)]


@njit(cache=True)
def seen_counts(obs: np.ndarray, out: np.ndarray) -> None:
    """Copies of each kind this seat has seen: own hand, every table and discard pile."""
    for k in range(N_KINDS):
        c = obs[OB_HAND + k]
        for p in range(MAX_SEATS):  # seats beyond the table's are all zero
            c += obs[OB_TABLE + p * N_KINDS + k] + obs[OB_PILE + p * N_KINDS + k]
        out[k] = c


@njit(cache=True)
def partner(k: int, j: int) -> int:
    """The ``j``-th (0, 1) other kind of the same-colour 将士相 / 车马炮 of ``k`` (-1 for 卒)."""
    r = k % N_RANKS
    if r == 6:
        return -1
    base = k - r + (0 if r <= 2 else 3)
    m = 0
    for i in range(3):
        if base + i != k:
            if m == j:
                return base + i
            m += 1
    return -1


@njit(cache=True)
def keep_value(h: np.ndarray, k: int, seen: np.ndarray, copies: int = 4) -> float:
    """How much a concealed card of kind ``k`` is worth keeping (higher = keep); ``copies``
    of each kind are in the deck(s)."""
    c = h[k]
    r = k % N_RANKS
    if c >= 4:
        return 200.0
    if c == 3:
        return 100.0
    v = 30.0 if c == 2 else 0.0
    a, b = partner(k, 0), partner(k, 1)
    if a >= 0:
        if h[a] > 0 and h[b] > 0:
            v += 24.0
        elif h[a] > 0 or h[b] > 0:
            other = b if h[a] > 0 else a
            v += 6.0 + 1.5 * (copies - seen[other])
    if r != JIANG:
        others = 0
        live = 0
        for col in range(N_COLOURS):
            z = col * N_RANKS + r
            if z != k:
                if h[z] > 0:
                    others += 1
                live += copies - seen[z]
        if others >= 2:
            v += 22.0
        elif others == 1:
            v += 5.0 + 0.4 * live
    return v + 0.8 * (copies - seen[k])


@njit(cache=True)
def claim_rank(a: int) -> int:
    """杠 3 > 碰 2 > 吃 1 > pass 0."""
    if a == GANG:
        return 3
    if a == PENG:
        return 2
    if a >= CHI:
        return 1
    return 0


@njit(cache=True)
def least_kept(obs: np.ndarray, legal: np.ndarray, n: int) -> int:
    """The legal discard with the lowest :func:`keep_value`."""
    seen = np.zeros(N_KINDS, dtype=np.int64)
    seen_counts(obs, seen)
    h = obs[OB_HAND:OB_HAND + N_KINDS]
    best, best_v = legal[0], 1e18
    for i in range(n):
        v = keep_value(h, legal[i], seen, obs[OB_COPIES])
        if v < best_v:
            best, best_v = legal[i], v
    return best


@njit(cache=True)
def greedy_kernel(obs: np.ndarray, legal: np.ndarray, n: int, rng: np.ndarray) -> int:
    """Takes the highest claim (杠 > 碰 > 吃); discards the least connected card."""
    if obs[OB_DECISION] == D_DISCARD:
        return least_kept(obs, legal, n)
    best, best_p = PASS, -1
    for i in range(n):
        p = claim_rank(legal[i])
        if p > best_p:
            best, best_p = legal[i], p
    return best
