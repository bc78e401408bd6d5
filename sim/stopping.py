"""Keep playing until a chosen estimate is precise enough (``paiju run --until-ci``).

The run grows by doubling its number of hands: shards already on disk are kept (a run's
shards do not depend on its total), so each round only plays the new hands. It stops
when the interval's half-width of the chosen metric is at most the target, or at the
maximum number of hands.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from typing import Any

import numpy as np
import polars as pl

from sim import runner, store
from sim.errors import OptionError
from sim.games.base import RunSpec
from sim.stats import dealer_edge, rate_interval, seat_count

Estimate = tuple[float, float, float]  # value, low, high


def _dealer_win(df: pl.DataFrame) -> Estimate:
    won = np.stack([df[f"won_{s}"].to_numpy() for s in range(seat_count(df))], 1)
    hits = int(won[np.arange(df.height), df["dealer"].to_numpy().astype(np.int64)].sum())
    lo, hi = rate_interval(hits, df.height)
    return hits / df.height, float(lo), float(hi)


def _edge(row: int) -> Callable[[pl.DataFrame], Estimate]:
    def metric(df: pl.DataFrame) -> Estimate:
        r = dealer_edge(df).row(row, named=True)
        return r["edge"], r["edge_low"], r["edge_high"]

    return metric


def _outcome(label: str) -> Callable[[pl.DataFrame], Estimate]:
    def metric(df: pl.DataFrame) -> Estimate:
        hits = int((df["outcome"].cast(pl.String) == label).sum())
        lo, hi = rate_interval(hits, df.height, method="clopper-pearson")
        return hits / df.height, float(lo), float(hi)

    return metric


def _seat_win(df: pl.DataFrame) -> Estimate:
    hits = int(df["won_0"].sum())
    lo, hi = rate_interval(hits, df.height)
    return hits / df.height, float(lo), float(hi)


METRICS: dict[str, Callable[[pl.DataFrame], Estimate]] = {
    "dealer-win": _dealer_win,
    "dealer-edge": _edge(0),
    "dealer-points": _edge(1),
    "seat0-win": _seat_win,
    "draw": _outcome("draw"),
    "natural": _outcome("natural"),
}


@dataclasses.dataclass(frozen=True)
class Round:
    """One round of a stopping run: hands so far and the estimate after them."""

    hands: int
    value: float
    low: float
    high: float
    played: int = 0  # hands played in this round (the others were on disk already)
    seconds: float = 0.0  # time spent playing them

    @property
    def half_width(self) -> float:
        """Half the width of the interval."""
        return (self.high - self.low) / 2


def run_until(
    spec: RunSpec, out: str | os.PathLike, *, target: float, metric: str = "dealer-win",
    max_hands: int = 10_000_000, on_round: Callable[[Round], Any] | None = None,
    **run_options: Any,
) -> list[Round]:
    """Grow the run ``spec`` until ``metric``'s half-width ≤ ``target`` (or ``max_hands``)."""
    if metric not in METRICS:
        raise OptionError(f"unknown metric {metric!r}; choose one of: {', '.join(METRICS)}")
    if not target > 0:
        raise OptionError(f"--until-ci must be a positive half-width, not {target}")
    hands = min(spec.hands, max_hands)
    rounds: list[Round] = []
    while True:
        current = dataclasses.replace(spec, hands=hands)
        result = runner.run(current, out, **run_options)
        df = store.load(out).collect()
        value, low, high = METRICS[metric](df)
        rounds.append(Round(hands, value, low, high, result.hands_played, result.seconds))
        if on_round is not None:
            on_round(rounds[-1])
        if rounds[-1].half_width <= target or hands >= max_hands:
            return rounds
        hands = min(max_hands, 2 * hands)
