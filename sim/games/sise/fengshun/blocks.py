"""Fast exact 丰顺 scores: the hand split by rank, with one lookup per rank.

Every 丰顺 group but a sequence holds cards of one rank, and with the ``fixed`` sequences
(将士相, 车马炮) no rank is in two sequence types. So a hand's best score is, per sequence
type, the best over how many sequences of each colour are taken (``a_c``) of the sequence
values plus the best split of what is left of each of its ranks, plus the best split of
every rank in no sequence. The best split of one rank depends only on its four colour
counts, so it is a table lookup (:func:`rank_tables`, built once per rule set by a small
dynamic programme). The result is the same maximum as the partition search of
:mod:`sim.games.sise.evaluate` (a test checks it on many random hands) at a small
fraction of the cost. Rules whose sequences overlap (``consecutive``) keep the search.

Counts index a rank's table as ``n0 + 9 n1 + 81 n2 + 729 n3`` (up to 8 copies: two decks).

>>> from sim.games.sise.fengshun.scoring import fengshun_table
>>> ft = fast_tables(fengshun_table())
>>> import numpy as np
>>> from sim.games.sise.cards import parse_counts
>>> h = parse_counts("红将 红士 红相 红车 红车 红车", ("红", "绿", "黄", "黑")).astype(np.int64)
>>> int(fast_score(h, -1, ft)), int(fast_score(h, 3, ft))  # 1 + 3; the claimed 红车 makes a 碰: 1 + 1
(4, 2)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import N_COLOURS, N_RANKS
from sim.games.sise.groups import GroupTable

BASE = 9
NIDX = BASE ** N_COLOURS
POW = np.array([1, BASE, BASE * BASE, BASE ** 3], dtype=np.int64)


@njit(cache=True)
def _rank_dp(gd: np.ndarray, gval: np.ndarray, gclaim: np.ndarray, fv: int, out_v: np.ndarray,
             out_c: np.ndarray) -> None:
    """Best split of every count vector of one rank (``-1``: impossible).

    ``gd[g]`` is group ``g``'s copies per colour; ``fv`` the value of an ungrouped copy
    (-1: not allowed). ``out_c[c]``: the same when one copy of colour ``c`` is a claimed
    card (the group holding it scores ``gclaim``)."""
    pw = np.array([1, BASE, BASE * BASE, BASE ** 3], dtype=np.int64)
    n = np.zeros(N_COLOURS, dtype=np.int64)
    out_v[0] = 0
    for c in range(N_COLOURS):
        out_c[c, 0] = -1
    for idx in range(1, out_v.shape[0]):
        x = idx
        for c in range(N_COLOURS):
            n[c] = x % BASE
            x //= BASE
        c0 = 0
        while n[c0] == 0:
            c0 += 1
        best = -1
        bestc = np.full(N_COLOURS, -1, dtype=np.int64)
        for g in range(gd.shape[0]):
            if gd[g, c0] == 0 or gval[g] < 0:
                continue
            ok = True
            rest = idx
            for c in range(N_COLOURS):
                if gd[g, c] > n[c]:
                    ok = False
                rest -= gd[g, c] * pw[c]
            if not ok:
                continue
            rv = out_v[rest]
            if rv >= 0:
                best = max(best, gval[g] + rv)
            for c in range(N_COLOURS):
                if gd[g, c] >= 1 and rv >= 0:
                    bestc[c] = max(bestc[c], gclaim[g] + rv)
                if n[c] - gd[g, c] >= 1 and out_c[c, rest] >= 0:
                    bestc[c] = max(bestc[c], gval[g] + out_c[c, rest])
        if fv >= 0:
            rest = idx - pw[c0]
            rv = out_v[rest]
            if rv >= 0:
                best = max(best, fv + rv)
                bestc[c0] = max(bestc[c0], fv + rv)
            for c in range(N_COLOURS):
                if n[c] - (1 if c == c0 else 0) >= 1 and out_c[c, rest] >= 0:
                    bestc[c] = max(bestc[c], fv + out_c[c, rest])
        out_v[idx] = best
        for c in range(N_COLOURS):
            out_c[c, idx] = bestc[c] if n[c] >= 1 else -1


def fast_tables(table: GroupTable) -> tuple:
    """The lookup tables of ``table`` for :func:`fast_score`: (applies, rank values [7, NIDX],
    claimed [7, 4, NIDX], loose allowed [7, NIDX], sequence ranks [T, 3], sequence values
    [T], rank in a sequence type [7] (-1 none)). ``applies`` is 0 when some rank is in two
    sequence types or a sequence is not of one colour (then use the search)."""
    per_rank: list[list] = [[] for _ in range(N_RANKS)]
    seqs: dict[tuple[int, ...], tuple[int, int]] = {}
    applies = True
    for g in range(table.size):
        ks = [int(k) for k in table.cards[g, : table.n[g]]]
        ranks = {k % N_RANKS for k in ks}
        if len(ranks) == 1:
            d = [0] * N_COLOURS
            for k in ks:
                d[k // N_RANKS] += 1
            per_rank[ks[0] % N_RANKS].append((d, int(table.value[g]), int(table.claim[g])))
            continue
        cols = {k // N_RANKS for k in ks}
        key = tuple(sorted(k % N_RANKS for k in ks))
        val = (int(table.value[g]), int(table.claim[g]))
        if len(cols) != 1 or len(set(key)) != 3 or val[0] != val[1] or seqs.get(key, val) != val:
            applies = False
        seqs[key] = val
    in_type = np.full(N_RANKS, -1, dtype=np.int64)
    for t, key in enumerate(seqs):
        for r in key:
            if in_type[r] >= 0:
                applies = False
            in_type[r] = t
    rv = np.zeros((N_RANKS, NIDX), dtype=np.int64)
    rc = np.zeros((N_RANKS, N_COLOURS, NIDX), dtype=np.int64)
    rp = np.zeros((N_RANKS, NIDX), dtype=np.int64)
    scratch = np.zeros((N_COLOURS, NIDX), dtype=np.int64)
    for r in range(N_RANKS):
        rows = per_rank[r] or [([0] * N_COLOURS, -1, -1)]
        gd = np.array([x[0] for x in rows], dtype=np.int64).reshape(len(rows), N_COLOURS)
        gv = np.array([x[1] for x in rows], dtype=np.int64)
        gc = np.array([x[2] for x in rows], dtype=np.int64)
        fv = int(table.free[r])  # the free value of colour 0 stands for the rank
        _rank_dp(gd, gv, gc, fv, rv[r], rc[r])
        _rank_dp(gd, gv, gc, max(fv, 0), rp[r], scratch)
    tr = np.array(list(seqs) or [(0, 0, 0)], dtype=np.int64).reshape(-1, 3)
    tv = np.array([v[0] for v in seqs.values()] or [0], dtype=np.int64)
    if not seqs:
        in_type[:] = -1
    return (np.int64(applies), rv, rc, rp, tr, tv, in_type)


@njit(cache=True)
def _index(counts: np.ndarray, r: int) -> int:
    i = 0
    m = 1
    for c in range(N_COLOURS):
        i += counts[c * N_RANKS + r] * m
        m *= BASE
    return i


@njit(cache=True)
def _look(rv: np.ndarray, rc: np.ndarray, r: int, idx: int, claimed: int, free_claim: bool) -> int:
    if claimed >= 0 and claimed % N_RANKS == r and not free_claim:
        return rc[r, claimed // N_RANKS, idx]
    return rv[r, idx]


@njit(cache=True)
def fast_score(counts: np.ndarray, claimed: int, ft: tuple, loose: bool = False) -> int:
    """The best score of ``counts`` grouped completely (-1: impossible), as the partition
    search gives it; ``claimed`` >= 0 is a copy in ``counts`` taken from another player.
    With ``loose`` every card may stay ungrouped (将 1, others 0) and ``claimed`` is ignored."""
    rv = ft[3] if loose else ft[1]
    rc, tr, tv, in_type = ft[2], ft[4], ft[5], ft[6]
    if loose:
        claimed = -1
    total = 0
    for r in range(N_RANKS):
        if in_type[r] < 0:
            v = _look(rv, rc, r, _index(counts, r), claimed, False)
            if v < 0:
                return -1
            total += v
    cc = claimed // N_RANKS if claimed >= 0 else -1
    for t in range(tr.shape[0]):
        r1, r2, r3 = tr[t, 0], tr[t, 1], tr[t, 2]
        if in_type[r1] != t:
            continue
        b1, b2, b3 = _index(counts, r1), _index(counts, r2), _index(counts, r3)
        m0 = min(counts[r1], counts[r2], counts[r3])
        m1 = min(counts[N_RANKS + r1], counts[N_RANKS + r2], counts[N_RANKS + r3])
        m2 = min(counts[2 * N_RANKS + r1], counts[2 * N_RANKS + r2], counts[2 * N_RANKS + r3])
        m3 = min(counts[3 * N_RANKS + r1], counts[3 * N_RANKS + r2], counts[3 * N_RANKS + r3])
        best = -1
        for a0 in range(m0 + 1):
            for a1 in range(m1 + 1):
                for a2 in range(m2 + 1):
                    for a3 in range(m3 + 1):
                        a = a0 + BASE * a1 + BASE * BASE * a2 + BASE ** 3 * a3
                        ac = a0 if cc == 0 else a1 if cc == 1 else a2 if cc == 2 else a3
                        fc = ac > 0
                        v1 = _look(rv, rc, r1, b1 - a, claimed, fc)
                        if v1 < 0:
                            continue
                        v2 = _look(rv, rc, r2, b2 - a, claimed, fc)
                        if v2 < 0:
                            continue
                        v3 = _look(rv, rc, r3, b3 - a, claimed, fc)
                        if v3 < 0:
                            continue
                        v = tv[t] * (a0 + a1 + a2 + a3) + v1 + v2 + v3
                        if v > best:
                            best = v
        if best < 0:
            return -1
        total += best
    return total


@njit(cache=True)
def block_complete(counts: np.ndarray, t: int, ok: np.ndarray, tr: np.ndarray) -> bool:
    """Whether the ranks of sequence type ``t`` in ``counts`` group completely (``ok[r, idx]``
    says whether a rank's counts do on their own)."""
    r1, r2, r3 = tr[t, 0], tr[t, 1], tr[t, 2]
    b1, b2, b3 = _index(counts, r1), _index(counts, r2), _index(counts, r3)
    m0 = min(counts[r1], counts[r2], counts[r3])
    m1 = min(counts[N_RANKS + r1], counts[N_RANKS + r2], counts[N_RANKS + r3])
    m2 = min(counts[2 * N_RANKS + r1], counts[2 * N_RANKS + r2], counts[2 * N_RANKS + r3])
    m3 = min(counts[3 * N_RANKS + r1], counts[3 * N_RANKS + r2], counts[3 * N_RANKS + r3])
    for a0 in range(m0 + 1):
        for a1 in range(m1 + 1):
            for a2 in range(m2 + 1):
                for a3 in range(m3 + 1):
                    a = a0 + BASE * a1 + BASE * BASE * a2 + BASE ** 3 * a3
                    if ok[r1, b1 - a] and ok[r2, b2 - a] and ok[r3, b3 - a]:
                        return True
    return False


@njit(cache=True)
def rank_complete(counts: np.ndarray, r: int, ok: np.ndarray) -> bool:
    """Whether rank ``r`` (in no sequence type) groups completely."""
    return ok[r, _index(counts, r)] != 0

