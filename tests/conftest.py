"""Shared helpers for the tests."""

from __future__ import annotations

import os
from pathlib import Path

import polars as pl
from hypothesis import settings

from sim.games.base import RunSpec

# Tests time nothing: no hypothesis deadline (on a loaded machine a slow example is not a bug),
# and under CI the examples are derandomised so a run can be repeated exactly.
settings.register_profile("paiju", deadline=None)
settings.register_profile("paiju-ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("paiju-ci" if os.environ.get("CI") else "paiju")


def deal_spec(*, hands: int = 3000, shard_size: int = 1000, seed: int = 11) -> RunSpec:
    """A small 跑胡子 deal-scan run."""
    return RunSpec(game="zipai", workload="deals", rules={}, seed=seed, hands=hands,
                   shard_size=shard_size)


def read_rows(out: Path) -> pl.DataFrame:
    """Every row of a run directory, in hand order."""
    return pl.read_parquet(sorted(Path(out).glob("part-*.parquet"))).sort("hand")
