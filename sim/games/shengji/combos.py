"""Combinations: tuples, tractors, the canonical split of a play, and carving shapes.

A *component* is ``(w, n)``: ``n`` ranks at adjacent positions of one effective suit,
``w`` identical cards at each (``w`` = 1 single, 2 pair, 3 triple, 4 quad; ``n ≥ 2`` with
``w ≥ 2`` is a 拖拉机). A play of one effective suit is split canonically, widest first,
then longest, then highest: ``33344`` is the triple ``333`` and the pair ``44``; a play
that is one component is a single combination, anything else is a throw (甩牌).

*Carving* a list of components from a hand means finding them on disjoint cards; a card
held ``c`` times can give several tuples whose widths add up to at most ``c`` (a quad
gives two pairs, a triple gives a pair and a single). At a position shared by several
kinds (副2, 副级: the copies of three suits) any of them may give a tuple, and the search
tries each. Singles always fit once the hand has enough cards of the suit, so they are
never searched for.

All functions here are compiled and work on count vectors (``int8[54]``) and the
:class:`~sim.games.shengji.order.Order` arrays.
"""

from __future__ import annotations

import numpy as np
from numba import njit

MAX_COMP = 60
MAX_RUN = 24
# A play's format: fmt[F_SUIT] effective suit, fmt[F_CARDS] cards, fmt[F_PARTS] components
# m, then from F_FIRST one entry of PART_SIZE per component — its width, run length and top
# position at P_WIDTH, P_RUN, P_TOP — widest / longest / highest first.
F_SUIT, F_CARDS, F_PARTS, F_FIRST = 0, 1, 2, 3
PART_SIZE = 3
P_WIDTH, P_RUN, P_TOP = 0, 1, 2
FMT_SIZE = F_FIRST + PART_SIZE * MAX_COMP


@njit(cache=True)
def suit_count(cnt: np.ndarray, es: np.ndarray, e: int) -> int:
    """How many cards of effective suit ``e`` the count vector holds."""
    total = 0
    for k in range(54):
        if es[k] == e:
            total += cnt[k]
    return total


@njit(cache=True, inline="always")
def only_suit(cnt: np.ndarray, es: np.ndarray) -> int:
    """The one effective suit of the cards, or -1 when they mix suits or are empty."""
    e = -1
    for k in range(54):
        if cnt[k] > 0:
            if e == -1:
                e = es[k]
            elif es[k] != e:
                return -1
    return e


@njit(cache=True)
def run_kind(cnt, kat, nat, e, p, w):
    """A kind at position ``p`` of suit ``e`` held at least ``w`` times, or -1."""
    for a in range(nat[e, p]):
        k = kat[e, p, a]
        if cnt[k] >= w:
            return k
    return -1


@njit(cache=True)
def split_play(cnt: np.ndarray, kat: np.ndarray, nat: np.ndarray, npos: np.ndarray, e: int,
               fmt: np.ndarray, want: int, out: np.ndarray) -> int:
    """Split the cards (all of suit ``e``) canonically into ``fmt``; returns the number of parts.

    When ``want`` ≥ 0, ``out`` receives exactly the cards of part ``want`` (which copy of a
    shared position, 副2 or 副级, it holds), so that a failed throw can play that part alone.
    At each width the parts take only cards held exactly that many times, so the split
    never depends on which of several kinds at a shared position is taken first.
    """
    c = cnt.copy()
    m = 0
    total = 0
    for k in range(54):
        total += cnt[k]
    fmt[F_SUIT] = e
    fmt[F_CARDS] = total
    for w in range(4, 1, -1):
        while True:
            best_len = 0
            best_top = -1
            run = 0
            for p in range(npos[e]):
                if run_kind(c, kat, nat, e, p, w) >= 0:
                    run += 1
                    if run >= best_len:
                        best_len = run
                        best_top = p
                else:
                    run = 0
            if best_len == 0:
                break
            for p in range(best_top - best_len + 1, best_top + 1):
                k = run_kind(c, kat, nat, e, p, w)
                c[k] -= w
                if m == want:
                    out[k] += w
            fmt[F_FIRST + PART_SIZE * m + P_WIDTH] = w
            fmt[F_FIRST + PART_SIZE * m + P_RUN] = best_len
            fmt[F_FIRST + PART_SIZE * m + P_TOP] = best_top
            m += 1
    for p in range(npos[e] - 1, -1, -1):
        for a in range(nat[e, p]):
            k = kat[e, p, a]
            for _ in range(c[k]):
                if m == want:
                    out[k] += 1
                fmt[F_FIRST + PART_SIZE * m + P_WIDTH] = 1
                fmt[F_FIRST + PART_SIZE * m + P_RUN] = 1
                fmt[F_FIRST + PART_SIZE * m + P_TOP] = p
                m += 1
    fmt[F_PARTS] = m
    return m


@njit(cache=True)
def decompose(cnt: np.ndarray, kat: np.ndarray, nat: np.ndarray, npos: np.ndarray, e: int,
              fmt: np.ndarray) -> int:
    """Split the cards (all of suit ``e``) canonically into ``fmt``; returns the number of parts."""
    return split_play(cnt, kat, nat, npos, e, fmt, -1, cnt)


@njit(cache=True)
def take_component(cnt: np.ndarray, kat: np.ndarray, nat: np.ndarray, e: int, w: int, n: int,
                   top: int, out: np.ndarray) -> bool:
    """Move one ``(w, n)`` component ending at ``top`` from ``cnt`` into ``out``."""
    for p in range(top - n + 1, top + 1):
        k = run_kind(cnt, kat, nat, e, p, w)
        if k < 0:
            return False
        cnt[k] -= w
        out[k] += w
    return True


@njit(cache=True)
def _take_tuples(cnt, used, kat, nat, npos, e, width, src, need, desc):
    """Take up to ``need`` tuples of ``width`` from kinds held exactly ``src`` times."""
    for i in range(npos[e]):
        p = npos[e] - 1 - i if desc else i
        for a in range(nat[e, p]):
            k = kat[e, p, a]
            if cnt[k] == src:
                while need > 0 and cnt[k] >= width:
                    cnt[k] -= width
                    used[k] += width
                    need -= 1
    return need


@njit(cache=True)
def tuples_fit(cnt: np.ndarray, kat: np.ndarray, nat: np.ndarray, npos: np.ndarray, e: int,
               q: int, t: int, pr: int, desc: bool) -> bool:
    """Take ``q`` quads, ``t`` triples and ``pr`` pairs of suit ``e`` out of ``cnt`` if they fit.

    On success ``cnt`` loses the cards used; on failure it is unchanged. Triples come from
    cards held three times before cards held four times, and pairs from cards held twice
    first, which is optimal. ``desc`` takes high positions first.
    """
    used = np.zeros(54, dtype=np.int8)
    need = _take_tuples(cnt, used, kat, nat, npos, e, 4, 4, q, desc)
    if need == 0:
        need = _take_tuples(cnt, used, kat, nat, npos, e, 3, 3, t, desc)
        need = _take_tuples(cnt, used, kat, nat, npos, e, 3, 4, need, desc)
    if need == 0:
        need = _take_tuples(cnt, used, kat, nat, npos, e, 2, 2, pr, desc)
        need = _take_tuples(cnt, used, kat, nat, npos, e, 2, 3, need, desc)
        need = _take_tuples(cnt, used, kat, nat, npos, e, 2, 4, need, desc)
    if need > 0:
        for k in range(54):
            cnt[k] += used[k]
        return False
    return True


@njit(cache=True)
def tuple_key(cnt: np.ndarray, es: np.ndarray, e: int, b4: int, b3: int, b2: int) -> int:
    """The most quads, then triples, then pairs of suit ``e`` within card budgets, as one int.

    ``b4`` / ``b3`` / ``b2`` bound the cards in tuples of width ≥ 4 / ≥ 3 / ≥ 2. The result
    is ``q·10⁴ + t·10² + p``, so a larger key is a stronger set of tuples.
    """
    c2 = 0
    c3 = 0
    c4 = 0
    for k in range(54):
        if es[k] == e:
            if cnt[k] == 4:
                c4 += 1
            elif cnt[k] == 3:
                c3 += 1
            elif cnt[k] == 2:
                c2 += 1
    q = min(c4, b4 // 4)
    t = min(c3 + c4 - q, max(0, b3 - 4 * q) // 3)
    t3 = min(t, c3)
    t4 = t - t3
    pairs = c2 + (c3 - t3) + 2 * (c4 - q - t4)
    p = min(pairs, max(0, b2 - 4 * q - 3 * t) // 2)
    return q * 10000 + t * 100 + p


@njit(cache=True)
def place_run(cnt: np.ndarray, kat: np.ndarray, nat: np.ndarray, e: int, p0: int, n: int, w: int,
              a: int, used: np.ndarray) -> bool:
    """Take the ``a``-th way of a ``(w, n)`` run starting at ``p0`` out of ``cnt``.

    At a position shared by several kinds (副2, 副级) every kind held at least ``w`` times is
    a way; the ways of the run are numbered in mixed radix, fewest copies first at each
    position. On success ``cnt`` loses the cards and ``used[j]`` names the kind taken at
    ``p0 + j``; when ``a`` is past the last way (or there is none) nothing changes.
    """
    for j in range(n):
        p = p0 + j
        # the kinds at p held at least w times, fewest copies first (at most three)
        k0 = -1
        k1 = -1
        k2 = -1
        c = 0
        for x in range(nat[e, p]):
            k = kat[e, p, x]
            if cnt[k] >= w:
                if c == 0:
                    k0 = k
                elif c == 1:
                    k1 = k
                else:
                    k2 = k
                c += 1
        if c == 0:
            return False
        if c > 1 and cnt[k1] < cnt[k0]:
            k0, k1 = k1, k0
        if c > 2:
            if cnt[k2] < cnt[k1]:
                k1, k2 = k2, k1
            if cnt[k1] < cnt[k0]:
                k0, k1 = k1, k0
        d = a % c
        used[j] = k0 if d == 0 else (k1 if d == 1 else k2)
        a //= c
    if a > 0:
        return False
    for j in range(n):
        cnt[used[j]] -= w
    return True


@njit(cache=True)
def _tractors_and_tuples(cw: np.ndarray, cn: np.ndarray, m: int) -> tuple:
    """The tractors among components ``(cw[i], cn[i])`` (widths, lengths, how many) and the
    numbers of quads, triples and pairs; singles are left out."""
    tw = np.zeros(max(m, 1), dtype=np.int16)
    tn = np.zeros(max(m, 1), dtype=np.int16)
    nt = 0
    q = 0
    t = 0
    pr = 0
    for i in range(m):
        if cw[i] >= 2 and cn[i] >= 2:
            tw[nt] = cw[i]
            tn[nt] = cn[i]
            nt += 1
        elif cw[i] == 4:
            q += 1
        elif cw[i] == 3:
            t += 1
        elif cw[i] == 2:
            pr += 1
    return tw, tn, nt, q, t, pr


@njit(cache=True)
def carve(cnt: np.ndarray, kat: np.ndarray, nat: np.ndarray, npos: np.ndarray, e: int,
          cw: np.ndarray, cn: np.ndarray, m: int, desc: bool) -> bool:
    """Carve components ``(cw[i], cn[i])`` from suit ``e`` of ``cnt``; singles are ignored.

    Tractors are placed by an exhaustive depth-first search over their start positions
    (high starts first when ``desc``) and, at positions shared by several kinds (副2, 副级),
    over every kind that can give the tuple (:func:`place_run`); the tuples then fit
    greedily (:func:`tuples_fit`, which is exact). On success ``cnt`` loses the cards
    used; on failure it is unchanged.
    """
    tw, tn, nt, q, t, pr = _tractors_and_tuples(cw, cn, m)
    if nt == 0:
        return tuples_fit(cnt, kat, nat, npos, e, q, t, pr, desc)
    xs = np.zeros(nt, dtype=np.int16)  # next start index to try, per tractor
    ways = np.zeros(nt, dtype=np.int32)  # next way at that start
    placed = np.zeros(nt, dtype=np.bool_)
    used = np.zeros((nt, MAX_RUN), dtype=np.int16)
    level = 0
    while level >= 0:
        if level == nt:
            if tuples_fit(cnt, kat, nat, npos, e, q, t, pr, desc):
                return True
            level -= 1
            continue
        w = tw[level]
        n = tn[level]
        if placed[level]:
            for j in range(n):
                cnt[used[level, j]] += w
            placed[level] = False
            ways[level] += 1
        span = npos[e] - n + 1
        # a tractor of the same shape as the previous one starts no higher (desc) / lower
        x = xs[level]
        if level > 0 and tw[level - 1] == w and tn[level - 1] == n and x < xs[level - 1]:
            x = xs[level - 1]
            ways[level] = 0
        a = ways[level]
        found = False
        while x < span:
            p = span - 1 - x if desc else x
            if place_run(cnt, kat, nat, e, p, n, w, a, used[level]):
                found = True
                break
            x += 1
            a = 0
        if found:
            xs[level] = x
            ways[level] = a
            placed[level] = True
            level += 1
            if level < nt:
                xs[level] = 0
                ways[level] = 0
                placed[level] = False
        else:
            level -= 1
    return False


@njit(cache=True)
def carve_fmt(cnt: np.ndarray, kat: np.ndarray, nat: np.ndarray, npos: np.ndarray, e: int,
              fmt: np.ndarray, desc: bool) -> bool:
    """Carve every component of a format from suit ``e`` (see :func:`carve`)."""
    m = fmt[F_PARTS]
    cw = np.empty(max(m, 1), dtype=np.int16)
    cn = np.empty(max(m, 1), dtype=np.int16)
    for i in range(m):
        cw[i] = fmt[F_FIRST + PART_SIZE * i + P_WIDTH]
        cn[i] = fmt[F_FIRST + PART_SIZE * i + P_RUN]
    return carve(cnt, kat, nat, npos, e, cw, cn, m, desc)


@njit(cache=True)
def largest_part(fmt: np.ndarray) -> int:
    """The index of a format's largest part: most cards, then widest (the first of equals)."""
    best = 0
    for i in range(1, fmt[F_PARTS]):
        w = fmt[F_FIRST + PART_SIZE * i + P_WIDTH]
        c = w * fmt[F_FIRST + PART_SIZE * i + P_RUN]
        bw = fmt[F_FIRST + PART_SIZE * best + P_WIDTH]
        bc = bw * fmt[F_FIRST + PART_SIZE * best + P_RUN]
        if c > bc or (c == bc and w > bw):
            best = i
    return best


@njit(cache=True)
def part_top(cnt: np.ndarray, kat: np.ndarray, nat: np.ndarray, npos: np.ndarray, e: int,
             fmt: np.ndarray, i: int) -> int:
    """The highest top position at which ``cnt`` (suit ``e``) holds part ``i`` of ``fmt`` while
    the other parts still carve from the rest; -1 when the format cannot be carved at all."""
    m = fmt[F_PARTS]
    w = fmt[F_FIRST + PART_SIZE * i + P_WIDTH]
    n = fmt[F_FIRST + PART_SIZE * i + P_RUN]
    cw = np.empty(max(m - 1, 1), dtype=np.int16)
    cn = np.empty(max(m - 1, 1), dtype=np.int16)
    x = 0
    for j in range(m):
        if j != i:
            cw[x] = fmt[F_FIRST + PART_SIZE * j + P_WIDTH]
            cn[x] = fmt[F_FIRST + PART_SIZE * j + P_RUN]
            x += 1
    c = cnt.copy()
    used = np.zeros(MAX_RUN, dtype=np.int16)
    for top in range(npos[e] - 1, n - 2, -1):
        a = 0
        while place_run(c, kat, nat, e, top - n + 1, n, w, a, used):
            ok = carve(c.copy(), kat, nat, npos, e, cw, cn, m - 1, False)
            for j in range(n):
                c[used[j]] += w
            if ok:
                return top
            a += 1
    return -1
