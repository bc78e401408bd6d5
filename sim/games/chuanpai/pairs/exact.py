"""Exact probabilities of deal events of the pairing game, as fractions.

A hand of ``m`` cards is a uniform ``m``-subset of the 84. Events: the hand is complete as
dealt (天胡 before any 偷), holds a 暗 (three or more of a type), a 亮 (four of a type), or a 燕
(one of each seven).

Completeness is counted without listing hands: a two-card group depends only on pip totals,
so the eleven totals split into components of the sum graph (with 10/20: {2, 8, 12}, {3, 7},
{4, 6}, {5}, {9, 11}, {10}); within a total class the hand matters only through its card count
``n`` and the set ``D`` of counts that identity groups (and 燕) can take out. Classes are
enumerated type by type, each component checked for a choice of removals that leaves a
perfectly matchable pool, and the components convolved by card count.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache
from math import comb

from sim.games.chuanpai.cards import N_TYPES, PIPS
from sim.games.chuanpai.pairs.rules import SUMS, PairsRules

TOTALS = [a + b for a, b in PIPS]
SEVENS = (9, 15, 16)


def _removals(counts: tuple[int, ...], yan: bool) -> frozenset[int]:
    """Card counts that identity groups (and 燕 for the sevens) can take out of one class."""
    options = []
    for c in counts:
        options.append([0] + [s for s in (3, 4) if c >= s])
    out = set()
    for pick in itertools.product(*options):
        rest = [c - p for c, p in zip(counts, pick)]
        base = sum(pick)
        ymax = min(rest) if yan and len(counts) == 3 else 0
        for y in range(ymax + 1):
            out.add(base + 3 * y)
    return frozenset(out)


@lru_cache(maxsize=None)
def _class_states(t: int, yan: bool) -> dict[tuple[int, frozenset[int]], int]:
    """(cards in the class, removable counts) → number of ways to choose those cards."""
    types = [k for k in range(N_TYPES) if TOTALS[k] == t]
    out: dict[tuple[int, frozenset[int]], int] = {}
    for counts in itertools.product(range(5), repeat=len(types)):
        ways = 1
        for c in counts:
            ways *= comb(4, c)
        key = (sum(counts), _removals(counts, yan and t == 7))
        out[key] = out.get(key, 0) + ways
    return out


def _components(sums: tuple[int, int]) -> list[list[int]]:
    parent = {t: t for t in range(2, 13)}

    def find(t: int) -> int:
        while parent[t] != t:
            t = parent[t]
        return t

    for t in range(2, 13):
        for u in range(t, 13):
            if t + u in sums:
                parent[find(u)] = find(t)
    groups: dict[int, list[int]] = {}
    for t in range(2, 13):
        groups.setdefault(find(t), []).append(t)
    return list(groups.values())


def _pool_ok(n: dict[int, int], sums: tuple[int, int]) -> bool:
    n = dict(n)
    for t in sorted(n):
        if n[t] == 0:
            continue
        partners = [s - t for s in sums if s >= 0 and t <= s - t <= 12]
        if not partners or (partners[0] != t and partners[0] not in n):
            return False
        u = partners[0]
        if u == t:
            if n[t] % 2:
                return False
        else:
            n[u] -= n[t]
            if n[u] < 0:
                return False
        n[t] = 0
    return True


@lru_cache(maxsize=None)
def _complete_by_size(sums: tuple[int, int], yan: bool) -> tuple[int, ...]:
    """Number of complete hands of each size 0..84 (as combinations of the 84 cards)."""
    total = [1]
    for comp in _components(sums):
        poly: dict[int, int] = {}
        states = [list(_class_states(t, yan).items()) for t in comp]
        for combo in itertools.product(*states):
            size = sum(key[0] for key, _ in combo)
            ok = False
            for ds in itertools.product(*[sorted(key[1]) for key, _ in combo]):
                pool = {t: key[0] - d for t, (key, _), d in zip(comp, combo, ds)}
                if min(pool.values()) >= 0 and _pool_ok(pool, sums):
                    ok = True
                    break
            if ok:
                ways = 1
                for _, w in combo:
                    ways *= w
                poly[size] = poly.get(size, 0) + ways
        new = [0] * (len(total) + max(poly) )
        for a, x in enumerate(total):
            if x:
                for b, y in poly.items():
                    new[a + b] += x * y
        total = new
    return tuple(total)


def complete_probability(m: int, *, rules: PairsRules | None = None) -> Fraction | None:
    """P(a dealt hand of ``m`` cards is complete); ``None`` when an eye is required."""
    r = rules or PairsRules()
    if r.eye_required:
        return None
    counts = _complete_by_size(SUMS[r.pair_sums], r.yan)
    return Fraction(counts[m] if m < len(counts) else 0, comb(84, m))


def _at_most(m: int, cap: int) -> Fraction:
    """P(no type appears more than ``cap`` times in ``m`` cards)."""
    poly = [1]
    one = [comb(4, c) for c in range(cap + 1)]
    for _ in range(N_TYPES):
        new = [0] * (len(poly) + cap)
        for a, x in enumerate(poly):
            for b, y in enumerate(one):
                new[a + b] += x * y
        poly = new
    return Fraction(poly[m] if m < len(poly) else 0, comb(84, m))


def an_probability(m: int) -> Fraction:
    """P(some type three or more times: a 暗 or 亮 to lay at the deal)."""
    return 1 - _at_most(m, 2)


def liang_probability(m: int) -> Fraction:
    """P(some type four times: a 亮)."""
    return 1 - _at_most(m, 3)


def yan_probability(m: int) -> Fraction:
    """P(one of each seven 幺六 三四 二五: a 燕), by inclusion–exclusion."""
    p = Fraction(0)
    for j in range(4):
        p += (-1) ** j * comb(3, j) * Fraction(comb(84 - 4 * j, m), comb(84, m))
    return p


def deal_events(m: int, *, rules: PairsRules | None = None) -> dict[str, Fraction | None]:
    """The exact probability of every deal event for a hand of ``m`` cards."""
    r = rules or PairsRules()
    out = {"complete as dealt": complete_probability(m, rules=r), "暗 (3+ of a type)": an_probability(m),
           "亮 (4 of a type)": liang_probability(m)}
    if r.yan:
        out["燕 (the three sevens)"] = yan_probability(m)
    return out
