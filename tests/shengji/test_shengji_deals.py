"""The ``deals`` workload of 升级: exact odds against Monte Carlo, and the command line."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import polars as pl
from click.testing import CliRunner

from sim.cli import main
from sim.games.base import RunSpec
from sim.games.shengji import GAME
from sim.games.shengji import exact


def test_exact_distributions_are_distributions():
    assert sum(exact.trump_distribution().values()) == 1
    assert sum(exact.held(exact.JOKERS, j) for j in range(9)) == 1
    assert exact.deal_means(fixed_trump=True)["trumps"] == 18
    assert exact.deal_means(fixed_trump=True)["jokers"] == 2
    assert exact.mean_pairs() == 54 * (1 - exact.held(4, 0) - exact.held(4, 1))
    assert isinstance(exact.deal_events(fixed_trump=False)["holds a joker"], Fraction)


def _summary(rules: dict, hands: int) -> pl.DataFrame:
    w = GAME.workload("deals")
    spec = RunSpec(game="shengji", workload="deals", rules=rules, seed=9, hands=hands,
                   shard_size=hands)
    return w.summary(spec, pl.from_arrow(w.play(spec, 0, hands)).lazy())


def test_exact_agrees_with_monte_carlo():
    table = _summary({"declaration": "none"}, 3000)
    rates = table.filter(pl.col("exact").is_not_null() & pl.col("hits").is_not_null())
    assert rates.height == 4 * 5 and rates["agrees"].all()
    means = table.filter(pl.col("exact").is_not_null() & pl.col("hits").is_null())
    assert means.height == 4 * 3
    # pairs, jokers and trumps: the exact mean within a few widths of the interval
    width = (means["ci_high"] - means["ci_low"]).to_numpy()
    assert (np.abs(means["value"].to_numpy() - means["exact"].to_numpy()) < 2 * width).all()


def test_declarations_make_trump_lengths_measured_only():
    table = _summary({}, 500)
    trumps = table.filter(pl.col("measure").str.contains("trumps"))
    assert trumps["exact"].is_null().all() and (trumps["value"] > 0).all()
    assert table.filter(pl.col("measure") == "holds a joker")["exact"].is_not_null().all()


def test_deals_rows_match_the_play_runs_deal():
    w = GAME.workload("deals")
    spec = RunSpec(game="shengji", workload="deals", rules={}, seed=23, hands=6, shard_size=6)
    rows = pl.from_arrow(w.play(spec, 0, 6))
    for row in rows.iter_rows(named=True):
        g = GAME.driver.from_run(root_seed=23, hand=row["hand"], rules=GAME.rules())
        assert g.seed == row["seed"] and g.zhuang == row["dealer"]
        jokers = [int(g.hands[s][52:].sum()) for s in range(4)]
        assert jokers == [row[f"jokers_{s}"] for s in range(4)]
        trumps = [int(g.hands[s][g.order.es == 4].sum()) for s in range(4)]
        assert trumps == [row[f"trumps_{s}"] for s in range(4)]


def test_paiju_deals_shengji(tmp_path):
    out = tmp_path / "deals"
    r = CliRunner().invoke(main, ["deals", "shengji", "-n", "2000", "--shard-size", "1000", "-j", "1",
                                  "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert "holds a joker" in r.output and "mean tractors" in r.output
    assert len(list(out.glob("*.parquet"))) == 2
    r = CliRunner().invoke(main, ["deals", "shengji", "-n", "2000", "--shard-size", "1000", "-j",
                                  "1", "--counts", "-o", str(tmp_path / "counts")])
    assert r.exit_code == 0, r.output
    assert "holds a joker" in r.output
