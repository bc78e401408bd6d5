"""Stateless per-hand random numbers for compiled kernels.

Every hand draws from its own generator, derived only from ``(root seed, hand index)``:
``hand_seed(root, i)`` hashes the pair into a 64-bit key, and the stream is SplitMix64
started from that key. Hand ``i`` therefore gets the same cards whatever the shard size,
the number of workers or the backend. The generator lives in a one-element ``uint64``
array that the kernels pass around, so nothing is global.

SplitMix64 (Steele, Lea & Flood, 2014) passes BigCrush and costs a handful of
instructions; numpy's ``Generator`` cannot be built per hand inside numba at millions of
hands per second, which is why the kernels use this small, documented generator instead.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

GOLDEN = uint64(0x9E3779B97F4A7C15)
_MIX1 = uint64(0xBF58476D1CE4E5B9)
_MIX2 = uint64(0x94D049BB133111EB)
_HAND_SALT = uint64(0xD1B54A32D192ED03)
MASK32 = uint64(0xFFFFFFFF)
# The strategies' generator of a hand starts at ``seed ^ STRATEGY_SALT`` (both drivers of
# 跑胡子, 广水, 丰顺, 天地人和 and the pairing game; 升级 and 打马 keep their own streams).
STRATEGY_SALT = uint64(0x5DEECE66D)


@njit(cache=True, inline="always")
def mix64(z: np.uint64) -> np.uint64:
    """SplitMix64's finaliser: a bijective 64-bit hash."""
    z = uint64(z)
    z = (z ^ (z >> uint64(30))) * _MIX1
    z = (z ^ (z >> uint64(27))) * _MIX2
    return z ^ (z >> uint64(31))


@njit(cache=True)
def hand_seed(root_seed: np.uint64, hand_index: np.int64) -> np.uint64:
    """The 64-bit seed of hand ``hand_index`` of a run with ``root_seed`` (stateless)."""
    a = mix64(uint64(root_seed) + GOLDEN)
    b = mix64(uint64(hand_index) * _HAND_SALT + GOLDEN)
    return mix64(a ^ b)


@njit(cache=True, inline="always")
def strategy_seed(seed: np.uint64) -> np.uint64:
    """Where the strategies' generator of the hand with ``seed`` starts."""
    return uint64(seed) ^ STRATEGY_SALT


@njit(cache=True, inline="always")
def next_u64(state: np.ndarray) -> np.uint64:
    """Advance the generator held in ``state[0]`` and return 64 random bits."""
    state[0] += GOLDEN
    return mix64(state[0])


@njit(cache=True)
def below(state: np.ndarray, n: np.int64) -> np.int64:
    """An unbiased random integer in ``[0, n)`` for ``1 <= n < 2**32`` (Lemire's method)."""
    bound = uint64(n)
    m = (next_u64(state) >> uint64(32)) * bound
    low = m & MASK32
    if low < bound:
        threshold = ((MASK32 + uint64(1)) - bound) % bound
        while low < threshold:
            m = (next_u64(state) >> uint64(32)) * bound
            low = m & MASK32
    return np.int64(m >> uint64(32))


@njit(cache=True)
def uniform(state: np.ndarray) -> np.float64:
    """A random float in ``[0, 1)`` with 53 random bits."""
    return np.float64(next_u64(state) >> uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def shuffle_prefix(state: np.ndarray, items: np.ndarray, k: np.int64) -> None:
    """Fill ``items[:k]`` with a uniformly random ordered sample of ``items`` (in place).

    A Fisher–Yates shuffle stopped after ``k`` positions: the first ``k`` entries are
    distributed exactly as those of a full shuffle, at the cost of ``k`` draws.
    """
    n = items.shape[0]
    for i in range(k):
        j = i + below(state, n - i)
        tmp = items[i]
        items[i] = items[j]
        items[j] = tmp


@njit(cache=True, inline="always")
def lay_out(counts: np.ndarray, out: np.ndarray) -> np.int64:
    """Write ``counts[k]`` copies of each ``k`` into ``out``, in order (the pool of counted
    cards a shuffle draws from); return how many."""
    at = 0
    for k in range(counts.shape[0]):
        for _ in range(counts[k]):
            out[at] = k
            at += 1
    return at


def new_state(seed: int) -> np.ndarray:
    """A generator state array holding ``seed`` (for Python callers and tests)."""
    return np.array([seed], dtype=np.uint64)


def hand_seeds(root_seed: int, start: int, count: int) -> np.ndarray:
    """The seeds of hands ``start .. start + count - 1`` of a run (vectorised helper)."""
    return _hand_seeds(np.uint64(root_seed), np.int64(start), np.int64(count))


@njit(cache=True)
def _hand_seeds(root_seed: np.uint64, start: np.int64, count: np.int64) -> np.ndarray:
    out = np.empty(count, dtype=np.uint64)
    for i in range(count):
        out[i] = hand_seed(root_seed, start + i)
    return out


def generator_state(gen: np.random.Generator) -> np.ndarray:
    """A generator state of this module seeded by one draw of a numpy generator (a resample
    given a numpy ``Generator`` draws from it so)."""
    return np.array([np.uint64(gen.integers(0, 2**63))], dtype=np.uint64)
