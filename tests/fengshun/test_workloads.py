"""丰顺 through the generic command line: play rows, the deal scan and its exact odds."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import polars as pl
from click.testing import CliRunner

from sim.cli import main
from sim.games.base import RunSpec
from sim.games.sise.fengshun import Game, kernel_player
from sim.games.sise.fengshun.deals import exact_events
from sim.games.sise.fengshun.play import FengshunPlay
from tests.exact_check import assert_holds_to_exact


def invoke(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_play_rows_are_consistent():
    spec = RunSpec(game="fengshun", workload="play", rules={"stock_out": "highest"},
                   strategies=("strong", "greedy", "random"), seed=3, hands=300, shard_size=300)
    df = pl.from_arrow(FengshunPlay().play(spec, 0, 300))
    won = df.select([pl.col(f"won_{s}").cast(pl.Int64) for s in range(3)]).to_numpy()
    assert (won.sum(1) == df["n_winners"].to_numpy()).all()
    pts = df.select([f"points_{s}" for s in range(3)]).to_numpy()
    assert (pts.sum(1) == 0).all()
    sc = df.select([f"score_{s}" for s in range(3)]).to_numpy()
    assert ((sc > 0) <= (won == 1)).all()
    for row in df.iter_rows(named=True):
        if row["pao"] >= 0:
            assert not row[f"won_{row['pao']}"] and row["how"] == "discard"
        if row["n_winners"] == 1:
            assert row["next_dealer"] == row["winner"] and row["outcome"] == "win"
        elif row["n_winners"] > 1:
            assert row["next_dealer"] == row["pao"] and row["outcome"] == "multi"
        else:
            assert row["next_dealer"] == -1 and row["outcome"] == "draw"


def test_exact_deal_odds_match_closed_forms():
    ex = exact_events()
    assert ex[(20, "将 = 0")] == Fraction(comb(96, 20), comb(112, 20))
    quad = sum((-1) ** (j + 1) * comb(28, j) * comb(112 - 4 * j, 21 - 4 * j) for j in range(1, 6))
    assert ex[(21, "four identical ≥ 1")] == Fraction(quad, comb(112, 21))


def test_run_deals_and_report_through_the_cli(tmp_path):
    out = tmp_path / "run"
    r = invoke("run", "丰顺", "-n", "400", "--shard-size", "200", "-j", "1", "-o", str(out),
               "--no-progress", "--strategies", "strong,greedy,random")
    assert r.exit_code == 0, r.output
    assert "一炮多响" in r.output and "dealer edge" in r.output
    rep = invoke("report", str(out), "--to", str(tmp_path / "rep"))
    assert rep.exit_code == 0, rep.output
    text = (tmp_path / "rep" / "report.md").read_text()
    assert "How hands end" in text and "Scores of winners" in text
    d = invoke("deals", "fengshun", "-n", "3000", "-j", "1", "-o", str(tmp_path / "d"), "--no-progress")
    assert d.exit_code == 0 and "four identical" in d.output


def test_bad_rule_value_is_one_line(tmp_path):
    r = CliRunner().invoke(main, ["run", "fengshun", "-n", "10", "--rule", "stock_out=never",
                                  "-o", str(tmp_path / "x")])
    assert r.exit_code != 0 and "stock_out" in r.output and "draw, highest" in r.output
    assert "Traceback" not in r.output


def test_python_players_through_the_driver():
    def last_action(observation, legal, rng):
        assert observation.hand and observation.stock_left <= 51
        return legal[-1]

    g = Game(seed=11)
    r = g.play([last_action, kernel_player("strong"), last_action])
    assert sum(r.points) == 0 and g.card_total() == 112
    assert Game.replay(seed=11, actions=g.decisions).result == r
    assert "seat 0:" in repr(g) and g.events[0].kind in ("打", "和")


def test_rows_and_deal_scan_follow_the_table_size():
    rules = {"players": "4", "decks": "2", "draw": "open"}
    spec = RunSpec(game="fengshun", workload="play", rules=rules, strategies=("strong",), seed=3,
                   hands=200, shard_size=200)
    w = FengshunPlay()
    w.check(spec)
    assert w.seat_count(rules) == 4
    df = pl.from_arrow(w.play(spec, 0, 200))
    assert [c for c in df.columns if c.startswith("won_")] == [f"won_{s}" for s in range(4)]
    assert (df.select([f"points_{s}" for s in range(4)]).to_numpy().sum(1) == 0).all()
    assert set(df["how"].unique()) <= {"self-drawn", "discard", "turned-up card", "stock out"}
    from sim.games.sise.fengshun.deals import FengshunDeals, deal_summary

    dspec = RunSpec(game="fengshun", workload="deals", rules={"players": "2", "decks": "2"}, seed=1,
                    hands=4000, shard_size=4000)
    frame = pl.from_arrow(FengshunDeals().play(dspec, 0, 4000)).lazy()
    table = deal_summary(frame, copies=8)
    assert set(table["position"]) == {"庄 dealer", "下家"}
    ex = exact_events(8)
    row = table.filter((pl.col("position") == "下家") & (pl.col("event") == "将 = 0"))
    assert row["exact"][0] == float(ex[(20, "将 = 0")])
    assert_holds_to_exact(table, 4000)
