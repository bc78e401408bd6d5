"""The deal scan against exact odds; sim.exact for decks whose kinds fall into classes; options."""

from __future__ import annotations

from fractions import Fraction
from math import comb


import polars as pl
import pytest

from sim.errors import OptionError
from sim.exact import hypergeometric, quad_distribution, unit_distribution
from sim.games import get_game
from sim.games.base import RunSpec
from sim.games.sise.guangshui import GuangshuiRules
from sim.games.sise.guangshui.deals import exact_events
from tests.exact_check import assert_holds_to_exact


def test_unit_distribution_matches_known_counts():
    d = unit_distribution(units=[(28, 1, 4, lambda c: int(c[0] == 4))], hand=31)
    assert d == quad_distribution(kinds=28, copies=4, hand=31)
    j = unit_distribution(units=[(4, 1, 4, lambda c: c[0]), (24, 1, 4, lambda c: 0)], hand=30)
    assert j == hypergeometric(marked=16, total=112, hand=30)
    # a tiny deck by hand: one unit of two kinds × 2 copies, a 2-card hand; P(both kinds) = 4/6
    d = unit_distribution(units=[(1, 2, 2, lambda c: int(min(c) >= 1))], hand=2)
    assert d[1] == Fraction(4, comb(4, 2))
    assert sum(unit_distribution(units=[(8, 3, 4, lambda c: int(min(c) >= 2)), (4, 1, 4, lambda c: 0)],
                                 hand=31).values()) == 1


@pytest.mark.slow  # statistical: `pytest -m slow`
def test_deal_scan_agrees_with_exact_values():
    wl = get_game("guangshui").workload("deals")
    spec = RunSpec(game="guangshui", workload="deals", rules={}, seed=3, hands=60_000,
                   shard_size=60_000)
    table = wl.play(spec, 0, 60_000)
    summary = wl.summary(spec, pl.from_arrow(table).lazy())
    assert summary.filter(pl.col("exact").is_not_null()).height == 33
    assert_holds_to_exact(summary, 60_000)
    ex = exact_events()
    assert ex[(31, "将 ≥ 4")] > ex[(30, "将 ≥ 4")]  # the dealer's 31st card
    # the dealt hands are the play workload's deals: 31 + 30 + 30 cards
    df = table.to_pandas()
    assert (df.jiang_0 + df.jiang_1 + df.jiang_2 <= 16).all()


def test_bad_options_are_refused_naming_the_option():
    with pytest.raises(OptionError, match="min_fu"):
        GuangshuiRules.from_options(overrides={"min_fu": "47"})
    with pytest.raises(OptionError, match="lou_rule"):
        GuangshuiRules.from_options(overrides={"lou_rule": "triple"})
    with pytest.raises(OptionError, match="no option"):
        GuangshuiRules.from_options(overrides={"minimum": "48"})
    assert GuangshuiRules.from_options(preset="strict").zi_fa == "must_before_win"


def test_options_change_play():
    wl = get_game("guangshui").workload("play")
    mix = ("strong", "greedy", "random")  # the tuple the other batch tests use: no new compile
    base = RunSpec(game="guangshui", workload="play", rules={}, strategies=mix, seed=8, hands=400,
                   shard_size=400)
    strict = RunSpec(game="guangshui", workload="play", rules={"min_fu": 50, "top_level": 40},
                     strategies=mix, seed=8, hands=400, shard_size=400)
    a = wl.play(base, 0, 400).to_pandas()
    b = wl.play(strict, 0, 400).to_pandas()
    assert (a.level <= 10).all() and not a.equals(b)



def test_scan_deals_are_the_play_deals():
    from sim.games.sise.guangshui import Game
    from sim.games.sise.guangshui.deals import FEATURES

    wl = get_game("guangshui").workload("deals")
    spec = RunSpec(game="guangshui", workload="deals", rules={}, seed=12, hands=30, shard_size=30)
    df = wl.play(spec, 0, 30).to_pandas()
    assert FEATURES[0] == "jiang"
    for h in range(30):
        g = Game.from_run(root_seed=12, hand=h, dealer=h % 3)  # dealer h % 3; the scan's seat 0 is the dealer
        for rel in range(3):
            hand = g.hand((h + rel) % 3)
            assert hand.count("将") == df[f"jiang_{rel}"][h]
