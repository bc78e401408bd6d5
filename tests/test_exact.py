"""Exact deal probabilities against brute-force enumeration and known distributions."""

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from scipy import stats

from sim import exact
from sim.games.zipai import exact as zipai_exact


def brute_force(kinds: int, copies: int, hand: int) -> Counter:
    deck = [k for k in range(kinds) for _ in range(copies)]
    tally: Counter = Counter()
    for cards in combinations(range(len(deck)), hand):
        held = Counter(deck[i] for i in cards)
        quads = sum(1 for v in held.values() if v == copies)
        triples = sum(1 for v in held.values() if v == copies - 1)
        tally[(quads, triples)] += 1
    return tally


@pytest.mark.parametrize("kinds, copies, hand", [(5, 4, 7), (4, 4, 9), (6, 3, 6), (3, 2, 4)])
def test_counts_match_enumeration(kinds, copies, hand):
    assert exact.quad_triple_counts(kinds=kinds, copies=copies, hand=hand) == dict(
        brute_force(kinds, copies, hand)
    )


def test_natural_win_matches_enumeration_on_a_small_deck():
    tally = brute_force(6, 4, 10)
    total = sum(tally.values())
    hits = sum(w for (q, t), w in tally.items() if q >= 2 or q + t >= 3)
    assert zipai_exact.natural_win_probability(kinds=6, copies=4, hand=10, quads=2, three_plus=3) == Fraction(
        hits, total
    )


@pytest.mark.parametrize("hand", [20, 21])
def test_distributions_sum_to_one(hand):
    for dist in zipai_exact.distributions(hand).values():
        assert sum(dist.values()) == 1


def test_counts_total_all_hands():
    counts = exact.quad_triple_counts(kinds=20, copies=4, hand=21)
    assert sum(counts.values()) == comb(80, 21)


def test_red_cards_follow_the_hypergeometric_law():
    dist = exact.hypergeometric(marked=24, total=80, hand=21)
    for m in (0, 5, 10):
        assert float(dist[m]) == pytest.approx(stats.hypergeom(80, 24, 21).pmf(m), rel=1e-9)


def test_one_quad_in_21_cards_by_inclusion_exclusion():
    # P(no kind four times) = Σ_j (-1)^j C(20, j) C(80 - 4j, 21 - 4j) / C(80, 21)
    none = sum((-1) ** j * comb(20, j) * comb(80 - 4 * j, 21 - 4 * j) for j in range(6))
    assert exact.quad_distribution(hand=21)[0] == Fraction(none, comb(80, 21))


def test_bad_sizes_are_refused():
    with pytest.raises(ValueError):
        exact.quad_triple_counts(kinds=2, copies=2, hand=5)
