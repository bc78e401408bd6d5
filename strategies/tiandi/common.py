"""Card counting for 天地人和 strategies: what is unseen, and the odds that a play stands.

Everything here reads only the observation (the fields of
:data:`sim.games.chuanpai.tiandi.observe.SPEC`). A card is *unseen* when it is neither in the seat's hand, nor shown face
up, nor among the cards it played face down itself: it is in another hand or was played
face down by another seat. Each unseen card is taken to be in a given other hand with
probability (cards in that hand) / (unseen cards), independently.

:func:`count` fills one work vector per decision (layout ``W_*``) so that the odds of
every candidate play are a few lookups.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import COPIES, N_TYPES
from sim.games.chuanpai.tiandi.observe import (
    O_BAO, O_CFG, O_DOWN, O_FIRST, O_HAND, O_LEADER, O_LED, O_NHAND, O_NLAID, O_SEAT, O_SEEN,
    O_TIDX, O_TRICK,
)
from sim.games.chuanpai.tiandi.rules import (
    BAO_OFF, BAO_SEED, C_BAO, C_CIVIL_PAIRS, C_COMBO, C_NINE, C_TIER, C_TUOSHOU, C_WIN, CFG_SIZE,
    TUOSHOU_OFF,
)
from sim.games.chuanpai.tiandi.state import HARD_TYPES, N_SEATS, TUOSHOU_HAND
from sim.games.chuanpai.tiandi.shapes import (
    BLACK, CIVIL, COMBO_PARTNERS, COMBO_RANK, KIND, RANK_TIENGOW, RANK_TIERS, RED, SET, SET_SIZE,
    code_cards, code_size, has_top, play_key,
)

# work vector: unseen per type, beating unseen per type, strength, keep value, later seats
W_UNSEEN = 0
W_ABOVE = W_UNSEEN + N_TYPES
W_STRENGTH = W_ABOVE + N_TYPES
W_KEEP = W_STRENGTH + N_TYPES
W_Q = W_KEEP + N_TYPES  # [2] chance an unseen card is in each later seat's hand
W_NQ = W_Q + 2  # number of later seats
W_LOGCLEAR = W_NQ + 1  # sum over later seats of log(1 - q)
W_TOTAL = W_LOGCLEAR + 1
W_POW = W_TOTAL + 1  # [2, 5] (1 - q) ** u for u = 0..4, per later seat
WORK_SIZE = W_POW + 10
# the playable card types by class (正门, red 点子, black 点子), and where each class starts
CLASS_MEMBERS = np.array([k for c in (CIVIL, RED, BLACK) for k in range(N_TYPES) if KIND[k] == c],
                         dtype=np.int64)
CLASS_START = np.array([0] + list(np.cumsum([(KIND == c).sum() for c in (CIVIL, RED, BLACK)])),
                       dtype=np.int64)
# the combinations (天九 地八 人七 和五) as (civil card, partner) pairs
COMBOS = np.array([[c, int(m)] for c in range(len(COMBO_PARTNERS)) for m in COMBO_PARTNERS[c]],
                  dtype=np.int64)


@njit(cache=True)
def _rank(k: int, tiengow: bool) -> int:
    return RANK_TIENGOW[k] if tiengow else RANK_TIERS[k]


@njit(cache=True)
def combo_rank(a: int, b: int, obs: np.ndarray) -> int:
    """Rank of the combination ``a + b`` (0 if none) under the observed rules."""
    r = COMBO_RANK[a, b]
    if r == 8 and obs[O_CFG + C_NINE] and b == 11:
        r = 9
    return r


@njit(cache=True)
def count(obs: np.ndarray, w: np.ndarray) -> None:
    """Fill the work vector ``w`` from the observation."""
    tiengow = obs[O_CFG + C_TIER] != 0
    total = 0
    for k in range(N_TYPES):
        u = COPIES - obs[O_SEEN + k] - obs[O_HAND + k] - obs[O_DOWN + k]
        u = u if u > 0 else 0
        w[W_UNSEEN + k] = u
        total += u
    w[W_TOTAL] = total
    for c in range(len(CLASS_START) - 1):  # 正门, red 点子, black 点子
        lo, hi = CLASS_START[c], CLASS_START[c + 1]
        for x in range(lo, hi):
            k = CLASS_MEMBERS[x]
            rk = _rank(k, tiengow)
            above = 0.0
            for y in range(lo, hi):
                j = CLASS_MEMBERS[y]
                if _rank(j, tiengow) > rk:
                    above += w[W_UNSEEN + j]
            w[W_ABOVE + k] = above
            w[W_STRENGTH + k] = 1.0 / (1.0 + above)
            w[W_KEEP + k] = w[W_STRENGTH + k]
    for k in HARD_TYPES:  # hard cards never reach a hand
        w[W_ABOVE + k] = 0.0
        w[W_STRENGTH + k] = 0.0
        w[W_KEEP + k] = 0.0
    _keep_values(obs, w)
    me = obs[O_SEAT]
    leader = obs[O_LEADER] if obs[O_TIDX] > 0 else me
    pos = (me - leader) % N_SEATS
    nq = 0
    logclear = 0.0
    for t in range(pos + 1, N_SEATS):
        p = (leader + t) % N_SEATS
        if obs[O_NHAND + p] > 0 and total > 0:
            q = min(0.999999, obs[O_NHAND + p] / total)
            w[W_Q + nq] = q
            logclear += np.log(1.0 - q)
            x = 1.0
            for u in range(5):
                w[W_POW + 5 * nq + u] = x
                x *= 1.0 - q
            nq += 1
    w[W_NQ] = nq
    w[W_LOGCLEAR] = logclear


@njit(cache=True)
def _keep_values(obs: np.ndarray, w: np.ndarray) -> None:
    """Add to the keep value of each card what it is worth with others in the hand: its
    combinations, pairs and (``combo_sizes=2-4``) sets."""
    for i in range(COMBOS.shape[0]):
        a, b = COMBOS[i, 0], COMBOS[i, 1]
        if obs[O_HAND + a] > 0 and obs[O_HAND + b] > 0:
            w[W_KEEP + a] += 0.5 / obs[O_HAND + a]
            w[W_KEEP + b] += 0.5 / obs[O_HAND + b]
    for k in range(N_TYPES):
        if obs[O_HAND + k] >= 2 and (KIND[k] != 0 or obs[O_CFG + C_CIVIL_PAIRS]):
            w[W_KEEP + k] += 0.25
    if obs[O_CFG + C_COMBO]:  # a set of three or four is worth more together than apart
        for c in range(4):
            p0, p1 = COMBO_PARTNERS[c, 0], COMBO_PARTNERS[c, 1]
            hc, hm = obs[O_HAND + c], obs[O_HAND + p0] + obs[O_HAND + p1]
            if hc >= 1 and hm >= 1 and hc + hm >= 3:
                w[W_KEEP + c] += 0.5
                w[W_KEEP + p0] += 0.5 if obs[O_HAND + p0] > 0 else 0.0
                w[W_KEEP + p1] += 0.5 if obs[O_HAND + p1] > 0 else 0.0


@njit(cache=True)
def _one_of(w: np.ndarray, i: int, u: int) -> float:
    """Chance that later seat ``i`` holds at least one of ``u`` unseen cards."""
    return 1.0 - w[W_POW + 5 * i + u]


@njit(cache=True)
def _two_of(w: np.ndarray, i: int, u: int) -> float:
    """Chance that later seat ``i`` holds at least two of ``u`` unseen cards."""
    if u < 2:
        return 0.0
    q = w[W_Q + i]
    p = 1.0 - w[W_POW + 5 * i + u] - u * q * w[W_POW + 5 * i + u - 1]
    return p if p > 0.0 else 0.0


@njit(cache=True)
def stand_chance(obs: np.ndarray, w: np.ndarray, code: int) -> float:
    """Chance that no seat still to play this trick holds a play beating ``code``."""
    nq = int(w[W_NQ])
    if nq == 0:
        return 1.0
    if code >= SET:
        return _set_stand_chance(obs, w, code, nq)
    a, b = code_cards(code)
    if b < 0:
        return np.exp(w[W_ABOVE + a] * w[W_LOGCLEAR])
    chance = 1.0
    tiengow = obs[O_CFG + C_TIER] != 0
    if a == b:
        ra = _rank(a, tiengow)
        c = KIND[a]
        for y in range(CLASS_START[c], CLASS_START[c + 1]):
            j = CLASS_MEMBERS[y]
            u = int(w[W_UNSEEN + j])
            if u >= 2 and _rank(j, tiengow) > ra:
                for i in range(nq):
                    chance *= 1.0 - _two_of(w, i, u)
        return chance
    r = combo_rank(a, b, obs)
    for t in range(COMBOS.shape[0]):
        c, m = COMBOS[t, 0], COMBOS[t, 1]
        uc, um = int(w[W_UNSEEN + c]), int(w[W_UNSEEN + m])
        if uc > 0 and um > 0 and combo_rank(c, m, obs) > r:
            for i in range(nq):
                chance *= 1.0 - _one_of(w, i, uc) * _one_of(w, i, um)
    return chance


@njit(cache=True)
def _at_least(w: np.ndarray, i: int, u: int, need: int) -> float:
    """Chance that later seat ``i`` holds at least ``need`` (0–2) of ``u`` unseen cards."""
    if need <= 0:
        return 1.0
    if need == 1:
        return _one_of(w, i, u)
    return _two_of(w, i, u)


@njit(cache=True)
def _set_stand_chance(obs: np.ndarray, w: np.ndarray, code: int, nq: int) -> float:
    """:func:`stand_chance` of a set of three or four cards: no higher set of its shape."""
    cfg = obs[O_CFG:O_CFG + CFG_SIZE]
    key = play_key(code, cfg)
    chance = 1.0
    for i in range(64):
        if SET_SIZE[i] == 0:
            continue
        other = play_key(SET + i, cfg)
        if other // 64 != key // 64 or other <= key:
            continue
        c, nc, nm, r = i // 16, (i >> 3) % 2 + 1, (i >> 2) % 2 + 1, i % 4
        uc = int(w[W_UNSEEN + c])
        u0 = int(w[W_UNSEEN + COMBO_PARTNERS[c, 0]])
        u1 = int(w[W_UNSEEN + COMBO_PARTNERS[c, 1]])
        if uc < nc or u0 < r or u1 < nm - r:
            continue
        for q in range(nq):
            if w[W_Q + q] * w[W_TOTAL] < SET_SIZE[code - SET] - 0.5:
                continue  # that seat holds fewer cards than the set: it cannot beat it
            chance *= 1.0 - (_at_least(w, q, uc, nc) * _at_least(w, q, u0, r)
                             * _at_least(w, q, u1, nm - r))
    return chance


@njit(cache=True)
def bao_risk(obs: np.ndarray, code: int) -> bool:
    """Whether leading ``code`` now would be a 包牌 lead."""
    rule = obs[O_CFG + C_BAO]
    if rule == BAO_OFF or obs[O_BAO] >= 0 or obs[O_TIDX] != 0 or not has_top(code):
        return False
    return obs[O_TRICK] == 0 or (rule == BAO_SEED and obs[O_LED + obs[O_SEAT]] == 0)


@njit(cache=True)
def makes_tuoshou(obs: np.ndarray, code: int) -> bool:
    """Whether leading ``code`` would be 脱手 if it stands (15 摆牌 and 5 cards left)."""
    if obs[O_CFG + C_TUOSHOU] == TUOSHOU_OFF or obs[O_FIRST] >= 0:
        return False
    size = code_size(code)
    me = obs[O_SEAT]
    return (obs[O_NLAID + me] + size == obs[O_CFG + C_WIN] - 1
            and obs[O_NHAND + me] - size == TUOSHOU_HAND)
