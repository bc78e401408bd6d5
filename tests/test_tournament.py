"""paiju tournament: each strategy against the field in every seat, on common deals.

The standings and the matrix must be the paired differences ``paiju compare`` reports on
the same deals with the same field — not merely close: the same runs give the same numbers.
"""

from __future__ import annotations

import polars as pl
import pytest
from click.testing import CliRunner

from sim import experiments
from sim import tournament as T
from sim.cli import main
from sim.errors import OptionError


# end to end (processes, clusters, notebooks or the command line): run by `pytest -m slow`
pytestmark = pytest.mark.slow

HANDS, SEED = 200, 17


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    out = tmp_path_factory.mktemp("tournament")
    exp = T.tournament("zipai", strategies=["random", "shape", "greedy"], field="greedy", rules={},
                       seed=SEED, hands=HANDS, shard_size=100)
    experiments.run_experiment(exp, out, jobs=1, progress=False)
    return out, exp


def _compare(tmp_path, a, b):
    exp = experiments.comparison("zipai", a=a, b=b, others="greedy", rules={}, seed=SEED,
                                 hands=HANDS, shard_size=100)
    experiments.run_experiment(exp, tmp_path / f"{a}-{b}", jobs=1, progress=False)
    return experiments.comparison_table(tmp_path / f"{a}-{b}").filter(
        pl.col("seats") == "all seats")


def test_runs_seat_each_entrant_in_every_seat_against_the_field(played):
    _, exp = played
    assert len(exp.runs) == 1 + 2 * 3  # the field alone, then random and shape in each seat
    assert exp.runs["field"].strategies == ("greedy",) * 3
    for name, labels in exp.params["cells"].items():
        for seat, label in enumerate(labels):
            per_seat = exp.runs[label].strategies
            assert per_seat[seat] == name and all(per_seat[s] == "greedy" for s in range(3) if s != seat)
    assert {spec.seed for spec in exp.runs.values()} == {SEED}


def test_matrix_and_standings_agree_with_compare(played, tmp_path):
    out, _ = played
    pairs = T.matrix(out)
    table = T.standings(out)
    for a, b in (("random", "shape"), ("shape", "greedy")):
        cmp = _compare(tmp_path, a, b)
        for measure in ("points per hand", "win rate"):
            want = cmp.filter(pl.col("measure") == measure).row(0, named=True)
            got = pairs.filter((pl.col("a") == a) & (pl.col("b") == b)
                               & (pl.col("measure") == measure)).row(0, named=True)
            for key in ("n", "mean_a", "mean_b", "diff", "diff_low", "diff_high"):
                assert got[key] == pytest.approx(want[key], rel=1e-12, abs=1e-15), (a, b, measure, key)
    # b is the field here, so the matrix cell is also the standings' gain over the field
    shape = table.filter(pl.col("strategy") == "shape").row(0, named=True)
    cell = pairs.filter((pl.col("a") == "shape") & (pl.col("b") == "greedy")
                        & (pl.col("measure") == "points per hand")).row(0, named=True)
    assert shape["points_vs_field"] == pytest.approx(cell["diff"])
    assert shape["points_vs_field_low"] == pytest.approx(cell["diff_low"])
    # the matrix is antisymmetric, and shape beats random: its whole 95% interval is above zero
    def cell_of(a, b):
        return pairs.filter((pl.col("a") == a) & (pl.col("b") == b)
                            & (pl.col("measure") == "points per hand")).row(0, named=True)

    back, forth = cell_of("shape", "random"), cell_of("random", "shape")
    assert back["diff"] == pytest.approx(-forth["diff"])
    assert (back["diff_low"], back["diff_high"]) == pytest.approx((-forth["diff_high"], -forth["diff_low"]))
    assert back["diff_low"] > 0, back
    assert table["strategy"].to_list()[-1] == "random"


def test_report_has_a_tournament_section_and_figure(played):
    from sim.report import write_report

    out, _ = played
    path = write_report(out)
    text = path.read_text(encoding="utf-8")
    assert "## Standings" in text and "tournament.png" in text
    assert (out / "figures" / "tournament.png").stat().st_size > 10_000


def test_cli_tournament_prints_standings_and_matrix(tmp_path):
    result = CliRunner().invoke(main, ["tournament", "zipai", "-s", "random,greedy", "-n", "60",
                                       "--shard-size", "60", "-j", "1", "-o", str(tmp_path / "t"),
                                       "--no-progress"])
    assert result.exit_code == 0, result.output
    assert "points per hand, row − column" in result.output and "random" in result.output


def test_a_tournament_needs_two_strategies():
    with pytest.raises(OptionError, match="at least two different strategies"):
        T.tournament("zipai", strategies=["greedy", "greedy"], rules={}, seed=1, hands=10)
    result = CliRunner().invoke(main, ["tournament", "zipai", "-s", "greedy,nope", "-n", "10"])
    assert result.exit_code == 2 and "has no strategy 'nope'" in result.output


def test_seats_follow_the_rules_when_a_rule_sets_the_table_size():
    """打马 with three players: the tournament seats every entrant three times, and one
    strategy name given to run or sweep fills all three seats."""
    from sim.games import get_game
    from sim.games.base import RunSpec

    exp = T.tournament("dama", strategies=["random", "greedy"], field="greedy",
                       rules={"players": 3}, seed=SEED, hands=4)
    assert all(len(spec.strategies) == 3 for spec in exp.runs.values())
    assert sum(label.startswith("entrant0-") for label in exp.runs) == 3
    workload = get_game("dama").workload("play")
    one = RunSpec(game="dama", workload="play", rules={"players": 4}, strategies=("strong",), seed=1,
                  hands=2, shard_size=2)
    assert workload.fill_strategies(one).strategies == ("strong",) * 4
    sweep = experiments.sweep("dama", vary=[("players", [2, 5])], rules={}, strategies=("random",),
                              seed=1, hands=2)
    assert [len(s.strategies) for s in sweep.runs.values()] == [2, 5]
