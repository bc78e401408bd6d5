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
from sim.games.sise.fengshun.observe import (D_DISCARD, OB_DECISION, OB_HAND, OB_PILE,
                                             OB_SEAT)
from sim.games.sise.fengshun.scoring import (C_SEQ, C_SET, fengshun_table, fits, is_complete,
                                             table_tuple)
from sim.games.sise.fengshun.state import CHI, GANG, N_SEATS, PASS, PENG, chi_cards
from strategies.fengshun.basic import keep_value, seen_counts

_T = table_tuple(fengshun_table())  # the seed rules' groups, as constants
T_CARDS, T_N, T_VALUE, T_CLAIM, T_TAG, T_OFF, T_FREE, T_CLS, T_KMASK, T_PFREE = _T
N_CAND = 4


@njit(cache=True)
def first_loose(h: np.ndarray) -> tuple:
    """(number of lone non-将 cards with no sequence or set partner in ``h``, the first one)."""
    n, first = 0, -1
    for k in range(N_KINDS):
        if h[k] == 1 and T_FREE[k] < 0:
            bit = np.int64(1) << np.int64(k)
            ok = False
            for g in range(T_N.shape[0]):
                if (T_KMASK[g] & bit) != 0 and (T_CLS[g] == C_SEQ or T_CLS[g] == C_SET):
                    if fits(h, T_CARDS, T_N, g):
                        ok = True
                        break
            if not ok:
                n += 1
                if first < 0:
                    first = k
    return n, first


@njit(cache=True)
def waits(h: np.ndarray, seen: np.ndarray) -> int:
    """Live copies of the cards that would complete ``h`` (one card short of complete).
    More than two loose cards cannot be mended by one card; with a loose card, only the
    cards that group with it can complete the hand."""
    n_loose, first = first_loose(h)
    if n_loose > 2:
        return 0
    tb = (T_CARDS, T_N, T_VALUE, T_CLAIM, T_TAG, T_OFF, T_FREE, T_CLS, T_KMASK, T_PFREE)
    total = 0
    for w in range(N_KINDS):
        live = 4 - seen[w]
        if live <= 0:
            continue
        if first >= 0 and w != first:
            rw, rf = w % N_RANKS, first % N_RANKS
            same_colour_near = w // N_RANKS == first // N_RANKS and abs(rw - rf) <= 2
            if rw != rf and not same_colour_near:
                continue
        h[w] += 1
        if is_complete(h, tb):
            total += live
        h[w] -= 1
    return total


@njit(cache=True)
def feed_risk(obs: np.ndarray, k: int, seen: np.ndarray) -> float:
    """How likely a discard of ``k`` is to be claimed (higher = riskier)."""
    nxt = (obs[OB_SEAT] + 1) % N_SEATS
    r = k % N_RANKS
    if obs[OB_PILE + nxt * N_KINDS + k] > 0:
        return 0.0
    risk = 1.0 if 4 - seen[k] >= 2 else 0.0  # two unseen copies: somebody may 碰
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
    cand = np.empty(N_CAND, dtype=np.int64)
    cval = np.empty(N_CAND, dtype=np.float64)
    m = 0
    for i in range(n):
        v = keep_value(h, legal[i], seen)
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
        score = 12.0 * waits(h, seen) - cval[j] - 6.0 * feed_risk(obs, k, seen)
        h[k] += 1
        if score > best_s:
            best, best_s = k, score
    return best
