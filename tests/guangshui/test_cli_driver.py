"""The generic command line runs 广水, and Python players play through the driver."""

from __future__ import annotations

from click.testing import CliRunner

from sim.cli import main
from sim.games.sise.guangshui import Game, kernel_player

import pytest

# end to end (processes, clusters, notebooks or the command line): run by `pytest -m slow`
pytestmark = pytest.mark.slow


def invoke(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_run_deals_and_report_through_the_cli(tmp_path):
    out = tmp_path / "run"
    r = invoke("run", "guangshui", "-n", "600", "--shard-size", "300", "-j", "1", "-o", str(out),
               "--no-progress", "--strategies", "strong,greedy,random")
    assert r.exit_code == 0, r.output
    assert "楼 of the winner" in r.output and "dealer" in r.output
    rep = invoke("report", str(out), "--to", str(tmp_path / "rep"))
    assert rep.exit_code == 0, rep.output
    text = (tmp_path / "rep" / "report.md").read_text()
    assert "Winning levels" in text and "付 of winning hands" in text
    d = invoke("deals", "广水", "-n", "3000", "-j", "1", "-o", str(tmp_path / "d"), "--no-progress")
    assert d.exit_code == 0 and "素车 dealt" in d.output


def test_bad_rule_value_is_one_line(tmp_path):
    r = CliRunner().invoke(main, ["run", "guangshui", "-n", "10", "--rule", "che_mode=twice",
                                  "-o", str(tmp_path / "x")])
    assert r.exit_code != 0 and "che_mode" in r.output and "on_top, replaces" in r.output
    assert "Traceback" not in r.output


def test_python_players_through_the_driver():
    def first_claim(observation, legal, rng):
        assert observation.hand and observation.stock_left <= 21
        return legal[-1]  # the last legal action: the highest discard or a claim

    g = Game(seed=11, dealer=1)
    r = g.play([first_claim, kernel_player("strong"), first_claim])
    assert sum(r.points) == 0 and g.card_total() == 112
    assert Game.replay(seed=11, dealer=1, actions=g.decisions).result == r
    assert "seat 0:" in repr(g) and g.events[0].kind == "打"


def test_exact_prints_the_deal_events():
    r = invoke("exact", "guangshui")
    assert r.exit_code == 0 and "素车 dealt" in r.output and "dealer (31 cards)" in r.output
