"""Monte Carlo deal statistics against the exact values (a seeded run of 2 million deals)."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest
from scipy import stats

from sim import exact
from sim.games.zipai import exact as zipai_exact
from sim.games.zipai.deals import DealScan, deal_summary
from sim.stats import rate_interval
from tests.conftest import deal_spec

HANDS = 2_000_000
pytestmark = pytest.mark.slow  # statistical, two million deals: `pytest -m slow`


@pytest.fixture(scope="module")
def deals() -> pl.DataFrame:
    spec = deal_spec(hands=HANDS, shard_size=HANDS, seed=2026)
    return pl.from_arrow(DealScan().play(spec, 0, HANDS))


@pytest.mark.parametrize("seat, hand", [(0, 21), (1, 20), (2, 20)])
def test_distributions_of_ti_ti_kan_and_red_fit_the_exact_laws(deals, seat, hand):
    series = {
        "提": deals[f"ti_{seat}"],
        "提+坎": deals[f"ti_{seat}"] + deals[f"kan_{seat}"],
        "红": deals[f"red_{seat}"],
    }
    for name, dist in zipai_exact.distributions(hand).items():
        observed = np.bincount(series[name].to_numpy(), minlength=max(dist) + 1)
        expected = np.array([float(dist.get(v, 0)) for v in range(len(observed))]) * HANDS
        # pool the sparse tail so every cell expects at least 20 hands
        keep = np.flatnonzero(np.cumsum(expected[::-1])[::-1] >= 20).max()
        obs = np.append(observed[:keep], observed[keep:].sum())
        exp = np.append(expected[:keep], expected[keep:].sum())
        p = stats.chisquare(obs, exp * obs.sum() / exp.sum()).pvalue
        assert p > 1e-4, f"seat {seat}, {name}: chi-square p = {p:.2g}"


def test_every_event_is_within_its_interval_of_the_exact_value(deals):
    table = deal_summary(deals.lazy(), level=0.999)
    checked = table.filter(pl.col("agrees").is_not_null())
    assert checked.height == 21
    assert checked["agrees"].all(), checked.filter(~pl.col("agrees"))


def test_the_interval_test_has_power():
    # a deal that never gave the dealer 21 cards would be caught: the 20-card rate is
    # far outside the 21-card interval at this sample size
    p21 = float(exact.at_least(exact.quad_distribution(hand=21), 1))
    p20 = float(exact.at_least(exact.quad_distribution(hand=20), 1))
    lo, hi = rate_interval(round(p20 * HANDS), HANDS, level=0.999)
    assert not lo <= p21 <= hi
