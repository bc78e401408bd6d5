"""Exact probabilities of deal events, by counting hands with generating functions.

A hand of ``h`` cards is a uniformly random ``h``-subset of a deck of ``k`` kinds with
``c`` distinct copies each. The number of hands holding ``j_i`` copies of kind ``i`` is
``prod_i C(c, j_i)``, so a dynamic programme over kinds — tracking the hand size, the
kinds held ``c`` times (提 in 跑胡子) and the kinds held ``c - 1`` times (坎) — counts
every hand exactly, in Python integers. Probabilities are :class:`fractions.Fraction`.
A game's own deal events live in its package (e.g. :mod:`sim.games.zipai.exact`) and are
tabulated by :func:`events_table`.

>>> from fractions import Fraction
>>> quad_distribution(kinds=2, copies=2, hand=2)[1] == Fraction(2, 6)
True
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from fractions import Fraction
from math import comb


def quad_triple_counts(*, kinds: int, copies: int, hand: int) -> dict[tuple[int, int], int]:
    """Number of hands by ``(kinds held c times, kinds held c - 1 times)``."""
    if kinds < 1 or copies < 2 or not 0 <= hand <= kinds * copies:
        raise ValueError(f"no hand of {hand} cards from {kinds} kinds × {copies} copies")
    states: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
    for _ in range(kinds):
        nxt: dict[tuple[int, int, int], int] = defaultdict(int)
        for (size, q, t), ways in states.items():
            for j in range(min(copies, hand - size) + 1):
                key = (size + j, q + (j == copies), t + (j == copies - 1))
                nxt[key] += ways * comb(copies, j)
        states = nxt
    out: dict[tuple[int, int], int] = defaultdict(int)
    for (size, q, t), ways in states.items():
        if size == hand:
            out[(q, t)] += ways
    return dict(out)


def _distribution(counts: dict[tuple[int, int], int], key) -> dict[int, Fraction]:
    total = sum(counts.values())
    dist: dict[int, int] = defaultdict(int)
    for qt, ways in counts.items():
        dist[key(*qt)] += ways
    return {v: Fraction(w, total) for v, w in sorted(dist.items())}


def quad_distribution(*, kinds: int = 20, copies: int = 4, hand: int = 21) -> dict[int, Fraction]:
    """Distribution of the number of kinds held ``copies`` times (跑胡子: the number of 提)."""
    return _distribution(quad_triple_counts(kinds=kinds, copies=copies, hand=hand), lambda q, t: q)


def three_plus_distribution(
    *, kinds: int = 20, copies: int = 4, hand: int = 21
) -> dict[int, Fraction]:
    """Distribution of the number of kinds held at least ``copies - 1`` times (提 + 坎)."""
    return _distribution(
        quad_triple_counts(kinds=kinds, copies=copies, hand=hand), lambda q, t: q + t
    )


def at_least(dist: dict[int, Fraction], n: int) -> Fraction:
    """P(value ≥ n) from a distribution."""
    return sum((p for v, p in dist.items() if v >= n), Fraction(0))


def hypergeometric(*, marked: int, total: int, hand: int) -> dict[int, Fraction]:
    """Distribution of the number of marked cards (e.g. red ones) in a hand."""
    denom = comb(total, hand)
    return {
        m: Fraction(comb(marked, m) * comb(total - marked, hand - m), denom)
        for m in range(0, min(marked, hand) + 1)
        if hand - m <= total - marked
    }


@dataclasses.dataclass(frozen=True)
class ExactEvent:
    """One deal event with its exact probability."""

    role: str
    hand: int
    event: str
    probability: Fraction

    @property
    def value(self) -> float:
        """The probability as a float."""
        return float(self.probability)


def events_table(events: list[ExactEvent]) -> "pl.DataFrame":
    """The table ``paiju exact`` prints: hand, event, probability, "one in N", fraction."""
    import polars as pl

    return pl.DataFrame({
        "hand": [f"{e.role} ({e.hand} cards)" for e in events],
        "event": [e.event for e in events],
        "exact": [e.value for e in events],
        "one in": [f"{1 / e.value:,.0f}" if e.value else "never" for e in events],
        "fraction": [str(e.probability) for e in events],
    })


def unit_distribution(
    *, units: list[tuple[int, int, int, object]], hand: int
) -> dict[int, Fraction]:
    """Distribution of a summed feature when the deck's kinds fall into classes of *units*.

    ``units`` lists ``(how many, kinds per unit, copies per kind, feature)``: identical units
    of ``kinds`` kinds with ``copies`` distinct copies each, and ``feature(counts)`` maps the
    counts a hand holds of one unit's kinds (a tuple) to an integer. The result is the exact
    distribution of the feature summed over all units for a uniformly random ``hand``-card
    hand from the whole deck (generating functions over hand size and feature sum).

    >>> # the number of 将 in a 31-card 四色 hand: 4 将 kinds and 24 others, 4 copies each
    >>> d = unit_distribution(units=[(4, 1, 4, lambda c: c[0]), (24, 1, 4, lambda c: 0)], hand=31)
    >>> d == hypergeometric(marked=16, total=112, hand=31)
    True
    """
    from itertools import product

    total_cards = sum(n * k * c for n, k, c, _ in units)
    if not 0 <= hand <= total_cards:
        raise ValueError(f"no hand of {hand} cards from a deck of {total_cards}")
    poly: dict[tuple[int, int], int] = {(0, 0): 1}
    for n_units, kinds, copies, feature in units:
        one: dict[tuple[int, int], int] = defaultdict(int)
        for counts in product(range(copies + 1), repeat=kinds):
            ways = 1
            for j in counts:
                ways *= comb(copies, j)
            one[(sum(counts), int(feature(counts)))] += ways
        for _ in range(n_units):
            nxt: dict[tuple[int, int], int] = defaultdict(int)
            for (size, f), w in poly.items():
                for (s2, f2), w2 in one.items():
                    if size + s2 <= hand:
                        nxt[(size + s2, f + f2)] += w * w2
            poly = nxt
    denom = comb(total_cards, hand)
    dist: dict[int, int] = defaultdict(int)
    for (size, f), w in poly.items():
        if size == hand:
            dist[f] += w
    return {f: Fraction(w, denom) for f, w in sorted(dist.items())}
