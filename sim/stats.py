"""Rates and means with confidence intervals.

Binomial intervals come from statsmodels: Wilson for ordinary rates and
Clopper–Pearson (exact, ``method="beta"``) for rare events such as 天胡.

>>> round(wilson(50, 100)[0], 4), round(wilson(50, 100)[1], 4)
(0.4038, 0.5962)
"""

from __future__ import annotations

import dataclasses
from typing import Literal

import numpy as np
import polars as pl
from statsmodels.stats.proportion import proportion_confint

Method = Literal["wilson", "clopper-pearson"]
_METHODS = {"wilson": "wilson", "clopper-pearson": "beta"}


def rate_interval(
    hits: np.ndarray | int, n: np.ndarray | int, *, level: float = 0.95, method: Method = "wilson"
) -> tuple[np.ndarray, np.ndarray]:
    """Lower and upper bounds of the interval for ``hits`` successes out of ``n`` (vectorised)."""
    hits_a = np.asarray(hits, dtype=np.float64)
    n_a = np.asarray(n, dtype=np.float64)
    lo, hi = proportion_confint(hits_a, n_a, alpha=1.0 - level, method=_METHODS[method])
    return np.asarray(lo, dtype=np.float64), np.asarray(hi, dtype=np.float64)


def wilson(hits: int, n: int, *, level: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for one rate."""
    lo, hi = rate_interval(hits, n, level=level, method="wilson")
    return float(lo), float(hi)


def clopper_pearson(hits: int, n: int, *, level: float = 0.95) -> tuple[float, float]:
    """The exact (Clopper–Pearson) interval for one rate; the choice for rare events."""
    lo, hi = rate_interval(hits, n, level=level, method="clopper-pearson")
    return float(lo), float(hi)


def rate_table(
    frame: pl.LazyFrame | pl.DataFrame,
    events: dict[str, pl.Expr],
    *,
    level: float = 0.95,
    method: Method = "wilson",
) -> pl.DataFrame:
    """Rate of each boolean event over the rows of ``frame``, with its interval.

    ``events`` maps a label to a boolean polars expression. Returns columns
    ``event, hits, n, rate, lo, hi``.
    """
    lazy = frame.lazy() if isinstance(frame, pl.DataFrame) else frame
    counts = lazy.select(
        [pl.len().alias("__n")] + [expr.cast(pl.Int64).sum().alias(name) for name, expr in events.items()]
    ).collect()
    n = int(counts["__n"][0])
    hits = np.array([int(counts[name][0]) for name in events], dtype=np.int64)
    lo, hi = rate_interval(hits, np.full(len(hits), n), level=level, method=method)
    return pl.DataFrame(
        {
            "event": list(events),
            "hits": hits,
            "n": np.full(len(hits), n, dtype=np.int64),
            "rate": hits / max(n, 1),
            "lo": lo,
            "hi": hi,
        }
    )


def mean_interval(values: np.ndarray, *, level: float = 0.95) -> tuple[float, float, float]:
    """Mean of ``values`` and the Student-t interval around it."""
    from scipy import stats as sps

    x = np.asarray(values, dtype=np.float64)
    n = x.size
    if n == 0:
        return float("nan"), float("nan"), float("nan")
    mean = float(x.mean())
    if n < 2:
        return mean, float("nan"), float("nan")
    half = float(sps.t.ppf(0.5 + level / 2, n - 1) * x.std(ddof=1) / np.sqrt(n))
    return mean, mean - half, mean + half


def seat_count(frame: pl.LazyFrame | pl.DataFrame) -> int:
    """How many seats a play table has (from its ``won_s`` columns)."""
    names = frame.collect_schema().names() if isinstance(frame, pl.LazyFrame) else frame.columns
    return sum(1 for c in names if c.startswith("won_"))


def play_summary(frame: pl.LazyFrame | pl.DataFrame, *, level: float = 0.95) -> pl.DataFrame:
    """Win rate and mean points by seat, by strategy and for the dealer, and outcome rates.

    Reads only the common play columns (:func:`sim.games.base.play_fields`). A strategy's
    rate pools every seat it sat in; the dealer row pools the dealer's seat of every hand.
    """
    df = frame.collect() if isinstance(frame, pl.LazyFrame) else frame
    n_seats = seat_count(df)
    n = df.height
    groups: list[tuple[str, str, np.ndarray, np.ndarray]] = []
    for s in range(n_seats):
        groups.append(("seat", str(s), df[f"won_{s}"].to_numpy(), df[f"points_{s}"].to_numpy()))
    won = np.stack([df[f"won_{s}"].to_numpy() for s in range(n_seats)], axis=1)
    pts = np.stack([df[f"points_{s}"].to_numpy() for s in range(n_seats)], axis=1)
    strat = np.stack([df[f"strategy_{s}"].cast(pl.String).to_numpy() for s in range(n_seats)], axis=1)
    for name in sorted(set(strat.ravel().tolist())):
        mask = strat == name
        groups.append(("strategy", name, won[mask], pts[mask]))
    dealer = df["dealer"].to_numpy().astype(np.int64)
    rows = np.arange(n)
    groups.append(("dealer", "dealer", won[rows, dealer], pts[rows, dealer]))
    records = []
    for group, name, w, p in groups:
        hits = int(np.sum(w))
        lo, hi = rate_interval(hits, max(len(w), 1), level=level)
        mean, plo, phi = mean_interval(p, level=level)
        records.append(
            {"group": group, "name": name, "n": len(w), "hits": hits, "rate": hits / max(len(w), 1),
             "ci_low": float(lo), "ci_high": float(hi), "points": mean, "points_low": plo,
             "points_high": phi}
        )
    for outcome, count in df["outcome"].cast(pl.String).value_counts(sort=True).iter_rows():
        lo, hi = rate_interval(count, max(n, 1), level=level, method="clopper-pearson")
        records.append(
            {"group": "outcome", "name": outcome, "n": n, "hits": count, "rate": count / max(n, 1),
             "ci_low": float(lo), "ci_high": float(hi), "points": None, "points_low": None,
             "points_high": None}
        )
    return pl.DataFrame(records, schema_overrides={"points": pl.Float64, "points_low": pl.Float64,
                                                   "points_high": pl.Float64})


def dealer_edge(frame: pl.LazyFrame | pl.DataFrame, *, level: float = 0.95) -> pl.DataFrame:
    """The dealer's edge over the average seat, in win rate and in points, with intervals.

    Per hand, the edge is the dealer's result minus the mean over all seats (for win
    rates: dealer won minus the share of seats that won; for points in a zero-sum game
    the seat mean is 0, so it is the dealer's score). The interval is the Student-t
    interval of the mean of that per-hand difference.
    """
    df = frame.collect() if isinstance(frame, pl.LazyFrame) else frame
    n_seats = seat_count(df)
    won = np.stack([df[f"won_{s}"].to_numpy().astype(np.float64) for s in range(n_seats)], 1)
    pts = np.stack([df[f"points_{s}"].to_numpy().astype(np.float64) for s in range(n_seats)], 1)
    rows = np.arange(df.height)
    dealer = df["dealer"].to_numpy().astype(np.int64)
    records = []
    for name, values in (("win rate", won), ("points per hand", pts)):
        mine = values[rows, dealer]
        seat_mean = values.mean(axis=1)
        edge, lo, hi = mean_interval(mine - seat_mean, level=level)
        records.append({"measure": name, "dealer": float(mine.mean()) if len(mine) else float("nan"),
                        "seat_average": float(seat_mean.mean()) if len(mine) else float("nan"),
                        "edge": edge, "edge_low": lo, "edge_high": hi})
    return pl.DataFrame(records)


@dataclasses.dataclass(frozen=True)
class PairedDifference:
    """Mean of ``a - b`` over common deals, with the paired and the unpaired interval."""

    n: int
    mean_a: float
    mean_b: float
    diff: float
    low: float
    high: float
    unpaired_low: float
    unpaired_high: float

    @property
    def narrowing(self) -> float:
        """How many times narrower the paired interval is than the unpaired one."""
        paired = self.high - self.low
        return (self.unpaired_high - self.unpaired_low) / paired if paired > 0 else float("inf")


def paired_difference(a: np.ndarray, b: np.ndarray, *, level: float = 0.95) -> PairedDifference:
    """Compare two results measured on the same deals (common random numbers).

    ``a[i]`` and ``b[i]`` are results of deal ``i``. The paired interval uses the
    variance of ``a - b``; the unpaired one, for contrast, is Welch's interval as if the
    two had been measured on independent deals.
    """
    from scipy import stats as sps

    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    if a.shape != b.shape or a.ndim != 1 or a.size < 2:
        raise ValueError("paired samples must be two 1-D arrays of the same length ≥ 2")
    diff, lo, hi = mean_interval(a - b, level=level)
    welch = sps.ttest_ind(a, b, equal_var=False).confidence_interval(confidence_level=level)
    return PairedDifference(a.size, float(a.mean()), float(b.mean()), diff, lo, hi,
                            float(welch.low), float(welch.high))
