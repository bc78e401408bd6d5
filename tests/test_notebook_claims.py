"""A notebook plays what it says it plays."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import polars as pl

import sim

from sim.games import get_game
from tests.test_notebooks import execute

import pytest

# end to end (processes, clusters, notebooks or the command line): run by `pytest -m slow`
pytestmark = pytest.mark.slow

NOTEBOOK = Path(__file__).parent.parent / "notebooks" / "01_win_rates_and_dealer_edge.ipynb"


def test_win_rates_notebook_plays_the_default_strategy_it_names(tmp_path):
    book = nbformat.read(NOTEBOOK, as_version=4)
    assert "the game's default strategy in every seat" in book.cells[0].source
    execute(NOTEBOOK, {"GAME": "zipai", "HANDS": 300, "SEED": 7, "RUNS": str(tmp_path)})
    manifests = sorted(tmp_path.rglob("manifest.json"))
    assert manifests
    play = get_game("zipai").workload("play")
    hands = sim.load(tmp_path / "zipai-play-seed7-n300").collect()  # the notebook's run
    for seat, name in enumerate(play.default_strategies):
        assert set(hands[f"strategy_{seat}"].cast(pl.String)) == {name}
    for path in manifests:
        manifest = json.loads(path.read_text(encoding="utf-8"))
        named = [n for n in ("greedy", "expert", "shape", "random") if n in path.parent.name]
        for name in named:  # a directory named after a strategy holds that strategy's hands
            assert set(manifest["strategies"]) == {name}, path.parent.name
