"""``paiju balance``: every option tried, effects found with the right sign, no effect
reported as none, Holm over the whole run, and a killed run resumed to the same report."""

from __future__ import annotations

import shutil
import subprocess

import polars as pl
import pytest
from click.testing import CliRunner
from polars.testing import assert_frame_equal

import sim.games
from sim import balance, experiments, runner, store
from sim.balance import EDGE, PRESET, SEATS_EQUAL, SPREAD, option_values
from sim.cli import main
from sim.errors import PaijuError
from sim.games import game_names, get_game
from sim.games.base import RunSpec
from tests.balance_toy import ToyRules

HANDS, SEED = 3000, 5


@pytest.fixture(autouse=True)
def toy_game(monkeypatch):
    """Register the toy game (it runs in this process: the tests use the sequential backend)."""
    monkeypatch.setitem(sim.games._MODULES, "toy", "tests.balance_toy:GAME")


def _play(out, **kw):
    exp = balance.plan("toy", seed=SEED, hands=HANDS, **kw)
    balance.run_balance(exp, out, backend="sequential", progress=False)
    return balance.analyse(out)


@pytest.fixture(scope="module")
def toy_run(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(sim.games._MODULES, "toy", "tests.balance_toy:GAME")
        out = tmp_path_factory.mktemp("balance") / "toy"
        yield out, _play(out)


def _diff(result, variant, measure):
    return result.differences.filter((pl.col("variant") == variant) & (pl.col("measure") == measure)).row(0, named=True)


def test_the_values_tried_follow_the_documented_rule():
    assert option_values(ToyRules, "dealer_bonus", 0) == [0, 10, 20, 30]  # the ends and the thirds
    assert option_values(ToyRules, "dealer_bonus", 15) == [15, 0, 10, 20, 30]
    assert option_values(ToyRules, "draw_percent", 50) == [50, 20]  # every allowed value, preset first
    assert option_values(ToyRules, "double_stakes", True) == [True, False]
    shengji = get_game("shengji").rules
    assert option_values(shengji, "start_level", 2) == [2, 6, 10, 14]


@pytest.mark.parametrize("name", game_names())
def test_every_option_of_every_game_is_planned(name):
    info = get_game(name)
    exp = balance.plan(name, seed=1, hands=10)
    assert list(exp.params["options"]) == list(info.rules.option_fields())
    for option, values in exp.params["options"].items():
        assert len(values) >= 2 or option in exp.params["skipped"], option
        for value in values[1:]:
            assert f"{option}={value}" in exp.runs


def test_every_option_appears_in_the_report(toy_run):
    out, result = toy_run
    options = set(ToyRules.option_fields())
    assert set(result.ranking["option"]) == options
    assert {label.partition("=")[0] for label in result.verdicts["variant"]} == options
    res = CliRunner().invoke(main, ["report", str(out)])  # paiju report knows a balance directory
    assert res.exit_code == 0, res.output
    report = (out / "report.md").read_text(encoding="utf-8")
    assert report.startswith("# Toy dice game: rule balance") and "## Ranking" in report
    for option in options:
        assert option in report
    assert "paiju balance toy -n 3000 --seed 5" in report
    assert "Strategies that played: dice" in report
    assert (out / "figures" / "tornado.png").stat().st_size > 10_000
    assert (out / "figures" / "measures.png").stat().st_size > 10_000


def test_a_rule_that_cannot_matter_is_reported_as_no_effect(toy_run):
    _, result = toy_run
    felt = result.verdicts.filter(pl.col("variant") == "felt=red").row(0, named=True)
    assert felt["identical"] and felt["verdict"].startswith("no effect")
    rows = result.differences.filter(pl.col("variant") == "felt=red")
    assert rows["p"].is_null().all() and not rows["significant"].any()  # known exactly: not tested
    assert (rows.filter(pl.col("measure") != SEATS_EQUAL)["diff"] == 0).all()


def test_effects_are_found_with_their_sign_and_only_where_they_are(toy_run):
    _, result = toy_run
    for bonus in (10, 20, 30):
        row = _diff(result, f"dealer_bonus={bonus}", EDGE)
        assert row["significant"] and row["low"] > 0  # more bonus, more edge
        assert abs(row["diff"] - bonus / 100 * 0.8) < 0.03  # 80% of hands are not drawn
    draw = _diff(result, "draw_percent=50", "荒庄 (draw) rate")
    assert draw["significant"] and 0.25 < draw["diff"] < 0.35
    assert not _diff(result, "draw_percent=50", EDGE)["significant"]
    stakes = _diff(result, "double_stakes=true", EDGE)
    assert stakes["diff"] == 0 and not stakes["significant"]  # who wins does not change
    assert _diff(result, "double_stakes=true", "points of the winner")["diff"] == pytest.approx(2.0)
    verdict = result.verdicts.filter(pl.col("variant") == "dealer_bonus=30")["verdict"][0]
    assert verdict.startswith("raises the dealer edge")


def test_holm_covers_every_test_of_the_run(toy_run):
    _, result = toy_run
    tested = result.differences.filter(pl.col("p").is_not_null())
    assert result.tests == tested.height > 20
    assert (tested["p_holm"] >= tested["p"] - 1e-12).all()
    smallest = tested.sort("p").row(0, named=True)
    assert smallest["p_holm"] == pytest.approx(min(1.0, smallest["p"] * tested.height))


def test_the_ranking_and_the_fairest_value(toy_run):
    _, result = toy_run
    top = result.ranking.row(0, named=True)
    assert top["option"] == "dealer_bonus" and top["edge rank"] == 1
    assert top["fairest value"] == "0 (preset)"  # the only value without a built-in edge
    assert top["moves the dealer edge most"].startswith("30:")


def test_a_table_of_another_size_is_compared_and_said_to_deal_differently(toy_run):
    _, result = toy_run
    assert result.seats["players=4"] == 4 and result.seats[PRESET] == 3
    verdict = result.verdicts.filter(pl.col("variant") == "players=4")["verdict"][0]
    assert "4 seats" in verdict
    spread = _diff(result, "players=4", SPREAD)
    assert spread["diff"] > 0  # with four seats the dealer (1/3) stands out against 2/9 each


def test_a_killed_balance_run_resumes_to_the_same_report(toy_run, tmp_path, monkeypatch):
    _, reference = toy_run
    out = tmp_path / "killed"
    real, calls = runner._play_shard, []

    def dying(*args):
        calls.append(args)
        if len(calls) == 9:  # part-way through the second variant
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(runner, "_play_shard", dying)
    with pytest.raises(KeyboardInterrupt):
        _play(out)
    monkeypatch.setattr(runner, "_play_shard", real)
    shutil.rmtree(experiments.run_path(out, PRESET))  # and one variant lost altogether
    resumed = _play(out)
    for name in ("values", "differences", "verdicts", "ranking"):
        assert_frame_equal(getattr(resumed, name), getattr(reference, name))


def test_until_ci_grows_each_variant_on_the_dealer_edge_and_resumes_where_it_was(tmp_path, monkeypatch):
    out, until = tmp_path / "until", {"target": 0.01, "max_hands": 12_000}
    result = _play(out, options=["felt", "dealer_bonus"], until=until)
    edges = result.values.filter(pl.col("metric") == EDGE)
    assert all((hi - lo) / 2 <= 0.01 for lo, hi in zip(edges["low"], edges["high"]))
    grown = {label: store.read_manifest(experiments.run_path(out, label))["hands"] for label in result.experiment.runs}
    assert max(grown.values()) > HANDS  # it did grow
    assert "--until-ci 0.01 --max-hands 12000" in balance.command_for(result.experiment)
    last = sorted(experiments.run_path(out, PRESET).glob("part-*.parquet"))[-1]
    last.unlink()  # a run killed in its last round
    played = []
    real = runner._play_shard
    monkeypatch.setattr(runner, "_play_shard", lambda *a: played.append(a[1]) or real(*a))
    resumed = _play(out, options=["felt", "dealer_bonus"], until=until)
    assert played == [int(last.stem.split("-")[1])]  # only the lost shard is played again
    assert_frame_equal(resumed.values, result.values)
    assert grown == {label: store.read_manifest(experiments.run_path(out, label))["hands"]
                     for label in result.experiment.runs}


@pytest.mark.slow  # statistical: five variants of a thousand 跑胡子 hands each
def test_zipai_minimum_huxi_moves_the_draw_rate_the_right_way(tmp_path):
    out = tmp_path / "zipai"
    cmd = ["balance", "zipai", "--options", "min_huxi", "-n", "1000", "--shard-size", "500",
           "--jobs", "1", "--seed", "3", "-o", str(out), "--no-progress"]
    res = CliRunner().invoke(main, cmd)
    assert res.exit_code == 0, res.output
    assert "tests adjusted together (Holm" in res.output
    result = balance.analyse(out)
    draw = "荒庄 (draw) rate"
    assert _diff(result, "min_huxi=18", draw)["significant"] and _diff(result, "min_huxi=18", draw)["diff"] > 0
    for lower in (10, 9, 6):
        row = _diff(result, f"min_huxi={lower}", draw)
        assert row["significant"] and row["diff"] < 0
    assert (out / "report.md").exists()


def test_bad_options_give_one_line_errors():
    res = CliRunner().invoke(main, ["balance", "zipai", "--options", "nope", "-n", "10"])
    assert res.exit_code == 2
    assert "zipai has no option 'nope'; options are:" in res.output
    for args, message in ((["zipai", "-s", "greedy,random"], "zipai needs 3 strategies (one per seat), got 2"),
                          (["nosuch"], "unknown game 'nosuch'; choose one of:")):
        res = CliRunner().invoke(main, ["balance", *args, "-n", "10"])
        assert res.exit_code == 2 and message in res.output and "Traceback" not in res.output


def test_analyse_refuses_a_directory_that_is_not_a_balance_run(tmp_path):
    exp = experiments.sweep("toy", vary=[("felt", ["green", "red"])], rules={}, seed=1, hands=20)
    experiments.run_experiment(exp, tmp_path / "sweep", backend="sequential", progress=False)
    with pytest.raises(PaijuError, match="holds a sweep, not a balance run"):
        balance.analyse(tmp_path / "sweep")



def test_a_value_under_which_most_hands_lose_their_winner_is_not_the_fairest():
    """丰顺 with min_score=60: almost nobody wins, so the dealer edge is zero, yet such a game is
    no fair version of the preset; the ranking passes it over and says how many hands have a
    winner under the value it names."""
    from sim.balance import DECIDED, _ranking

    exp = balance_plan_for_ranking()
    values = pl.DataFrame([
        {"variant": v, "metric": m, "value": x, "low": x - 0.01, "high": x + 0.01, "unit": u}
        for v, edge, won in (("preset", 0.06, 1.0), ("min_score=30", 0.03, 0.9), ("min_score=60", 0.0, 0.001))
        for m, x, u in ((balance.EDGE, edge, "percentage points"), (balance.SPREAD, 0.01, "percentage points"),
                        (DECIDED, won, "%"))
    ])
    diffs = pl.DataFrame([
        {"variant": v, "option_value": v.partition("=")[2], "measure": m, "diff": d, "low": d - 0.01,
         "high": d + 0.01, "significant": True, "p_holm": 0.001, "unit": "percentage points"}
        for v, d in (("min_score=30", -0.03), ("min_score=60", -0.06))
        for m in (balance.EDGE, balance.SPREAD, balance.POINTS_EDGE)
    ])
    row = _ranking(exp, diffs, values).row(0, named=True)
    assert row["fairest value"] == "30"
    assert row["its hands with a winner"] == "90%"


def balance_plan_for_ranking():
    from types import SimpleNamespace

    runs = {"preset": None, "min_score=30": None, "min_score=60": None}
    return SimpleNamespace(params={"options": {"min_score": ["0", "30", "60"]}}, runs=runs)


def test_the_regenerate_command_survives_a_shell():
    # a parametrised strategy such as search(k=16,width=2) must reach paiju as one argument
    # when the command is pasted into a shell (bash: unquoted parentheses are a syntax error)
    spec = RunSpec(game="tiandi", workload="play", rules={}, seed=5, hands=100, shard_size=100)
    exp = experiments.Experiment(kind="sweep", game="tiandi", runs={PRESET: spec},
                                 params={"strategies": ["search(k=16,width=2)"] * 3})
    command = balance.command_for(exp)
    assert command.startswith("paiju ")
    echo = 'paiju() { printf "%s\\n" "$@"; }; ' + command
    args = subprocess.run(["bash", "-c", echo], capture_output=True, text=True, check=True).stdout.splitlines()
    assert args[args.index("--strategies") + 1] == ",".join(["search(k=16,width=2)"] * 3)
