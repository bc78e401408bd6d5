"""``paiju balance --ladder``: the balance once per player, and which effects hold for all.

The toy game's players meet the dealer's bonus differently (``tests/balance_toy.py``): the
dice and a timid player both raise the dealer edge with it, a contrary player lowers it —
so the ladder must say *holds* for one pair of players and *flips* for the other.
"""

from __future__ import annotations

import json

import polars as pl
import pytest
from click.testing import CliRunner

import sim.games
from sim import balance_ladder as bl
from sim.balance import EDGE
from sim.cli import main
from sim.errors import OptionError, RunDirError
from sim.report import write_report

HANDS, SEED = 3000, 5


@pytest.fixture(autouse=True)
def toy_game(monkeypatch):
    monkeypatch.setitem(sim.games._MODULES, "toy", "tests.balance_toy:GAME")


def _ladder(out, players, **kw):
    plans = bl.plan_ladder("toy", players, seed=SEED, hands=HANDS, **kw)
    bl.run_ladder(plans, out, backend="sequential", progress=False)
    return bl.analyse_ladder(out)


def _edge(result, variant):
    return result.robustness.filter((pl.col("variant") == variant) & (pl.col("measure") == EDGE)).row(0, named=True)


def test_the_verdict_of_each_pattern_of_rungs():
    def row(diff, significant, lo=-1.0, hi=1.0):
        return {"diff": diff, "significant": significant, "low": lo, "high": hi}

    assert bl.verdict([row(0.1, True), row(0.2, True)], [False, False]) == bl.HOLDS
    assert bl.verdict([row(0.1, True), row(-0.2, True)], [False, False]) == bl.FLIPS
    assert bl.verdict([row(0.1, True), row(-0.2, False)], [False, False]) == bl.DEPENDS
    assert bl.verdict([row(0.1, False), row(-0.2, False)], [False, False]) == bl.NONE
    assert bl.verdict([row(0.0, False, 0.0, 0.0)] * 2, [False, False]) == bl.UNCHANGED
    assert bl.verdict([row(0.0, False, 0.0, 0.0)] * 2, [True, True]) == bl.IDENTICAL


def test_an_effect_of_the_rules_holds_and_one_of_the_players_flips(tmp_path):
    same = _ladder(tmp_path / "same", ["dice", "timid"], options=["dealer_bonus", "felt"])
    assert _edge(same, "dealer_bonus=30")["verdict"] == bl.HOLDS
    assert _edge(same, "felt=red")["verdict"] == bl.IDENTICAL  # the toy never reads the felt
    flip = _ladder(tmp_path / "flip", ["dice", "contrary"], options=["dealer_bonus"])
    assert _edge(flip, "dealer_bonus=30")["verdict"] == bl.FLIPS
    ranking = flip.ranking.row(0, named=True)
    assert ranking["option"] == "dealer_bonus" and ranking["dealer edge effect"] == bl.FLIPS
    # each rung is an ordinary balance run, and the ladder quotes its numbers as they are
    rung = flip.rungs["contrary"].differences.filter(
        (pl.col("variant") == "dealer_bonus=30") & (pl.col("measure") == EDGE)).row(0, named=True)
    assert rung["diff"] < 0 and rung["significant"]
    assert _edge(flip, "dealer_bonus=30")["contrary"].endswith(" *")


def test_the_ladder_report_and_a_resumed_ladder(tmp_path):
    out = tmp_path / "lad"
    first = _ladder(out, ["dice", "timid"], options=["dealer_bonus"])
    record = json.loads((out / bl.LADDER).read_text())
    assert record["ladder"] == ["dice", "timid"] and sorted(record["dirs"].values()) == ["1-dice", "2-timid"]
    again = _ladder(out, ["dice", "timid"], options=["dealer_bonus"])  # nothing to play: same answer
    assert again.robustness.equals(first.robustness)
    path = write_report(out)
    text = path.read_text()
    assert "rule balance across players" in text and "| dealer_bonus=30 |" in text
    assert (out / "figures" / "ladder-edge.png").stat().st_size > 10_000
    for rung in ("1-dice", "2-timid"):  # every player's own balance report beside it
        assert (out / rung / "report.md").exists()
    with pytest.raises(RunDirError, match="other strategies"):
        _ladder(out, ["dice", "contrary"], options=["dealer_bonus"])


def test_bad_ladders_are_refused_in_one_line(tmp_path):
    with pytest.raises(OptionError, match="at least two"):
        bl.plan_ladder("toy", ["dice"], seed=1, hands=10)
    with pytest.raises(OptionError, match="twice"):
        bl.plan_ladder("toy", ["dice", "dice"], seed=1, hands=10)
    with pytest.raises(OptionError, match="leave out --strategies"):
        bl.plan_ladder("toy", ["dice", "timid"], seed=1, hands=10, strategies=("dice",))
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine")
    plans = bl.plan_ladder("toy", ["dice", "timid"], seed=1, hands=10)
    with pytest.raises(RunDirError, match="not empty"):
        bl.run_ladder(plans, tmp_path / "mine", backend="sequential", progress=False)


def test_the_command_line_plays_a_ladder_of_a_real_game(tmp_path):
    out = tmp_path / "tiandi"
    result = CliRunner().invoke(main, ["balance", "tiandi", "--options", "win_at", "--ladder", "random,greedy",
                                       "-n", "400", "-j", "1", "--no-progress", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "win_at=20" in result.output and "verdict" in result.output
    assert (out / "report.md").exists() and (out / "1-random" / "experiment.json").exists()
    bad = CliRunner().invoke(main, ["balance", "tiandi", "--ladder", "random", "-n", "10", "-o", str(tmp_path / "x")])
    assert bad.exit_code != 0 and "at least two" in bad.output
