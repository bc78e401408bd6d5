"""Shared helpers for the tests."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from sim.games.base import RunSpec


def deal_spec(*, hands: int = 3000, shard_size: int = 1000, seed: int = 11) -> RunSpec:
    """A small 跑胡子 deal-scan run."""
    return RunSpec(game="zipai", workload="deals", rules={}, seed=seed, hands=hands,
                   shard_size=shard_size)


def read_rows(out: Path) -> pl.DataFrame:
    """Every row of a run directory, in hand order."""
    return pl.read_parquet(sorted(Path(out).glob("part-*.parquet"))).sort("hand")
