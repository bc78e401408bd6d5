"""The exact group evaluator of the 四色 family: every partition of a hand, best per tag mask.

:func:`pareto` walks every partition of a count vector into the groups of a
:class:`~sim.games.sise.groups.GroupTable` (a depth-first search that always covers the
lowest kind left, trying groups in non-decreasing order so each partition is met once),
and keeps, for every *tag mask* (the OR of the tags of the groups used), the best total
value. A game adds its bonuses per mask and takes the maximum, so the result is the
maximum over all partitions — exact, not greedy. Kinds marked free may stay ungrouped,
worth ``free[k]`` each, ``cap_left`` in all. With ``claimed >= 0`` one copy of that kind
is the claimed card: the group holding it scores its claimed value. A group worth
``groups.FORBIDDEN`` (a rule switched it off) makes any partition using it negative, and
negative totals are dropped.

>>> import numpy as np
>>> from sim.games.sise.groups import guangshui_table
>>> from sim.games.sise.cards import parse_counts
>>> t = guangshui_table()
>>> best_value(parse_counts("红车 红车 红车 红马 红炮"), t)  # 圆 + 对 (1), not 子 + two loose cards
1
>>> che = parse_counts("红车 红车 红车")
>>> best_value(che, t), best_value(che, t, claimed=10)  # 肥子 6; with a claimed 红车 a 肥步 2
(6, 2)
>>> best_value(parse_counts("红马"), t)  # a loose 马 is 闲牌
-1
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import N_KINDS
from sim.games.sise.groups import GroupTable

MAX_PARETO = 1024  # 31 cards hold at most 10 kinds three times: 2**10 masks, never more
MAX_DEPTH = 64  # groups + free cards in one partition (31 cards at most)


@njit(cache=True)
def _lowest(counts: np.ndarray, k: int) -> int:
    while k < N_KINDS and counts[k] == 0:
        k += 1
    return k


@njit(cache=True)
def fits(counts: np.ndarray, cards: np.ndarray, n: np.ndarray, g: int) -> bool:
    """Whether the cards of group ``g`` are all in ``counts``."""
    for j in range(n[g]):
        k = cards[g, j]
        need = 0
        for i in range(n[g]):
            if cards[g, i] == k:
                need += 1
        if counts[k] < need:
            return False
    return True


@njit(cache=True)
def take(counts: np.ndarray, cards: np.ndarray, n: np.ndarray, g: int, sign: int) -> None:
    """Take the cards of group ``g`` out of ``counts`` (``sign`` -1: put them back)."""
    for j in range(n[g]):
        counts[cards[g, j]] -= sign


@njit(cache=True)
def _record(out_mask: np.ndarray, out_val: np.ndarray, n_out: np.ndarray, mask: np.int64,
            total: int) -> None:
    for i in range(n_out[0]):
        if out_mask[i] == mask:
            if total > out_val[i]:
                out_val[i] = total
            return
    if n_out[0] < out_mask.shape[0]:
        out_mask[n_out[0]] = mask
        out_val[n_out[0]] = total
        n_out[0] += 1


@njit(cache=True)
def next_option(counts: np.ndarray, cards: np.ndarray, n: np.ndarray, off: np.ndarray,
                 free: np.ndarray, k: int, i: int) -> int:
    """The first option from ``i`` on for the lowest kind ``k`` that fits ``counts`` (a
    group of the table, or ``off[k + 1]``: the card left free); -1 when none is left."""
    end = off[k + 1] + (1 if free[k] >= 0 else 0)
    while i < end:
        if i == off[k + 1] or fits(counts, cards, n, i):
            return i
        i += 1
    return -1


@njit(cache=True)
def _path_mask(st_k: np.ndarray, st_cur: np.ndarray, d: int, off: np.ndarray, tag: np.ndarray,
               base_mask: np.int64) -> np.int64:
    """The tag mask of the partition on the walk's stack (depths ``0 .. d``)."""
    m = base_mask
    for j in range(d + 1):
        o = st_cur[j]
        if o != off[st_k[j] + 1] and tag[o] >= 0:
            m |= np.int64(1) << np.int64(tag[o])
    return m


@njit(cache=True)
def _keep_path(st_k: np.ndarray, st_cur: np.ndarray, d: int, off: np.ndarray,
               best_path: np.ndarray) -> None:
    """Copy the partition on the stack into ``best_path`` (groups, ``-1 - k`` free, ``-99``)."""
    for j in range(d + 1):
        o = st_cur[j]
        best_path[j] = -1 - st_k[j] if o == off[st_k[j] + 1] else o
    best_path[d + 1] = -99


@njit(cache=True)
def _no_cards(base_value: int, base_mask: np.int64, out_mask: np.ndarray, out_val: np.ndarray,
              n_out: np.ndarray, target: np.int64, best_path: np.ndarray) -> int:
    """:func:`search` of a hand with no cards left: the one empty partition."""
    if target < 0:
        _record(out_mask, out_val, n_out, base_mask, base_value)
    elif base_mask == target:
        best_path[0] = -99
        return base_value
    return -1


@njit(cache=True)
def _step(counts: np.ndarray, cards: np.ndarray, n: np.ndarray, value: np.ndarray,
          free: np.ndarray, off: np.ndarray, k: int, o: int, sign: int, val: int,
          nfree: int) -> tuple:
    """Take option ``o`` of the lowest kind ``k`` (``sign`` 1) or put it back (-1): its
    cards out of ``counts``; the walk's value and free-card worth after it."""
    if o == off[k + 1]:
        counts[k] -= sign
        return val, nfree + sign * free[k]
    take(counts, cards, n, o, sign)
    return val + sign * value[o], nfree


@njit(cache=True)
def _complete(st_k: np.ndarray, st_cur: np.ndarray, d: int, off: np.ndarray, tag: np.ndarray,
              base_mask: np.int64, total: int, out_mask: np.ndarray, out_val: np.ndarray,
              n_out: np.ndarray, target: np.int64, best: int, best_path: np.ndarray) -> int:
    """A complete partition on the stack, worth ``total``: recorded under its mask (Pareto
    mode), or kept when it has mask ``target`` and beats ``best``; the best total now."""
    m = _path_mask(st_k, st_cur, d, off, tag, base_mask)
    if target < 0:
        _record(out_mask, out_val, n_out, m, total)
    elif m == target and total > best:
        _keep_path(st_k, st_cur, d, off, best_path)
        return total
    return best


@njit(cache=True)
def search(counts: np.ndarray, cards: np.ndarray, n: np.ndarray, value: np.ndarray,
           tag: np.ndarray, off: np.ndarray, free: np.ndarray, cap_left: int,
           base_value: int, base_mask: np.int64, out_mask: np.ndarray, out_val: np.ndarray,
           n_out: np.ndarray, target: np.int64, best_path: np.ndarray) -> int:
    """Walk every partition of ``counts`` (modified during the walk, restored at the end).

    Pareto mode (``target < 0``): record the best total per mask in ``out_*``. Path mode:
    the best partition with mask ``target`` goes to ``best_path`` (group numbers, ``-1 - k``
    for a free card of kind ``k``, ``-99`` after the last); returns its total or -1.
    """
    k0 = _lowest(counts, 0)
    if k0 == N_KINDS:
        return _no_cards(base_value, base_mask, out_mask, out_val, n_out, target, best_path)
    st_k = np.empty(MAX_DEPTH, dtype=np.int64)
    st_i = np.empty(MAX_DEPTH, dtype=np.int64)  # next option to try
    st_cur = np.empty(MAX_DEPTH, dtype=np.int64)  # option applied at this depth, -1 none
    best = -1
    d = 0
    st_k[0] = k0
    st_i[0] = off[k0]
    st_cur[0] = -1
    val = base_value
    nfree = 0
    while d >= 0:
        k = st_k[d]
        if st_cur[d] >= 0:  # undo the option tried last at this depth
            val, nfree = _step(counts, cards, n, value, free, off, k, st_cur[d], -1, val, nfree)
            st_cur[d] = -1
        found = next_option(counts, cards, n, off, free, k, st_i[d])
        if found < 0:
            d -= 1
            continue
        st_i[d] = found + 1
        st_cur[d] = found
        val, nfree = _step(counts, cards, n, value, free, off, k, found, 1, val, nfree)
        k2 = _lowest(counts, k)
        if k2 == N_KINDS:
            best = _complete(st_k, st_cur, d, off, tag, base_mask, val + min(nfree, cap_left),
                             out_mask, out_val, n_out, target, best, best_path)
        else:
            d += 1
            st_k[d] = k2
            st_i[d] = found if k2 == k else off[k2]
            st_cur[d] = -1
    return best


def pareto(counts: np.ndarray, table: GroupTable, *, claimed: int = -1, cap_left: int | None = None,
           ) -> dict[int, int]:
    """The best total per tag mask over every partition (``{}`` when none exists: 闲牌)."""
    cap = table.free_cap if cap_left is None else cap_left
    work = np.asarray(counts, dtype=np.int64).copy()
    out_mask = np.zeros(MAX_PARETO, dtype=np.int64)
    out_val = np.zeros(MAX_PARETO, dtype=np.int64)
    n_out = np.zeros(1, dtype=np.int64)
    path = np.zeros(MAX_DEPTH, dtype=np.int64)
    for base_value, base_mask, g, fr in _claim_options(work, table, claimed):
        _apply_claim(work, table, g, fr, claimed, -1)
        fv = int(table.free[claimed]) if fr else 0
        search(work, table.cards, table.n, table.value, table.tag, table.off, table.free,
               max(0, cap - fv), base_value + min(fv, cap), np.int64(base_mask), out_mask, out_val,
               n_out, np.int64(-1), path)
        _apply_claim(work, table, g, fr, claimed, 1)
    return {int(out_mask[i]): int(out_val[i]) for i in range(int(n_out[0])) if out_val[i] >= 0}


def _claim_options(work: np.ndarray, table: GroupTable, claimed: int):
    if claimed < 0:
        return [(0, 0, -1, False)]
    opts = []
    for g in range(table.size):
        ks = [int(x) for x in table.cards[g, : table.n[g]]]
        if claimed in ks and all(work[k] >= ks.count(k) for k in ks):
            t = int(table.tag[g])
            opts.append((int(table.claim[g]), (1 << t) if t >= 0 else 0, g, False))
    if table.free[claimed] >= 0 and work[claimed] > 0:
        opts.append((0, 0, -1, True))
    return opts


def _apply_claim(work, table, g, fr, claimed, sign):
    if fr:
        work[claimed] += sign
    elif g >= 0:
        for k in table.cards[g, : table.n[g]]:
            work[int(k)] += sign


def best_value(counts: np.ndarray, table: GroupTable, *, claimed: int = -1,
               cap_left: int | None = None) -> int:
    """The best plain total (no bonuses) over all partitions, or -1 when some card is 闲牌."""
    p = pareto(counts, table, claimed=claimed, cap_left=cap_left)
    return max(p.values()) if p else -1


def best_partition(counts: np.ndarray, table: GroupTable, mask: int, *,
                   cap_left: int | None = None) -> tuple[int, list[int], list[int]]:
    """The best partition with tag mask ``mask``: (total, group numbers, free kinds)."""
    cap = table.free_cap if cap_left is None else cap_left
    work = np.asarray(counts, dtype=np.int64).copy()
    dummy = np.zeros(1, dtype=np.int64)
    path = np.full(MAX_DEPTH, -99, dtype=np.int64)
    total = search(work, table.cards, table.n, table.value, table.tag, table.off, table.free,
                   cap, 0, np.int64(0), dummy, dummy, np.zeros(1, dtype=np.int64),
                   np.int64(mask), path)
    groups, free = [], []
    for x in path:
        if x == -99:
            break
        (free.append(-1 - int(x)) if x < 0 else groups.append(int(x)))
    return int(total), groups, free
