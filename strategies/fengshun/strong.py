"""The strong 丰顺 kernel: waits on the most live cards, keeps 将 and quads, claims what
makes a group without breaking one, and avoids feeding the 下家.

Discard: among the four least kept cards (:func:`.basic.keep_value`; 将 are never
discarded, quads and triples are kept), prefer the one after which the hand waits on the
most live cards (copies not yet seen, each tried with the exact evaluator), then the one
the 下家 is least likely to 吃 or anyone to 碰 (a kind the 下家 threw away himself is safe;
a kind with two or more unseen copies may be 碰'd).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import N_COLOURS, N_KINDS, N_RANKS
from sim.games.sise.fengshun.observe import (D_DISCARD, OB_COPIES, OB_DECISION, OB_HAND, OB_PILE,
                                             OB_SEAT, OB_SEATS)
from sim.games.sise.fengshun.blocks import block_complete, fast_tables, rank_complete
from sim.games.sise.fengshun.scoring import fengshun_table
from sim.games.sise.fengshun.state import CHI, GANG, PASS, PENG, chi_cards
from strategies.fengshun.basic import keep_value, seen_counts

_FT = fast_tables(fengshun_table())  # the seed rules' groups, as constants
OK = (_FT[1] >= 0).astype(np.int8)  # [rank, counts index]: the rank's counts group alone
TR = _FT[4]  # sequence types (ranks)
N_TYPES = TR.shape[0]
# units of ranks that group independently: each sequence type, then each rank in none
UNIT_OF_RANK = np.array([int(_FT[6][r]) if _FT[6][r] >= 0 else -1 for r in range(N_RANKS)],
                        dtype=np.int64)
_lone = [r for r in range(N_RANKS) if UNIT_OF_RANK[r] < 0]
for _i, _r in enumerate(_lone):
    UNIT_OF_RANK[_r] = N_TYPES + _i
UNIT_RANK = np.array([-1] * N_TYPES + _lone, dtype=np.int64)  # the lone rank of a unit
N_UNITS = N_TYPES + len(_lone)
N_CAND = 4


@njit(cache=True)
def unit_complete(h: np.ndarray, u: int) -> bool:
    """Whether the ranks of unit ``u`` of ``h`` group completely (the hand is complete when
    every unit is)."""
    if u < N_TYPES:
        return block_complete(h, u, OK, TR)
    return rank_complete(h, UNIT_RANK[u], OK)


@njit(cache=True)
def waits(h: np.ndarray, seen: np.ndarray, copies: int) -> int:
    """Live copies of the cards that would complete ``h`` (exact, under the seed's groups).
    A card changes one unit only, so with two units that do not group no card completes
    the hand, and with one only that unit's cards are tried."""
    fail, n_fail = -1, 0
    for u in range(N_UNITS):
        if not unit_complete(h, u):
            n_fail += 1
            fail = u
            if n_fail > 1:
                return 0
    total = 0
    for w in range(N_KINDS):
        live = copies - seen[w]
        if live <= 0:
            continue
        u = UNIT_OF_RANK[w % N_RANKS]
        if n_fail == 1 and u != fail:
            continue
        h[w] += 1
        if unit_complete(h, u):
            total += live
        h[w] -= 1
    return total


@njit(cache=True)
def feed_risk(obs: np.ndarray, k: int, seen: np.ndarray) -> float:
    """How likely a discard of ``k`` is to be claimed (higher = riskier)."""
    nxt = (obs[OB_SEAT] + 1) % obs[OB_SEATS]
    r = k % N_RANKS
    if obs[OB_PILE + nxt * N_KINDS + k] > 0:
        return 0.0
    risk = 1.0 if obs[OB_COPIES] - seen[k] >= 2 else 0.0  # two unseen copies: somebody may 碰
    for col in range(N_COLOURS):  # the 下家 threw the rank away: less likely to 吃 it
        if obs[OB_PILE + nxt * N_KINDS + col * N_RANKS + r] > 0:
            return risk
    return risk + 1.0


@njit(cache=True)
def strong_kernel(obs: np.ndarray, legal: np.ndarray, n: int, rng: np.ndarray) -> int:
    """See the module docstring."""
    seen = np.zeros(N_KINDS, dtype=np.int64)
    seen_counts(obs, seen)
    h = obs[OB_HAND:OB_HAND + N_KINDS].copy()
    if obs[OB_DECISION] != D_DISCARD:
        best = PASS
        for i in range(n):
            a = legal[i]
            if a == GANG:
                return a
            if a == PENG:
                best = a
            elif a >= CHI and best == PASS:
                k1, k2 = chi_cards(a)
                if h[k1] == 1 and h[k2] == 1:  # 吃 only with two lone cards
                    best = a
        return best
    copies = obs[OB_COPIES]
    cand = np.empty(N_CAND, dtype=np.int64)
    cval = np.empty(N_CAND, dtype=np.float64)
    m = 0
    for i in range(n):
        v = keep_value(h, legal[i], seen, copies)
        if m < N_CAND:
            cand[m], cval[m] = legal[i], v
            m += 1
        else:
            worst = 0
            for j in range(1, N_CAND):
                if cval[j] > cval[worst]:
                    worst = j
            if v < cval[worst]:
                cand[worst], cval[worst] = legal[i], v
    best, best_s = cand[0], -1e18
    for j in range(m):
        k = cand[j]
        h[k] -= 1
        score = 12.0 * waits(h, seen, copies) - cval[j] - 6.0 * feed_risk(obs, k, seen)
        h[k] += 1
        if score > best_s:
            best, best_s = k, score
    return best
