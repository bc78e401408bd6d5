"""丰顺 scores: the group table (data) and the compiled exact best-score search.

The table lists every group a hand may be split into, with its value in hand and when it
holds a claimed card: same-colour sequences 1 (将士相 ``jss_value``), three colours of one
non-将 rank 1 and four colours 4, a non-将 pair 0, three identical 3 (a 碰 1), four
identical 8 (a 杠 6), four 将 of four colours 16 and four identical 将 32. Every other
将 is a single worth 1. :func:`best_score` searches every partition
(:func:`sim.games.sise.evaluate.search`), so the score is the best one, never a greedy one.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import JIANG, N_COLOURS, N_KINDS, N_RANKS, ZU, kind_of
from sim.games.sise.evaluate import fits, search, take
from sim.games.sise.groups import GroupTable, build_table
from sim.games.sise.fengshun.blocks import fast_score, fast_tables
from sim.games.sise.fengshun.rules import (CFG_DEALER, CFG_DECKS, CFG_HIGHEST,  # noqa: F401
                                          CFG_MIN, CFG_OPEN, CFG_REDEAL, CFG_SEATS, N_CFG,
                                          FengshunRules)

C_SEQ, C_SET, C_DUI, C_ZI, C_GANG, C_JIANG4 = range(6)
CLASS_NAMES = ("顺", "异色", "对", "三张", "四张", "四将")
NO_CAP = 99  # 将 singles count without limit


def fengshun_table(rules: FengshunRules | None = None) -> GroupTable:
    """The groups of 丰顺 under ``rules`` (default: preset ``seed``).

    >>> t = fengshun_table()
    >>> t.name_of(t.find([0, 1, 2])), int(t.value[t.find([3, 3, 3])]), int(t.claim[t.find([3, 3, 3])])
    ('顺', 3, 1)
    """
    r = rules or FengshunRules()
    rows = []
    for c in range(N_COLOURS):
        starts = (0, 3) if r.sequences == "fixed" else range(N_RANKS - 2)
        for a in starts:
            v = r.jss_value if a == 0 else 1
            rows.append(([kind_of(c, a + i) for i in range(3)], v, v, -1, C_SEQ))
    ranks = range(1, N_RANKS) if r.multicolour == "any" else (ZU,)
    for rank in ranks:
        ks = [kind_of(c, rank) for c in range(N_COLOURS)]
        for skip in range(N_COLOURS):
            rows.append(([k for i, k in enumerate(ks) if i != skip], 1, 1, -1, C_SET))
        rows.append((ks, 4, 4, -1, C_SET))
    for k in range(N_KINDS):
        if k % N_RANKS == JIANG:
            rows.append(([k] * 4, 32, 32, -1, C_JIANG4))
            continue
        rows.append(([k, k], 0, 0, -1, C_DUI))
        rows.append(([k] * 3, 3, 1, -1, C_ZI))
        rows.append(([k] * 4, 8, 6, -1, C_GANG))
    rows.append(([kind_of(c, JIANG) for c in range(N_COLOURS)], 16, 16, -1, C_JIANG4))
    return build_table(rows, free=[kind_of(c, JIANG) for c in range(N_COLOURS)], free_value=1,
                       free_cap=NO_CAP, class_names=CLASS_NAMES)


def partial_free(table: GroupTable) -> np.ndarray:
    """Free values for a stock-out count: every card may stay ungrouped (将 1, others 0)."""
    fr = np.zeros(N_KINDS, dtype=np.int64)
    fr[table.free >= 0] = table.free[table.free >= 0]
    return fr


def table_tuple(table: GroupTable) -> tuple:
    """The arrays the compiled functions read: (cards, n, value, claim, tag, off, free, cls,
    kmask, partial free values, the rank lookup tables of :func:`.blocks.fast_tables`)."""
    return (table.cards, table.n, table.value, table.claim, table.tag, table.off, table.free,
            table.cls, table.kmask, partial_free(table), fast_tables(table))


@njit(cache=True)
def may_complete(counts: np.ndarray, tb: tuple) -> bool:
    """A quick necessary test: every lone non-将 card has a sequence or set partner."""
    cards, n, cls, kmask, free = tb[0], tb[1], tb[7], tb[8], tb[6]
    for k in range(N_KINDS):
        if counts[k] == 1 and free[k] < 0:
            ok = False
            bit = np.int64(1) << np.int64(k)
            for g in range(n.shape[0]):
                if (kmask[g] & bit) != 0 and (cls[g] == C_SEQ or cls[g] == C_SET):
                    if fits(counts, cards, n, g):
                        ok = True
                        break
            if not ok:
                return False
    return True


@njit(cache=True)
def _search(counts: np.ndarray, tb: tuple, free: np.ndarray, base: int) -> int:
    out_mask = np.zeros(2, dtype=np.int64)
    out_val = np.full(2, -1, dtype=np.int64)
    n_out = np.zeros(1, dtype=np.int64)
    path = np.zeros(1, dtype=np.int64)
    search(counts, tb[0], tb[1], tb[2], tb[4], tb[5], free, NO_CAP, base, np.int64(0),
           out_mask, out_val, n_out, np.int64(-1), path)
    if n_out[0] == 0:
        return -1
    return out_val[0]


@njit(cache=True)
def best_score(counts: np.ndarray, claimed: int, tb: tuple) -> int:
    """The best score of concealed ``counts`` grouped completely, or -1 (some card is loose).

    ``counts`` (28 int64, restored on return) includes the claimed card when ``claimed >=
    0``; the group holding that card scores at its claimed rate. Rules without overlapping
    sequences take the rank lookups of :mod:`.blocks`; the others the partition search.
    """
    if tb[10][0]:
        return fast_score(counts, claimed, tb[10])
    return search_score(counts, claimed, tb)


@njit(cache=True)
def search_score(counts: np.ndarray, claimed: int, tb: tuple) -> int:
    """:func:`best_score` by the partition search (every rule set; the reference)."""
    if not may_complete(counts, tb):
        return -1
    if claimed < 0:
        return _search(counts, tb, tb[6], 0)
    cards, n, claim = tb[0], tb[1], tb[3]
    best = -1
    bit = np.int64(1) << np.int64(claimed)
    for g in range(n.shape[0]):
        if (tb[8][g] & bit) != 0 and fits(counts, cards, n, g):
            take(counts, cards, n, g, 1)
            v = _search(counts, tb, tb[6], claim[g])
            take(counts, cards, n, g, -1)
            if v > best:
                best = v
    if tb[6][claimed] >= 0:
        counts[claimed] -= 1
        v = _search(counts, tb, tb[6], tb[6][claimed])
        counts[claimed] += 1
        if v > best:
            best = v
    return best


@njit(cache=True)
def partial_score(counts: np.ndarray, tb: tuple) -> int:
    """The best value of the groups in ``counts`` when loose cards are allowed (stock out)."""
    if tb[10][0]:
        return fast_score(counts, -1, tb[10], True)
    return _search(counts, tb, tb[9], 0)
