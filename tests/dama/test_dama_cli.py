"""打马 through the generic command line: run, deals, report, compare (3 seats) and sweep."""

from __future__ import annotations

import json

from click.testing import CliRunner

from sim.cli import main

import pytest

# end to end (processes, clusters, notebooks or the command line): run by `pytest -m slow`
pytestmark = pytest.mark.slow


def invoke(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_run_deals_report_compare_sweep(tmp_path):
    run = tmp_path / "run"
    result = invoke("run", "dama", "-n", "60", "--shard-size", "30", "-j", "1", "-o", str(run),
                    "--no-progress")
    assert result.exit_code == 0, result.output
    assert "函谷关 half pot" in result.output and "throws per game" in result.output
    report = invoke("report", str(run))
    assert report.exit_code == 0, report.output
    text = (run / "report.md").read_text(encoding="utf-8")
    assert "## The 函谷关 race" in text and "## Pot flows" in text and "## Dealer edge" in text
    deals = tmp_path / "deals"
    result = invoke("deals", "dama", "-n", "3000", "-j", "1", "-o", str(deals), "--no-progress")
    assert result.exit_code == 0 and "夹 exit throw" in result.output
    assert invoke("report", str(deals)).exit_code == 0
    assert "Exits per round by 本采" in (deals / "report.md").read_text(encoding="utf-8")
    cmp = tmp_path / "cmp"
    result = invoke("compare", "dama", "--a", "strong", "--b", "greedy", "--rule", "players=3",
                    "-n", "2", "-j", "1", "-o", str(cmp), "--no-progress")
    assert result.exit_code == 0, result.output
    runs = json.loads((cmp / "experiment.json").read_text())["runs"]
    assert len(runs) == 6 and all(len(r["strategies"]) == 3 for r in runs.values())
    sweep = tmp_path / "sweep"
    result = invoke("sweep", "dama", "--vary", "feilong_throws=all_shang,listed", "-n", "20",
                    "-j", "1", "-o", str(sweep), "--no-progress")
    assert result.exit_code == 0 and "first player wins" in result.output


def test_wrong_number_of_strategies_is_one_line(tmp_path):
    result = CliRunner().invoke(main, ["run", "dama", "-n", "5", "--strategies", "strong,greedy,random",
                                       "-o", str(tmp_path / "x"), "--no-progress"])
    assert result.exit_code != 0 and "needs 2 strategies" in result.output
