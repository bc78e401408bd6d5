"""The ``random`` and ``greedy`` 跑胡子 strategies (compiled kernels).

A kernel has the signature ``choose(obs, legal, n_legal, rng) -> action``: ``obs`` is the
deciding seat's observation (:mod:`sim.games.zipai.observe`), ``legal`` the first
``n_legal`` legal actions, ``rng`` the hand's generator state.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.zipai.cards import N_KINDS
from sim.games.zipai.engine import CHI, HU, PASS, PENG
from sim.games.zipai.melds import GROUP_HUXI, GROUPS, MAX_PLAN_GROUPS
from sim.games.zipai.observe import O_CARD, O_HAND, O_PLANS
from sim.rng import below


@njit(cache=True)
def random_kernel(o: np.ndarray, legal: np.ndarray, n: int, rng: np.ndarray) -> int:
    """Uniform over the legal actions."""
    return legal[below(rng, n)]


@njit(cache=True)
def partners(hand: np.ndarray, k: int) -> int:
    """How many cards of ``hand`` could share a 吃-type group or a pair with a ``k``."""
    r = k % 10
    base = k - r
    n = hand[k] - 1  # the other copies (pair / 绞)
    n += hand[(k + 10) % N_KINDS]  # 绞 partner
    for d in (-2, -1, 1, 2):
        if 0 <= r + d <= 9:
            n += hand[base + r + d]
    if r == 1:
        n += hand[base + 6] + hand[base + 9]
    elif r == 6:
        n += hand[base + 1] + hand[base + 9]
    elif r == 9:
        n += hand[base + 1] + hand[base + 6]
    return n


@njit(cache=True)
def isolated(hand: np.ndarray) -> int:
    """Cards outside a 坎 that have no partner in the hand."""
    n = 0
    for k in range(N_KINDS):
        c = hand[k]
        if 0 < c < 3 and partners(hand, k) == 0:
            n += c
    return n


@njit(cache=True)
def plan_huxi(o: np.ndarray, i: int) -> int:
    """胡息 the ``i``-th 吃 plan on offer lays down."""
    h = 0
    for t in range(MAX_PLAN_GROUPS):
        g = o[O_PLANS + i * MAX_PLAN_GROUPS + t]
        if g >= 0:
            h += GROUP_HUXI[g]
    return h


@njit(cache=True)
def plan_hand(o: np.ndarray, i: int, out: np.ndarray) -> None:
    """The seat's hand after taking the ``i``-th 吃 plan on offer."""
    for k in range(N_KINDS):
        out[k] = o[O_HAND + k]
    out[o[O_CARD]] += 1
    for t in range(MAX_PLAN_GROUPS):
        g = o[O_PLANS + i * MAX_PLAN_GROUPS + t]
        if g >= 0:
            for u in range(3):
                out[GROUPS[g, u]] -= 1


@njit(cache=True)
def greedy_kernel(o: np.ndarray, legal: np.ndarray, n: int, rng: np.ndarray) -> int:
    """Win whenever possible; 碰 always (it adds 胡息); 吃 when the plan adds 胡息 or leaves
    fewer isolated cards; discard the card with the fewest partners (ties: the highest)."""
    first = legal[0]
    if first == HU:
        return HU
    if first < N_KINDS:  # a discard decision (codes 0–19 name the card)
        hand = o[O_HAND: O_HAND + N_KINDS]
        best = first
        best_p = 1 << 30
        for t in range(n):
            k = legal[t]
            p = partners(hand, k) * 4 + hand[k]
            if p <= best_p:
                best_p = p
                best = k
        return best
    if first == PENG:
        return PENG
    # 吃 plans or pass
    hand = o[O_HAND: O_HAND + N_KINDS]
    base = isolated(hand)
    after = np.empty(N_KINDS, dtype=np.int16)
    best = PASS
    best_v = 0
    for t in range(n):
        a = legal[t]
        if a >= CHI:
            i = a - CHI
            plan_hand(o, i, after)
            v = plan_huxi(o, i) * 10 + (base - isolated(after)) * 3
            if v > best_v:
                best_v = v
                best = a
    return best
