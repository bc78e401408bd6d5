"""Exact probabilities of deal events of the pairing game, as fractions.

A hand of ``m`` cards is a uniform ``m``-subset of the 84 cards of one deck (or the 168 of
two, with 8 copies of each type). Events: the hand is complete as dealt (天胡 before any 偷;
with ``eye_required`` it needs one eye too), holds a 暗 (three or more of a type), a 亮 (four or
more), or a 燕 (one of each seven).

Completeness is counted without listing hands: a two-card group depends only on pip totals,
so the eleven totals split into components of the sum graph (with 10/20: {2, 8, 12}, {3, 7},
{4, 6}, {5}, {9, 11}, {10}); within a total class the hand matters only through its card count
``n``, the set ``D`` of counts that identity groups (and 燕) can take out, and the set ``E`` of
counts that an eye plus such groups can take out. Classes are enumerated type by type, each
component checked for a choice of removals that leaves a perfectly matchable pool, and the
components convolved by card count. With an eye the hand is complete when exactly one
component uses its eye and every other is complete without: the convolution tracks how many
components are complete *only* with an eye and whether one is complete both ways.
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
IDENT = (0, 3, 4, 6, 7, 8)  # cards identity groups can take out of one type (3, 4, 3+3, 3+4, 4+4)


def _removals(counts: tuple[int, ...], yan: bool) -> frozenset[int]:
    """Card counts that identity groups (and 燕 for the sevens) can take out of one class."""
    options = [[a for a in IDENT if a <= c] for c in counts]
    out = set()
    for pick in itertools.product(*options):
        rest = [c - p for c, p in zip(counts, pick)]
        base = sum(pick)
        ymax = min(rest) if yan and len(counts) == 3 else 0
        for y in range(ymax + 1):
            out.add(base + 3 * y)
    return frozenset(out)


def _eye_removals(counts: tuple[int, ...], yan: bool) -> frozenset[int]:
    """Card counts that one eye (two identical) plus identity groups can take out of a class."""
    out: set[int] = set()
    for i, c in enumerate(counts):
        if c >= 2:
            rest = counts[:i] + (c - 2,) + counts[i + 1:]
            out |= {2 + d for d in _removals(rest, yan)}
    return frozenset(out)


Key = tuple[int, frozenset[int], frozenset[int]]


@lru_cache(maxsize=None)
def _class_states(t: int, yan: bool, copies: int) -> dict[Key, int]:
    """(cards in the class, removable counts, removable counts with an eye) → ways to choose them."""
    types = [k for k in range(N_TYPES) if TOTALS[k] == t]
    y = yan and t == 7
    out: dict[Key, int] = {}
    for counts in itertools.product(range(copies + 1), repeat=len(types)):
        ways = 1
        for c in counts:
            ways *= comb(copies, c)
        key = (sum(counts), _removals(counts, y), _eye_removals(counts, y))
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


def _fits(comp: list[int], keys: tuple[Key, ...], sets: list[frozenset[int]],
          sums: tuple[int, int]) -> bool:
    """Whether some removal per class (from ``sets``) leaves a perfectly matchable pool."""
    for ds in itertools.product(*[sorted(x) for x in sets]):
        pool = {t: key[0] - d for t, key, d in zip(comp, keys, ds)}
        if min(pool.values()) >= 0 and _pool_ok(pool, sums):
            return True
    return False


@lru_cache(maxsize=None)
def _component_polys(comp: tuple[int, ...], sums: tuple[int, int], yan: bool,
                     copies: int) -> dict[tuple[bool, bool], dict[int, int]]:
    """(complete without an eye, complete with one eye) → {card count: ways} for one component."""
    out: dict[tuple[bool, bool], dict[int, int]] = {}
    states = [list(_class_states(t, yan, copies).items()) for t in comp]
    for combo in itertools.product(*states):
        keys = tuple(key for key, _ in combo)
        plain = _fits(list(comp), keys, [k[1] for k in keys], sums)
        eye = any(_fits(list(comp), keys, [k[2] if j == i else k[1] for j, k in enumerate(keys)], sums)
                  for i in range(len(keys)) if keys[i][2])
        ways = 1
        for _, w in combo:
            ways *= w
        size = sum(k[0] for k in keys)
        poly = out.setdefault((plain, eye), {})
        poly[size] = poly.get(size, 0) + ways
    return out


@lru_cache(maxsize=None)
def _complete_by_size(sums: tuple[int, int], yan: bool, eye: bool = False,
                      copies: int = 4) -> tuple[int, ...]:
    """Number of complete hands of each size (as combinations of the deck's cards).

    State of the convolution over components (eye rule): (components complete only with an
    eye, capped at 2; whether one is complete both with and without) → {size: ways}.
    """
    acc: dict[tuple[int, bool], dict[int, int]] = {(0, False): {0: 1}}
    for comp in _components(sums):
        polys = _component_polys(tuple(comp), sums, yan, copies)
        new: dict[tuple[int, bool], dict[int, int]] = {}
        for (only_eye, both), dist in acc.items():
            for (plain, with_eye), poly in polys.items():
                if eye:
                    if not plain and not with_eye:
                        continue
                    state = (min(2, only_eye + (not plain)), both or (plain and with_eye))
                else:
                    if not plain:
                        continue
                    state = (0, False)
                target = new.setdefault(state, {})
                for a, x in dist.items():
                    for b, y in poly.items():
                        target[a + b] = target.get(a + b, 0) + x * y
        acc = new
    size = max((max(d) for d in acc.values()), default=0) + 1
    total = [0] * size
    for (only_eye, both), dist in acc.items():
        if eye and not (only_eye == 1 or (only_eye == 0 and both)):
            continue
        for a, x in dist.items():
            total[a] += x
    return tuple(total)


def complete_probability(m: int, *, rules: PairsRules | None = None) -> Fraction:
    """P(a dealt hand of ``m`` cards is complete), with the eye rule if ``eye_required``.

    >>> complete_probability(2, rules=PairsRules(eye_required=True))  # an eye alone: 21·C(4,2)/C(84,2)
    Fraction(3, 83)
    """
    r = rules or PairsRules()
    copies = 4 * r.decks
    counts = _complete_by_size(SUMS[r.pair_sums], r.yan, r.eye_required, copies)
    return Fraction(counts[m] if m < len(counts) else 0, comb(N_TYPES * copies, m))


def _at_most(m: int, cap: int, copies: int = 4) -> Fraction:
    """P(no type appears more than ``cap`` times in ``m`` cards)."""
    poly = [1]
    one = [comb(copies, c) for c in range(cap + 1)]
    for _ in range(N_TYPES):
        new = [0] * (len(poly) + cap)
        for a, x in enumerate(poly):
            for b, y in enumerate(one):
                new[a + b] += x * y
        poly = new
    return Fraction(poly[m] if m < len(poly) else 0, comb(N_TYPES * copies, m))


def an_probability(m: int, copies: int = 4) -> Fraction:
    """P(some type three or more times: a 暗 or 亮 to lay at the deal)."""
    return 1 - _at_most(m, 2, copies)


def liang_probability(m: int, copies: int = 4) -> Fraction:
    """P(some type four or more times: a 亮)."""
    return 1 - _at_most(m, 3, copies)


def yan_probability(m: int, copies: int = 4) -> Fraction:
    """P(one of each seven 幺六 三四 二五: a 燕), by inclusion–exclusion."""
    n = N_TYPES * copies
    p = Fraction(0)
    for j in range(4):
        p += (-1) ** j * comb(3, j) * Fraction(comb(n - copies * j, m), comb(n, m))
    return p


def deal_events(m: int, *, rules: PairsRules | None = None) -> dict[str, Fraction]:
    """The exact probability of every deal event for a hand of ``m`` cards."""
    r = rules or PairsRules()
    copies = 4 * r.decks
    out = {"complete as dealt": complete_probability(m, rules=r),
           "暗 (3+ of a type)": an_probability(m, copies),
           "亮 (4+ of a type)": liang_probability(m, copies)}
    if r.yan:
        out["燕 (the three sevens)"] = yan_probability(m, copies)
    return out
