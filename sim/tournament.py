"""Tournaments: several strategies, each against the same field in every seat, on common deals.

Entrant ``X`` plays one run per seat ``s``: ``X`` in seat ``s``, the *field* strategy in
every other seat, all runs on the same deals (one root seed). Per deal, ``X``'s result is
its mean over the seats it sat in — exactly what ``paiju compare --a X --b Y --others
FIELD`` measures — so the difference of two entrants is the paired difference of those
per-deal results, and the standings and the matrix come from the comparison machinery
of :mod:`sim.experiments` (the same runs, the same statistics). One more run seats the
field in every seat; against it, each entrant's gain over the field is paired too.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import polars as pl

from sim.errors import OptionError
from sim.experiments import Experiment, _paired_row, _play_workload, read_experiment, seat_series
from sim.games.base import RunSpec
from sim.stats import mean_interval

FIELD = "field"  # the label of the run with the field in every seat


def tournament(
    game_name: str, *, strategies: Sequence[str], field: str | None = None,
    rules: Mapping[str, Any], seed: int, hands: int, shard_size: int | None = None,
) -> Experiment:
    """The runs of a tournament of ``strategies`` against ``field`` (default: the game's)."""
    game, workload = _play_workload(game_name)
    names = list(dict.fromkeys(strategies))
    if len(names) < 2:
        raise OptionError("a tournament needs at least two different strategies, e.g. --strategies a,b")
    field = field or workload.default_strategies[0]
    shard = shard_size or workload.default_shard_size
    seats = workload.seat_count(rules)

    def spec(per_seat: tuple[str, ...]) -> RunSpec:
        out = RunSpec(game=game.name, workload="play", rules=dict(rules), seed=seed, hands=hands,
                      shard_size=shard, strategies=per_seat)
        workload.check(out)
        return out

    runs = {FIELD: spec((field,) * seats)}
    cells: dict[str, list[str]] = {}
    for i, name in enumerate(names):
        if name == field:
            cells[name] = [FIELD] * seats
            continue
        cells[name] = []
        for seat in range(seats):
            label = f"entrant{i}-seat{seat}"
            runs[label] = spec(tuple(name if s == seat else field for s in range(seats)))
            cells[name].append(label)
    return Experiment(kind="tournament", game=game.name, runs=runs,
                      params={"strategies": names, "field": field, "seats": seats, "cells": cells})


_MEASURES = (("points per hand", "points"), ("win rate", "won"))


def _series(out: str | os.PathLike, exp: Experiment, column: str) -> dict[str, np.ndarray]:
    """Per entrant (and the field), its per-deal result averaged over the seats."""
    seats = int(exp.params["seats"])
    series = {name: seat_series(out, labels, column).mean(axis=0)
              for name, labels in exp.params["cells"].items()}
    series[FIELD] = seat_series(out, [FIELD] * seats, column).mean(axis=0)
    return series


def standings(out: str | os.PathLike, *, level: float = 0.95) -> pl.DataFrame:
    """Per entrant: points per hand and win rate against the field, each with its interval,
    and its paired gain over the field itself (the field in that seat), sorted by points."""
    exp = read_experiment(out)
    rows: dict[str, dict[str, Any]] = {n: {"strategy": n} for n in exp.params["strategies"]}
    for measure, column in _MEASURES:
        series = _series(out, exp, column)
        key = "points" if column == "points" else "win_rate"
        for name in exp.params["strategies"]:
            mean, lo, hi = mean_interval(series[name], level=level)
            if name == exp.params["field"]:  # the field against itself: zero, exactly
                n = len(series[name])
                gain = {"n": n, "diff": 0.0, "diff_low": 0.0, "diff_high": 0.0}
            else:
                with warnings.catch_warnings():  # a constant field (a team game's 50% win
                    warnings.simplefilter("ignore", RuntimeWarning)  # rate) upsets Welch's test
                    gain = _paired_row(measure, "all seats", series[name], series[FIELD], level)
            rows[name].update({"n": gain["n"], key: mean, f"{key}_low": lo, f"{key}_high": hi,
                               f"{key}_vs_field": gain["diff"],
                               f"{key}_vs_field_low": gain["diff_low"],
                               f"{key}_vs_field_high": gain["diff_high"]})
    table = pl.DataFrame(list(rows.values()))
    return table.sort("points", descending=True).with_columns(
        pl.lit(exp.params["field"]).alias("field"))


def matrix(out: str | os.PathLike, *, level: float = 0.95) -> pl.DataFrame:
    """Every ordered pair ``(a, b)`` of entrants: the paired difference ``a − b`` of points per
    hand and of the win rate, with intervals (long format; :func:`wide` pivots it)."""
    exp = read_experiment(out)
    rows = []
    for measure, column in _MEASURES:
        series = _series(out, exp, column)
        for a in exp.params["strategies"]:
            for b in exp.params["strategies"]:
                if a != b:
                    rows.append({"a": a, "b": b,
                                 **_paired_row(measure, "all seats", series[a], series[b], level)})
    return pl.DataFrame(rows).drop("seats")


def wide(pairs: pl.DataFrame, *, measure: str = "points per hand") -> pl.DataFrame:
    """The matrix of one measure as text cells ``diff [low, high]``: row ``a``, column ``b``
    (win rates in percentage points)."""
    part = pairs.filter(pl.col("measure") == measure)
    names = list(dict.fromkeys(part["a"].to_list()))
    k = 100.0 if measure == "win rate" else 1.0
    cells = {(r["a"], r["b"]):
             f"{k * r['diff']:+.3g} [{k * r['diff_low']:+.3g}, {k * r['diff_high']:+.3g}]"
             for r in part.iter_rows(named=True)}
    return pl.DataFrame([{"a − b": a, **{b: cells.get((a, b), "—") for b in names}} for a in names])


def standings_text(table: pl.DataFrame) -> pl.DataFrame:
    """The standings as text cells ``value [low, high]`` (win rates in percent)."""
    def cell(row: dict, key: str, scale: float, sign: str = "") -> str:
        v, lo, hi = (row[key] * scale, row[f"{key}_low"] * scale, row[f"{key}_high"] * scale)
        return f"{v:{sign}.3g} [{lo:{sign}.3g}, {hi:{sign}.3g}]"

    return pl.DataFrame([{
        "strategy": r["strategy"], "deals": r["n"],
        "points per hand": cell(r, "points", 1), "points vs field": cell(r, "points_vs_field", 1, "+"),
        "win rate (%)": cell(r, "win_rate", 100), "vs field (pp)": cell(r, "win_rate_vs_field", 100, "+"),
    } for r in table.iter_rows(named=True)])
