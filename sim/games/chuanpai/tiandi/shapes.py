"""Plays of 天地人和 as small integers, their shapes and ranks (compiled).

A play of one card of type ``k`` has code ``k``; a play of two cards ``a <= b`` has code
``TWO + 21·a + b``; a Tien-Gow set of three or four cards (option ``combo_sizes="2-4"``)
has code ``SET + 16·c + 8·(civil cards − 1) + 4·(military cards − 1) + r``, where ``c`` is
the combination (天 地 人 和 = 0–3) and ``r`` how many military cards are its first partner
(红九, 二六, 三四, 幺四). :func:`play_key` gives a play's *key*: ``64·shape + rank``, or -1 when
the cards are no legal shape. A play beats another exactly when both keys have the same
shape and its rank is higher (:func:`key_beats`); equal ranks never beat, so the earlier
play keeps the trick.

Shapes: single 正门, single red 点子, single black 点子, a pair of each of those, and the
four combinations 天九 地八 人七 和五 (one shape, ranked; see the rules page); with
``combo_sizes="2-4"`` also the sets 文文武 (two of the civil card and a partner), 文武武
(one civil card and two partners) and 文文武武, each its own shape, ranked by combination.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.tiandi.rules import C_CIVIL_PAIRS, C_COMBO, C_NINE, C_TIER

TWO = 32
SET = 480
MAX_CODE = SET + 64
CIVIL, RED, BLACK, HARD = 0, 1, 2, 3
SINGLE_CIVIL, SINGLE_RED, SINGLE_BLACK, PAIR_CIVIL, PAIR_RED, PAIR_BLACK, COMBO = range(7)
SET21, SET12, SET22 = 7, 8, 9  # sets: civil × 2 + military × 1, 1 + 2, 2 + 2
SHAPE_NAMES = ("正门", "红点子", "黑点子", "正门对", "红点子对", "黑点子对", "组合",
               "文文武", "文武武", "文文武武")

# class of each type: 正门, red 点子, black 点子, or a hard card (never played)
KIND = np.array([0] * 11 + [1, 2, 2, 2, 1, 2, 3, 1, 2, 3], dtype=np.int64)
# ranks inside a class: the seed's tiers (中三 and 幺 level), and the Tien-Gow order
RANK_TIERS = np.array([6, 5, 4, 3, 2, 2, 2, 1, 1, 1, 1,
                       3, 4, 3, 3, 2, 2, 0, 1, 1, 0], dtype=np.int64)
RANK_TIENGOW = np.array([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
                         3, 4, 3, 3, 2, 2, 0, 1, 1, 0], dtype=np.int64)
# combinations: the civil card and the rank of its combination, by partner type
COMBO_RANK = np.zeros((N_TYPES, N_TYPES), dtype=np.int64)
COMBO_RANK[0, 11] = COMBO_RANK[0, 12] = 8  # 天九
COMBO_RANK[1, 13] = COMBO_RANK[1, 14] = 6  # 地八
COMBO_RANK[2, 15] = COMBO_RANK[2, 16] = 4  # 人七
COMBO_RANK[3, 18] = COMBO_RANK[3, 19] = 2  # 和五
TOP_TYPES = (0, 11, 12)  # 天, 红九, 黑九: the cards of 包牌
# the civil card of each combination and its two partners (first partner first)
COMBO_CIVIL = np.array([0, 1, 2, 3], dtype=np.int64)
COMBO_PARTNERS = np.array([[11, 12], [13, 14], [15, 16], [18, 19]], dtype=np.int64)


def _set_tables() -> tuple[np.ndarray, np.ndarray]:
    """Per set index (code − SET): the card types (-1 padded) and the number of cards."""
    types = np.full((64, 4), -1, dtype=np.int64)
    size = np.zeros(64, dtype=np.int64)
    for c in range(4):
        for nc in (1, 2):
            for nm in (1, 2):
                for r in range(nm + 1):
                    if nc == nm == 1:
                        continue
                    idx = 16 * c + 8 * (nc - 1) + 4 * (nm - 1) + r
                    cards = [c] * nc + [int(COMBO_PARTNERS[c, 0])] * r
                    cards += [int(COMBO_PARTNERS[c, 1])] * (nm - r)
                    types[idx, :len(cards)] = cards
                    size[idx] = len(cards)
    return types, size


SET_TYPES, SET_SIZE = _set_tables()


@njit(cache=True)
def code_set(c: int, nc: int, nm: int, r: int) -> int:
    """The code of the set of combination ``c`` with ``nc`` civil and ``nm`` military cards,
    ``r`` of them its first partner."""
    return SET + 16 * c + 8 * (nc - 1) + 4 * (nm - 1) + r


@njit(cache=True)
def code_single(k: int) -> int:
    """The code of a one-card play of type ``k``."""
    return k


@njit(cache=True)
def code_two(a: int, b: int) -> int:
    """The code of a two-card play (either order)."""
    if a > b:
        a, b = b, a
    return TWO + a * N_TYPES + b


@njit(cache=True)
def code_size(code: int) -> int:
    """Number of cards of a play."""
    if code < TWO:
        return 1
    if code < SET:
        return 2
    return SET_SIZE[code - SET]


@njit(cache=True)
def code_quad(code: int) -> tuple:
    """``(n, t0, t1, t2, t3)``: the number of cards of any play and their types (-1 padded),
    without allocating."""
    if code < TWO:
        return 1, code, -1, -1, -1
    if code < SET:
        c = code - TWO
        return 2, c // N_TYPES, c % N_TYPES, -1, -1
    i = code - SET
    return SET_SIZE[i], SET_TYPES[i, 0], SET_TYPES[i, 1], SET_TYPES[i, 2], SET_TYPES[i, 3]


@njit(cache=True)
def code_types(code: int, out: np.ndarray) -> int:
    """Write the card types of any play into ``out`` (length >= 4); return how many."""
    if code < TWO:
        out[0] = code
        return 1
    if code < SET:
        c = code - TWO
        out[0] = c // N_TYPES
        out[1] = c % N_TYPES
        return 2
    i = code - SET
    n = SET_SIZE[i]
    for j in range(n):
        out[j] = SET_TYPES[i, j]
    return n


@njit(cache=True)
def code_cards(code: int) -> tuple:
    """The types of a play of one or two cards as ``(a, b)``; ``b`` is -1 for one card."""
    if code < TWO:
        return code, -1
    c = code - TWO
    return c // N_TYPES, c % N_TYPES


@njit(cache=True)
def single_rank(k: int, cfg: np.ndarray) -> int:
    """Rank of type ``k`` inside its class under the rules."""
    return RANK_TIENGOW[k] if cfg[C_TIER] else RANK_TIERS[k]


def _key_formula(code: int, cfg: np.ndarray) -> int:
    """``64·shape + rank`` of a play, or -1 if its cards are no legal shape (the rule)."""
    if code < 0 or code >= MAX_CODE or TWO + N_TYPES * N_TYPES <= code < SET:
        return -1
    if code >= SET:
        i = code - SET
        if not cfg[C_COMBO] or SET_SIZE[i] == 0:
            return -1
        c, nc, nm, r = i // 16, (i >> 3) % 2 + 1, (i >> 2) % 2 + 1, i % 4
        rank = 4 * (4 - c) + (r if c == 0 and cfg[C_NINE] else 0)
        shape = SET12 if nc == 1 else SET21 if nm == 1 else SET22
        return 64 * shape + rank
    a, b = code_cards(code)
    if a < 0 or a >= N_TYPES:
        return -1
    if b < 0:
        if KIND[a] == HARD:
            return -1
        return 64 * KIND[a] + single_rank(a, cfg)
    if a == b:
        kind = KIND[a]
        if kind == HARD or (kind == CIVIL and not cfg[C_CIVIL_PAIRS]):
            return -1
        return 64 * (PAIR_CIVIL + kind) + single_rank(a, cfg)
    r = COMBO_RANK[a, b]
    if r == 0:
        return -1
    if r == 8 and cfg[C_NINE] and b == 11:
        r = 9
    return 64 * COMBO + r


def _key_table() -> np.ndarray:
    """The key of every code under each of the 16 combinations of the shape options."""
    table = np.full((16, MAX_CODE), -1, dtype=np.int64)
    cfg = np.zeros(C_COMBO + 1, dtype=np.int64)
    for variant in range(16):
        cfg[C_COMBO], cfg[C_TIER] = variant >> 3, (variant >> 2) & 1
        cfg[C_NINE], cfg[C_CIVIL_PAIRS] = (variant >> 1) & 1, variant & 1
        for code in range(MAX_CODE):
            table[variant, code] = _key_formula(code, cfg)
    return table


KEY_TABLE = _key_table()


@njit(cache=True)
def play_key(code: int, cfg: np.ndarray) -> int:
    """``64·shape + rank`` of a play, or -1 if its cards are no legal shape."""
    if code < 0 or code >= MAX_CODE:
        return -1
    return KEY_TABLE[8 * cfg[C_COMBO] + 4 * cfg[C_TIER] + 2 * cfg[C_NINE] + cfg[C_CIVIL_PAIRS], code]


@njit(cache=True)
def key_beats(best: int, key: int) -> bool:
    """Whether a play with ``key`` beats the best play so far with key ``best``."""
    return key >= 0 and best >= 0 and key // 64 == best // 64 and key > best


@njit(cache=True)
def has_top(code: int) -> bool:
    """Whether a play holds 天, 红九 or 黑九 (the cards of 包牌)."""
    if code >= SET:
        return code - SET < 16  # every 天九 set
    a, b = code_cards(code)
    return a == 0 or a == 11 or a == 12 or b == 0 or b == 11 or b == 12
