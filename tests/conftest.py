"""Shared helpers for the tests."""

from __future__ import annotations

import os
from pathlib import Path

import polars as pl
import pytest
from hypothesis import settings

from sim.games import game_names
from sim.games.base import RunSpec

# Tests time nothing: no hypothesis deadline (on a loaded machine a slow example is not a bug),
# and under CI the examples are derandomised so a run can be repeated exactly.
settings.register_profile("paiju", deadline=None)
settings.register_profile("paiju-ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("paiju-ci" if os.environ.get("CI") else "paiju")


TESTS = Path(__file__).resolve().parent
GAMES = frozenset(game_names())


def _game_of(item: pytest.Item) -> str | None:
    """The game a test exercises: its folder (``tests/zipai/…``) or a game named by its
    parameters (``test_contract.py::…[3-zipai]``), else its module's ``DEFAULT_GAME`` (the game
    a module's other tests play); ``None`` for a test of no one game."""
    path = Path(str(item.fspath)).resolve()
    if path.is_relative_to(TESTS) and path.relative_to(TESTS).parts[0] in GAMES:
        return path.relative_to(TESTS).parts[0]
    params = getattr(getattr(item, "callspec", None), "params", {})
    named = next((v for v in params.values() if isinstance(v, str) and v in GAMES), None)
    return named or getattr(getattr(item, "module", None), "DEFAULT_GAME", None)


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups into the test ids
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run each game's tests on one xdist worker (``--dist loadgroup``): on a fresh machine
    a game's hand loops then compile once, not once in every worker at the same time."""
    for item in items:
        if item.get_closest_marker("xdist_group") is None and (game := _game_of(item)):
            item.add_marker(pytest.mark.xdist_group(game))


def deal_spec(*, hands: int = 3000, shard_size: int = 1000, seed: int = 11) -> RunSpec:
    """A small 跑胡子 deal-scan run."""
    return RunSpec(game="zipai", workload="deals", rules={}, seed=seed, hands=hands,
                   shard_size=shard_size)


def read_rows(out: Path) -> pl.DataFrame:
    """Every row of a run directory, in hand order."""
    return pl.read_parquet(sorted(Path(out).glob("part-*.parquet"))).sort("hand")
