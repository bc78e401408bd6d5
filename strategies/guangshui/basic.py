"""广水 ``random`` and ``greedy`` kernels: ``choose(obs, legal, n, rng) -> action``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import JIANG, N_KINDS, N_RANKS, ZU
from sim.games.sise.guangshui.observe import D_DISCARD, OB_DECISION, OB_HAND, OB_PILE, OB_TABLE
from sim.games.sise.guangshui.state import N_SEATS, priority
from sim.rng import below


@njit(cache=True)
def random_kernel(obs: np.ndarray, legal: np.ndarray, n: int, rng: np.ndarray) -> int:
    """Uniform over the legal actions."""
    return legal[below(rng, n)]


@njit(cache=True)
def seen_counts(obs: np.ndarray, out: np.ndarray) -> None:
    """Copies of each kind this seat has seen: own hand, every table and dead pile."""
    for k in range(N_KINDS):
        c = obs[OB_HAND + k]
        for p in range(N_SEATS):
            c += obs[OB_TABLE + p * N_KINDS + k] + obs[OB_PILE + p * N_KINDS + k]
        out[k] = c


@njit(cache=True)
def partners(k: int, j: int) -> int:
    """The ``j``-th (0, 1) other kind of the same-colour 将士相 / 车马炮 of ``k``."""
    r = k % N_RANKS
    base = k - r + (0 if r <= 2 else 3)
    m = 0
    for i in range(3):
        if base + i != k:
            if m == j:
                return base + i
            m += 1
    return -1


@njit(cache=True)
def keep_value(obs: np.ndarray, k: int, seen: np.ndarray) -> float:
    """How much a concealed card of kind ``k`` is worth keeping (higher = keep)."""
    h = obs[OB_HAND:OB_HAND + N_KINDS]
    c = h[k]
    r = k % N_RANKS
    fat = r == JIANG or r == 3 or r == ZU
    if c >= 3:
        return 100.0 + (20.0 if fat else 0.0)
    v = 0.0
    if c == 2:
        v += 30.0 + (12.0 if fat else 0.0)
    if r == ZU:
        others = 0
        live = 0
        for col in range(4):
            z = col * N_RANKS + ZU
            if z != k:
                if h[z] > 0:
                    others += 1
                live += 4 - seen[z]
        v += 18.0 * min(others, 2) + 0.5 * live
    else:
        a, b = partners(k, 0), partners(k, 1)
        if h[a] > 0 and h[b] > 0:
            v += 24.0
        elif h[a] > 0 or h[b] > 0:
            other = b if h[a] > 0 else a
            v += 6.0 + 1.5 * (4 - seen[other])
        v += 0.8 * (4 - seen[k])  # a live copy may still come for a pair / 碰
    return v


@njit(cache=True)
def greedy_kernel(obs: np.ndarray, legal: np.ndarray, n: int, rng: np.ndarray) -> int:
    """Wins whenever it can, takes the highest claim, discards the least connected card."""
    if obs[OB_DECISION] == D_DISCARD:
        seen = np.zeros(N_KINDS, dtype=np.int64)
        seen_counts(obs, seen)
        best, best_v = legal[0], 1e18
        for i in range(n):
            v = keep_value(obs, legal[i], seen)
            if v < best_v:
                best, best_v = legal[i], v
        return best
    best, best_p = legal[0], -1
    for i in range(n):
        p = priority(legal[i])
        if p > best_p:
            best, best_p = legal[i], p
    return best
