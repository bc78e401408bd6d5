"""Analysis functions on synthetic data with known answers, and experiments end to end."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest
from scipy import stats

from sim import experiments, store
from sim.stats import dealer_edge, paired_difference, play_summary
from sim.stopping import run_until
from sim.games.base import RunSpec


# end to end (processes, clusters, notebooks or the command line): run by `pytest -m slow`
pytestmark = pytest.mark.slow


def synthetic(n: int, *, dealer_wins: bool, seed: int = 0) -> pl.DataFrame:
    """Hands where the dealer (rotating) always wins, or where seat 0 always wins."""
    hand = np.arange(n)
    dealer = hand % 3
    winner = dealer if dealer_wins else np.zeros(n, dtype=np.int64)
    cols = {"hand": hand, "dealer": dealer.astype(np.int8), "outcome": ["win"] * n,
            "winner": winner.astype(np.int8), "length": np.full(n, 10, np.int16)}
    for s in range(3):
        cols[f"strategy_{s}"] = ["a" if s == 0 else "b"] * n
        cols[f"won_{s}"] = winner == s
        cols[f"points_{s}"] = np.where(winner == s, 2, -1).astype(np.int32)
    return pl.DataFrame(cols)


def test_dealer_edge_when_the_dealer_always_wins():
    edge = dealer_edge(synthetic(300, dealer_wins=True))
    win, points = edge.row(0, named=True), edge.row(1, named=True)
    assert win["dealer"] == 1.0 and win["seat_average"] == pytest.approx(1 / 3)
    assert win["edge"] == pytest.approx(2 / 3) and win["edge_low"] == pytest.approx(2 / 3)
    assert points["edge"] == pytest.approx(2.0)


def test_no_dealer_edge_when_a_fixed_seat_always_wins():
    win = dealer_edge(synthetic(3000, dealer_wins=False)).row(0, named=True)
    assert win["dealer"] == pytest.approx(1 / 3)
    assert win["edge_low"] < 0 < win["edge_high"]


def test_play_summary_counts_seats_strategies_and_dealer():
    table = play_summary(synthetic(300, dealer_wins=False))
    rows = {(g, n): r for g, n, r in table.select("group", "name", "rate").iter_rows()}
    assert rows[("seat", "0")] == 1.0 and rows[("seat", "1")] == 0.0
    assert rows[("strategy", "a")] == 1.0 and rows[("strategy", "b")] == 0.0
    assert rows[("dealer", "dealer")] == pytest.approx(1 / 3)
    assert rows[("outcome", "win")] == 1.0
    assert rows[("dealer edge", "dealer − seat average")] == pytest.approx(0.0, abs=1e-12)


def test_play_summary_has_the_dealer_edge_and_keeps_named_outcomes_and_kinds():
    table = play_summary(synthetic(300, dealer_wins=True), outcome_names={"win": "胡", "draw": "荒庄"},
                         kinds={"win": {"by seat 0": pl.col("winner") == 0, "never": pl.lit(False)}})
    edge = table.filter(pl.col("group") == "dealer edge").row(0, named=True)
    assert edge["rate"] == pytest.approx(2 / 3) and edge["points"] == pytest.approx(2.0)
    rows = {(g, n): (h, hi) for g, n, h, hi in table.select("group", "name", "hits", "ci_high").iter_rows()}
    assert rows[("outcome", "胡 (win)")][0] == 300
    draw_hits, draw_high = rows[("outcome", "荒庄 (draw)")]  # never happened, still listed
    assert draw_hits == 0 and draw_high == pytest.approx(1 - 0.025 ** (1 / 300))
    assert rows[("胡 kind", "by seat 0")][0] == 100 and rows[("胡 kind", "never")][0] == 0
    names = table["name"].to_list()
    assert names.index("胡 (win)") < names.index("by seat 0") < names.index("荒庄 (draw)")


def test_exact_agreement_flags_against_holm_not_each_row():
    from sim.stats import exact_agreement

    # twenty true values, one of them with an unadjusted p near 0.01: chance, not a flag
    n = 100_000
    hits = np.array([1000] * 19 + [1082])
    p, agrees = exact_agreement(hits, n, [0.01] * 20 + [])
    assert p[-1] < 0.05 and all(agrees)
    p, agrees = exact_agreement(np.array([1000, 1300, 5]), n, [0.01, 0.01, None])
    assert agrees == [True, False, None] and p[2] is None
    assert p[0] == pytest.approx(stats.binomtest(1000, n, 0.01).pvalue)


def test_paired_interval_matches_the_paired_t_test():
    rng = np.random.default_rng(3)
    base = rng.normal(size=2000)
    a = base + 0.1 + rng.normal(scale=0.3, size=2000)
    b = base + rng.normal(scale=0.3, size=2000)
    p = paired_difference(a, b)
    ci = stats.ttest_rel(a, b).confidence_interval(0.95)
    assert (p.low, p.high) == pytest.approx((ci.low, ci.high))
    welch = stats.ttest_ind(a, b, equal_var=False).confidence_interval(0.95)
    assert (p.unpaired_low, p.unpaired_high) == pytest.approx((welch.low, welch.high))
    assert p.low < 0.1 < p.high
    assert p.narrowing > 2  # the shared part of the noise cancels


def test_paired_difference_refuses_bad_input():
    with pytest.raises(ValueError):
        paired_difference(np.zeros(3), np.zeros(4))


@pytest.fixture(scope="module")
def small_runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("experiments")
    cmp = experiments.comparison("zipai", a="greedy", b="random", rules={}, seed=4, hands=400,
                                 shard_size=200)
    experiments.run_experiment(cmp, root / "cmp", jobs=1, progress=False)
    sw = experiments.sweep("zipai", vary=[("min_huxi", [10, 15])], rules={}, seed=4, hands=400,
                           shard_size=200)
    experiments.run_experiment(sw, root / "sweep", jobs=1, progress=False)
    return root


def test_every_run_of_an_experiment_plays_the_same_deals(small_runs):
    seeds = [store.load(d).collect().sort("hand")["seed"] for d in sorted((small_runs / "cmp").iterdir())
             if d.is_dir()]
    assert len(seeds) == 6 and all(s.equals(seeds[0]) for s in seeds)


def test_comparison_table(small_runs):
    table = experiments.comparison_table(small_runs / "cmp")
    assert table.height == 8  # 2 measures × (3 seats + all seats)
    overall = table.filter((pl.col("seats") == "all seats") & (pl.col("measure") == "win rate"))
    row = overall.row(0, named=True)
    assert row["diff"] == pytest.approx(row["mean_a"] - row["mean_b"])
    assert row["diff_low"] < row["diff"] < row["diff_high"]


def test_sweep_tables(small_runs):
    table = experiments.sweep_table(small_runs / "sweep")
    assert set(table["variant"]) == {"min_huxi=10", "min_huxi=15"}
    metrics = table["metric"].to_list()
    assert "荒庄 (draw) rate" in metrics and "胡息 of winning hands" in metrics
    tianhu = metrics.index("天胡 (natural) rate")  # 天胡 is every kind, each kind beneath
    assert [m.strip()[:4] for m in metrics[tianhu + 1: tianhu + 5]] == ["天胡三提", "天胡五坎", "天胡庄家", "天胡亮张"]
    huxi = table.filter(pl.col("metric") == "胡息 of winning hands").sort("variant")["value"].to_list()
    assert huxi[0] < huxi[1]  # a lower minimum lets smaller hands win
    diffs = experiments.sweep_differences(small_runs / "sweep")
    assert diffs["variant"].to_list() == ["min_huxi=15", "min_huxi=15"]


def test_sweep_refuses_bad_values():
    from sim.errors import OptionError
    from sim.games.zipai.rules import ZipaiRules

    with pytest.raises(OptionError, match="min_huxi=11 is not allowed"):
        experiments.parse_vary(["min_huxi=10,11"], ZipaiRules)
    with pytest.raises(OptionError, match="NAME=V1,V2"):
        experiments.parse_vary(["min_huxi"], ZipaiRules)


def test_repeated_vary_of_one_option_is_merged():
    from sim.games.zipai.rules import ZipaiRules

    merged = experiments.parse_vary(["min_huxi=10", "min_huxi=15,10", "min_huxi=18"], ZipaiRules)
    assert merged == [("min_huxi", [10, 15, 18])]
    exp = experiments.sweep("zipai", vary=merged, rules={}, seed=1, hands=10)
    assert list(exp.runs) == ["min_huxi=10", "min_huxi=15", "min_huxi=18"]


def test_until_ci_doubles_until_the_target(tmp_path):
    spec = RunSpec(game="zipai", workload="play", rules={}, seed=9, hands=250, shard_size=250)
    rounds = run_until(spec, tmp_path, target=0.03, metric="dealer-win", max_hands=4000,
                       jobs=1, progress=False)
    assert [r.hands for r in rounds][:3] == [250, 500, 1000]
    assert rounds[-1].half_width <= 0.03 < rounds[-2].half_width
    assert store.read_manifest(tmp_path)["hands"] == rounds[-1].hands
    capped = run_until(spec, tmp_path / "cap", target=1e-6, max_hands=600, jobs=1, progress=False)
    assert [r.hands for r in capped] == [250, 500, 600]
