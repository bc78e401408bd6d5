"""The ``random`` and ``greedy`` 天地人和 strategies (compiled kernels).

A kernel is ``choose(obs, legal, n, rng) -> action``: ``obs`` is the observation the engine
fills for the deciding seat, ``legal[:n]`` the legal play codes, ``rng`` the hand's
strategy generator.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.tiandi.observe import O_CFG, O_MODE
from sim.games.chuanpai.tiandi.rules import CFG_SIZE
from sim.games.chuanpai.tiandi.shapes import code_cards, code_size, play_key, single_rank
from sim.games.chuanpai.tiandi.state import MODE_DOWN, MODE_LEAD
from sim.rng import below


@njit(cache=True)
def random_kernel(obs: np.ndarray, legal: np.ndarray, n: int, rng: np.ndarray) -> int:
    """Uniform over the legal plays."""
    return legal[below(rng, n)]


@njit(cache=True)
def greedy_kernel(obs: np.ndarray, legal: np.ndarray, n: int, rng: np.ndarray) -> int:
    """Leads its biggest play (most cards, then highest rank: a set of four or three cards
    before a pair or a combination when ``combo_sizes=2-4``), beats as cheaply as it can,
    and plays its lowest cards face down (one at a time under a set)."""
    cfg = obs[O_CFG:O_CFG + CFG_SIZE]
    mode = obs[O_MODE]
    best = legal[0]
    best_score = -1e9
    for i in range(n):
        c = legal[i]
        if mode == MODE_DOWN:
            a, b = code_cards(c)
            score = -float(single_rank(a, cfg)) - (float(single_rank(b, cfg)) if b >= 0 else 0.0)
        else:
            key = play_key(c, cfg)
            score = float(key % 64)
            if mode == MODE_LEAD:
                score += 100.0 * code_size(c)
            else:
                score = -score
        if score > best_score:
            best_score = score
            best = c
    return best
