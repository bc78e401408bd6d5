"""Every game's report from the smallest runs: sections cope with zero events in words."""

from __future__ import annotations

import re

import pytest

from sim import runner
from sim.games import game_names, get_game
from sim.games.base import RunSpec
from sim.report import write_report

CASES = [(game, workload) for game in game_names() for workload in ("play", "deals")
         if workload in get_game(game).workloads]


@pytest.mark.parametrize(("game", "workload"), CASES, ids=[f"{g}-{w}" for g, w in CASES])
def test_a_report_of_one_hand(tmp_path, game, workload):
    spec = RunSpec(game=game, workload=workload, rules={}, seed=1, hands=1, shard_size=1)
    runner.run(spec, tmp_path / "run", jobs=1, progress=False)
    path = write_report(tmp_path / "run")
    text = path.read_text(encoding="utf-8")
    figures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    assert all((path.parent / f).is_file() for f in figures)
    # a figure is drawn only when there is something to draw; otherwise the text says so
    drawn = {p.name for p in (path.parent / "figures").glob("*.png")}
    assert drawn == {f.split("/")[-1] for f in figures}
    assert "nan%" not in text
