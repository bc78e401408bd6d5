"""Card counting for 天地人和 strategies: what is unseen, and the odds that a play stands.

Everything here reads only the observation (:mod:`sim.games.chuanpai.tiandi.engine`,
``O_*`` fields). A card is *unseen* when it is neither in the seat's hand, nor shown face
up, nor among the cards it played face down itself: it is in another hand or was played
face down by another seat. Each unseen card is taken to be in a given other hand with
probability (cards in that hand) / (unseen cards).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.tiandi.engine import (
    N_SEATS, O_BAO, O_CFG, O_DOWN, O_HAND, O_LED, O_NHAND, O_SEAT, O_SEEN, O_TIDX, O_TRICK,
    O_LEADER,
)
from sim.games.chuanpai.tiandi.rules import BAO_OFF, BAO_SEED, C_BAO, CFG_SIZE
from sim.games.chuanpai.tiandi.shapes import (
    COMBO_RANK, KIND, HARD, code_cards, code_two, has_top, key_beats, play_key,
)


@njit(cache=True)
def unseen_counts(obs: np.ndarray, out: np.ndarray) -> int:
    """Unseen cards per type into ``out``; returns their total."""
    total = 0
    for k in range(N_TYPES):
        u = 4 - obs[O_SEEN + k] - obs[O_HAND + k] - obs[O_DOWN + k]
        out[k] = u if u > 0 else 0
        total += out[k]
    return total


@njit(cache=True)
def later_seats(obs: np.ndarray, seats: np.ndarray) -> int:
    """Seats still to play in this trick after the observer (with cards); returns how many."""
    me = obs[O_SEAT]
    leader = obs[O_LEADER] if obs[O_TIDX] > 0 else me
    pos = (me - leader) % N_SEATS
    n = 0
    for t in range(pos + 1, N_SEATS):
        p = (leader + t) % N_SEATS
        if obs[O_NHAND + p] > 0:
            seats[n] = p
            n += 1
    return n


@njit(cache=True)
def _none_of(u: int, q: float) -> float:
    return (1.0 - q) ** u


@njit(cache=True)
def _two_of(u: int, q: float) -> float:
    if u < 2:
        return 0.0
    p = 1.0 - (1.0 - q) ** u - u * q * (1.0 - q) ** (u - 1)
    return p if p > 0.0 else 0.0


@njit(cache=True)
def stand_chance(obs: np.ndarray, code: int, unseen: np.ndarray, total: int) -> float:
    """Chance that no seat still to play this trick holds a play beating ``code``."""
    cfg = obs[O_CFG:O_CFG + CFG_SIZE]
    key = play_key(code, cfg)
    seats = np.empty(N_SEATS, dtype=np.int64)
    ns = later_seats(obs, seats)
    if ns == 0 or total == 0:
        return 1.0
    a, b = code_cards(code)
    chance = 1.0
    for i in range(ns):
        q = min(1.0, obs[O_NHAND + seats[i]] / total)
        clear = 1.0
        if b < 0:
            for j in range(N_TYPES):
                if unseen[j] > 0 and key_beats(key, play_key(j, cfg)):
                    clear *= _none_of(unseen[j], q)
        elif a == b:
            for j in range(N_TYPES):
                if unseen[j] >= 2 and key_beats(key, play_key(code_two(j, j), cfg)):
                    clear *= 1.0 - _two_of(unseen[j], q)
        else:
            for c in range(4):
                for m in range(N_TYPES):
                    if COMBO_RANK[c, m] > 0 and unseen[c] > 0 and unseen[m] > 0 and key_beats(
                            key, play_key(code_two(c, m), cfg)):
                        clear *= 1.0 - (1.0 - _none_of(unseen[c], q)) * (1.0 - _none_of(unseen[m], q))
        chance *= clear
    return chance


@njit(cache=True)
def bao_risk(obs: np.ndarray, code: int) -> bool:
    """Whether leading ``code`` now would be a 包牌 lead."""
    cfg = obs[O_CFG:O_CFG + CFG_SIZE]
    if cfg[C_BAO] == BAO_OFF or obs[O_BAO] >= 0 or obs[O_TIDX] != 0 or not has_top(code):
        return False
    return obs[O_TRICK] == 0 or (cfg[C_BAO] == BAO_SEED and obs[O_LED + obs[O_SEAT]] == 0)


@njit(cache=True)
def in_combo(obs: np.ndarray, k: int) -> bool:
    """Whether type ``k`` in hand is part of a combination the hand holds."""
    h = obs[O_HAND:O_HAND + N_TYPES]
    for c in range(4):
        for m in range(N_TYPES):
            if COMBO_RANK[c, m] > 0 and h[c] > 0 and h[m] > 0 and (k == c or k == m):
                return True
    return False


@njit(cache=True)
def strength(obs: np.ndarray, k: int, unseen: np.ndarray) -> float:
    """How hard a single ``k`` is to beat: 1 when no unseen card beats it."""
    cfg = obs[O_CFG:O_CFG + CFG_SIZE]
    if KIND[k] == HARD:
        return 0.0
    key = play_key(k, cfg)
    above = 0
    for j in range(N_TYPES):
        if key_beats(key, play_key(j, cfg)):
            above += unseen[j]
    return 1.0 / (1.0 + above)


@njit(cache=True)
def keep_value(obs: np.ndarray, k: int, unseen: np.ndarray) -> float:
    """What a card in hand is worth keeping: its strength, more inside a combination or a pair."""
    v = strength(obs, k, unseen)
    if in_combo(obs, k):
        v += 0.5
    if obs[O_HAND + k] >= 2 and play_key(code_two(k, k), obs[O_CFG:O_CFG + CFG_SIZE]) >= 0:
        v += 0.25
    return v
