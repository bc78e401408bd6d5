"""The ``random`` and ``greedy`` pairing-game strategies (compiled kernels).

A kernel is ``choose(obs, legal, n, rng) -> action``: ``obs`` is the observation the engine
fills for the deciding seat, ``legal[:n]`` the legal action codes, ``rng`` the hand's
strategy generator.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.pairs.groups import sums_to
from sim.games.chuanpai.pairs.rules import CFG_SIZE
from sim.games.chuanpai.pairs.observe import O_CFG, O_HAND, O_PHASE
from sim.games.chuanpai.pairs.state import PASS, PH_DISCARD
from sim.rng import below


@njit(cache=True)
def random_kernel(obs: np.ndarray, legal: np.ndarray, n: int, rng: np.ndarray) -> int:
    """Uniform over the legal actions."""
    return legal[below(rng, n)]


@njit(cache=True)
def greedy_kernel(obs: np.ndarray, legal: np.ndarray, n: int, rng: np.ndarray) -> int:
    """Takes every card it can (the first claim listed); discards the first card with no
    partner in its hand (else the first card)."""
    if obs[O_PHASE] != PH_DISCARD:
        for i in range(n):
            if legal[i] != PASS:
                return legal[i]
        return PASS
    cfg = obs[O_CFG:O_CFG + CFG_SIZE]
    h = obs[O_HAND:O_HAND + N_TYPES]
    for i in range(n):
        k = legal[i]
        alone = True
        for j in range(N_TYPES):
            if h[j] > (1 if j == k else 0) and sums_to(k, j, cfg):
                alone = False
                break
        if alone and h[k] < 2:
            return k
    return legal[0]
