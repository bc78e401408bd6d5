"""Hand reading for pairing-game strategies: loose cards, live partners, unseen cards.

Everything here reads only the observation (the fields of
:data:`sim.games.chuanpai.pairs.observe.SPEC`). A card is *unseen* when it is neither in the seat's
hand, nor open on a table, nor dead, nor on offer: it is in another hand, face down in an
暗, or in the stock.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import COPIES, N_TYPES
from sim.games.chuanpai.pairs.groups import SEVENS, TOTAL, sums_to
from sim.games.chuanpai.pairs.observe import O_CARD, O_CFG, O_DEAD, O_HAND, O_NP, O_OPEN, O_PHASE
from sim.games.chuanpai.pairs.rules import C_DECKS, C_SUM1, C_SUM2, C_YAN
from sim.games.chuanpai.pairs.state import BAI, GANG, PENG, PH_CLAIM, YAN


@njit(cache=True)
def unseen(obs: np.ndarray) -> np.ndarray:
    """Copies of each type the seat has not seen."""
    u = np.full(N_TYPES, COPIES * obs[O_CFG + C_DECKS], dtype=np.int64)
    for k in range(N_TYPES):
        u[k] -= obs[O_HAND + k] + obs[O_DEAD + k]
        for p in range(obs[O_NP]):
            u[k] -= obs[O_OPEN + p * N_TYPES + k]
    if obs[O_PHASE] == PH_CLAIM and obs[O_CARD] >= 0:
        u[obs[O_CARD]] -= 1
    for k in range(N_TYPES):
        if u[k] < 0:
            u[k] = 0
    return u


@njit(cache=True)
def loose(h: np.ndarray, cfg: np.ndarray) -> int:
    """Cards of hand ``h`` left over by the best two-card matching (after 燕s are taken out)."""
    n = np.zeros(13, dtype=np.int64)
    y = 0
    if cfg[C_YAN]:
        y = min(h[9], min(h[15], h[16]))
    for k in range(N_TYPES):
        c = h[k]
        if k == 9 or k == 15 or k == 16:
            c -= y
        n[TOTAL[k]] += c
    left = 0
    for t in range(2, 13):
        if n[t] == 0:
            continue
        u = -1
        for s in (cfg[C_SUM1], cfg[C_SUM2]):
            if s >= 0 and t <= s - t <= 12:
                u = s - t
        if u < 0:
            left += n[t]
        elif u == t:
            left += n[t] % 2
        else:
            m = min(n[t], n[u])
            left += n[t] - m
            n[u] -= m
    return left


@njit(cache=True)
def live_partners(k: int, un: np.ndarray, cfg: np.ndarray) -> int:
    """Unseen cards that would group with one card of type ``k``."""
    n = 0
    for j in range(N_TYPES):
        if sums_to(k, j, cfg):
            n += un[j]
    return n


@njit(cache=True)
def after_claim(obs: np.ndarray, a: int) -> np.ndarray:
    """The seat's hand after making the claim ``a`` on the offered card (before stealing)."""
    h = obs[O_HAND:O_HAND + N_TYPES].astype(np.int64)
    c = obs[O_CARD]
    if a == PENG:
        h[c] -= 2
    elif a == YAN:
        for k in SEVENS:  # 燕: the three sevens
            if k != c:
                h[k] -= 1
    elif a >= BAI:
        h[a - BAI] -= 1
    elif a == GANG:
        pass
    return h
