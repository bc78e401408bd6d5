"""The ``strong`` pairing-game strategy: a competent player's habits, compiled.

* Takes any card that completes its holding (checking 坨 where 斗十四 needs it).
* 碰, 杠 and 燕 whenever it can: a group and a stolen card (偷, toward 亮) at once.
* 摆 (吃) only with a loose card — one the best matching of its hand leaves over — and,
  among several, with the loose card whose partners are scarcest among unseen cards.
* Discards the card whose loss leaves the fewest loose cards, then the one with the fewest
  live (unseen) partners; identical pairs are kept for 碰; in 斗十四 it keeps red cards
  (坨) and throws black ones first.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.pairs.groups import RED, complete, ident_tuo, red_count, xiaojia_tuo
from sim.games.chuanpai.pairs.observe import (
    O_CARD, O_CFG, O_DEALER, O_HAND, O_OPEN, O_PHASE, O_SEAT, O_TUOT, O_XIAO,
)
from sim.games.chuanpai.pairs.rules import (
    C_TUO, C_TUO_DEALER, C_TUO_ORD, C_TUO_XIAO, CFG_SIZE,
)
from sim.games.chuanpai.pairs.state import BAI, GANG, PASS, PENG, PH_DISCARD, YAN
from strategies.pairs.common import after_claim, live_partners, loose, unseen


@dataclasses.dataclass(frozen=True, kw_only=True)
class StrongParams:
    """Weights of the discard score (documented in ``docs/rules/pairs.md``)."""

    pair_keep: float = 0.6  # an identical pair is worth keeping (碰) — in loose-card units
    partner_weight: float = 0.05  # per live partner of the discarded card
    red_keep: float = 0.3  # 斗十四: per red card kept


PARAMS = StrongParams()
_PAIR, _PARTNER, _RED = PARAMS.pair_keep, PARAMS.partner_weight, PARAMS.red_keep


@njit(cache=True)
def _threshold(obs: np.ndarray) -> int:
    seat = obs[O_SEAT]
    if seat == obs[O_DEALER]:
        return obs[O_CFG + C_TUO_DEALER]
    if seat == obs[O_XIAO]:
        return obs[O_CFG + C_TUO_XIAO]
    return obs[O_CFG + C_TUO_ORD]


@njit(cache=True)
def _claim_tuo(obs: np.ndarray, a: int, h: np.ndarray) -> int:
    """坨 after the claim: table columns plus the red cards left in hand."""
    c = obs[O_CARD]
    t = obs[O_TUOT] + red_count(h)
    if a == PENG:
        t += ident_tuo(c, 3)
    elif a == GANG:
        t += ident_tuo(c, 4) - ident_tuo(c, 3)
    elif a >= BAI:
        t += RED[c] + RED[a - BAI]
    seat = obs[O_SEAT]
    if seat != obs[O_XIAO]:
        return t
    cards = h.copy()  # the 小家's whole holding after the claim: hand, table, claimed cards
    idents = 1 if a == PENG or a == GANG else 0
    for k in range(N_TYPES):
        on_table = obs[O_OPEN + seat * N_TYPES + k]
        cards[k] += on_table
        if on_table >= 3:
            idents += 1
    cards[c] += 1
    if a == PENG:
        cards[c] += 2
    elif a >= BAI:
        cards[a - BAI] += 1
    return xiaojia_tuo(cards, idents, t, obs[O_CFG:O_CFG + CFG_SIZE])


@njit(cache=True)
def strong_kernel(obs: np.ndarray, legal: np.ndarray, n: int, rng: np.ndarray) -> int:
    """See the module docstring."""
    cfg = obs[O_CFG:O_CFG + CFG_SIZE]
    un = unseen(obs)
    hand = obs[O_HAND:O_HAND + N_TYPES].astype(np.int64)
    if obs[O_PHASE] != PH_DISCARD:
        for i in range(n):  # a winning claim first
            a = legal[i]
            if a == PASS:
                continue
            h = after_claim(obs, a)
            if complete(h, cfg) and (not cfg[C_TUO] or _claim_tuo(obs, a, h) >= _threshold(obs)):
                return a
        for i in range(n):
            a = legal[i]
            if a == GANG or a == PENG or a == YAN:
                return a
        before = loose(hand, cfg)
        best = PASS
        best_score = 1e9
        for i in range(n):
            a = legal[i]
            if a < BAI:
                continue
            h = after_claim(obs, a)
            left = loose(h, cfg)
            if left >= before:
                continue
            score = left + 0.01 * live_partners(a - BAI, un, cfg)
            if cfg[C_TUO]:
                score -= 0.1 * RED[a - BAI]
            if score < best_score:
                best_score = score
                best = a
        return best
    best = legal[0]
    best_score = 1e9
    for i in range(n):
        k = legal[i]
        hand[k] -= 1
        score = float(loose(hand, cfg))
        hand[k] += 1
        if hand[k] == 2:
            score += _PAIR
        score += _PARTNER * live_partners(k, un, cfg)
        if cfg[C_TUO]:
            score += _RED * RED[k]
        if score < best_score:
            best_score = score
            best = k
    return best
