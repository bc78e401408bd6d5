"""Rates and means with confidence intervals.

Binomial intervals come from statsmodels: Wilson for ordinary rates and
Clopper–Pearson (exact, ``method="beta"``) for rare events such as 天胡.

>>> round(wilson(50, 100)[0], 4), round(wilson(50, 100)[1], 4)
(0.4038, 0.5962)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Literal

import numpy as np
import polars as pl

Method = Literal["wilson", "clopper-pearson"]
_METHODS = {"wilson": "wilson", "clopper-pearson": "beta"}


def preload() -> None:
    """Import what the interval functions need (statsmodels and scipy: about half a second),
    for instance in a thread while a run's workers play, so the summary after it is quick."""
    import statsmodels.stats.proportion  # noqa: F401


def rate_interval(
    hits: np.ndarray | int, n: np.ndarray | int, *, level: float = 0.95, method: Method = "wilson"
) -> tuple[np.ndarray, np.ndarray]:
    """Lower and upper bounds of the interval for ``hits`` successes out of ``n`` (vectorised)."""
    # imported here: statsmodels brings scipy (over a second), which a worker that only
    # plays hands never needs
    from statsmodels.stats.proportion import proportion_confint

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
    ``event, hits, n, rate, ci_low, ci_high`` (the names of every other table).
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
            "ci_low": lo,
            "ci_high": hi,
        }
    )


def mean_interval(values: np.ndarray, *, level: float = 0.95) -> tuple[float, float, float]:
    """Mean of ``values`` and the Student-t interval around it."""
    x = np.asarray(values, dtype=np.float64)
    return mean_interval_from_sums(x.size, float(x.sum()), float(np.square(x).sum()), level=level)


def mean_interval_from_sums(
    n: int, total: float, total_sq: float, *, level: float = 0.95
) -> tuple[float, float, float]:
    """Mean and Student-t interval from the count, sum and sum of squares of a sample.

    Lets large runs be summarised by streaming aggregates instead of loading every row.
    """
    from scipy import stats as sps

    if n == 0:
        return float("nan"), float("nan"), float("nan")
    mean = total / n
    if n < 2:
        return mean, float("nan"), float("nan")
    var = max(total_sq - n * mean * mean, 0.0) / (n - 1)
    half = float(sps.t.ppf(0.5 + level / 2, n - 1) * np.sqrt(var / n))
    return mean, mean - half, mean + half


def seat_count(frame: pl.LazyFrame | pl.DataFrame) -> int:
    """How many seats a play table has (from its ``won_s`` columns)."""
    names = frame.collect_schema().names() if isinstance(frame, pl.LazyFrame) else frame.columns
    return sum(1 for c in names if c.startswith("won_"))


def _collect(lazy: pl.LazyFrame) -> pl.DataFrame:
    return lazy.collect(engine="streaming")


def _at_dealer(column: str, n_seats: int) -> pl.Expr:
    """The value of ``column_s`` at the dealer's seat, per hand."""
    expr = pl.lit(0.0)
    for s in range(n_seats):
        expr = pl.when(pl.col("dealer") == s).then(pl.col(f"{column}_{s}").cast(pl.Float64)).otherwise(expr)
    return expr


def _row(group: str, name: str, n: int, hits: int, total: float, total_sq: float, level: float) -> dict:
    lo, hi = rate_interval(hits, max(n, 1), level=level)
    mean, plo, phi = mean_interval_from_sums(n, total, total_sq, level=level)
    return {"group": group, "name": name, "n": n, "hits": hits, "rate": hits / max(n, 1),
            "ci_low": float(lo), "ci_high": float(hi), "points": mean, "points_low": plo,
            "points_high": phi}


def outcome_label(label: str, names: Mapping[str, str] | None) -> str:
    """How an outcome reads in tables: its local name with the data label, e.g. ``天胡 (natural)``."""
    local = (names or {}).get(label)
    return f"{local} ({label})" if local else label


def play_summary(
    frame: pl.LazyFrame | pl.DataFrame, *, level: float = 0.95,
    outcome_names: Mapping[str, str] | None = None,
    kinds: Mapping[str, Mapping[str, pl.Expr]] | None = None,
) -> pl.DataFrame:
    """Win rate and mean points by seat, by strategy and for the dealer, the dealer's edge,
    and outcome rates with the kinds of each outcome beneath it.

    Reads only the common play columns (:func:`sim.games.base.play_fields`) through
    streaming aggregates, so memory does not grow with the number of hands. A strategy's
    rate pools every seat it sat in; the dealer row pools the dealer's seat of every hand;
    the ``dealer edge`` row is the dealer minus the seat average per hand (win rate in
    ``rate``, points in ``points``). Every outcome named in ``outcome_names`` and every
    kind in ``kinds`` (outcome label → {kind: boolean expression}) has a row, with its
    Clopper–Pearson interval even when it never happened (0 hits: the upper bound).
    """
    lazy = frame.lazy()
    n_seats = seat_count(lazy)
    records = _seat_and_strategy_rows(lazy, n_seats, level)
    won_d, pts_d = _at_dealer("won", n_seats), _at_dealer("points", n_seats)
    d = _collect(lazy.select(pl.len().alias("n"), won_d.sum().alias("hits"), pts_d.sum().alias("total"),
                             (pts_d * pts_d).sum().alias("total_sq"))).row(0)
    records.append(_row("dealer", "dealer", int(d[0]), int(d[1] or 0), d[2] or 0.0, d[3] or 0.0, level))
    n_all = int(d[0])
    edge = dealer_edge(lazy, level=level).rows(named=True)
    records.append({"group": "dealer edge", "name": "dealer − seat average", "n": n_all, "hits": None,
                    "rate": edge[0]["edge"], "ci_low": edge[0]["edge_low"], "ci_high": edge[0]["edge_high"],
                    "points": edge[1]["edge"], "points_low": edge[1]["edge_low"],
                    "points_high": edge[1]["edge_high"]})
    records += _outcome_rows(lazy, n_all, level, outcome_names or {}, kinds or {})
    return pl.DataFrame(records, schema_overrides={"hits": pl.Int64, "points": pl.Float64,
                                                   "points_low": pl.Float64, "points_high": pl.Float64})


def _seat_and_strategy_rows(lazy: pl.LazyFrame, n_seats: int, level: float) -> list[dict]:
    """One row per seat, then one per strategy (pooled over the seats it sat in)."""
    records = []
    per_seat = []
    for s in range(n_seats):
        won, pts = pl.col(f"won_{s}").cast(pl.Int64), pl.col(f"points_{s}").cast(pl.Float64)
        part = _collect(
            lazy.group_by(pl.col(f"strategy_{s}").cast(pl.String).alias("strategy")).agg(
                pl.len().alias("n"), won.sum().alias("hits"), pts.sum().alias("total"),
                (pts * pts).sum().alias("total_sq"),
            )
        )
        per_seat.append(part)
        sums = part.select(pl.col("n", "hits", "total", "total_sq").sum()).row(0)
        records.append(_row("seat", str(s), int(sums[0]), int(sums[1]), sums[2], sums[3], level))
    by_strategy = pl.concat(per_seat).group_by("strategy").agg(pl.all().sum()).sort("strategy")
    for name, n, hits, total, total_sq in by_strategy.select("strategy", "n", "hits", "total", "total_sq").iter_rows():
        records.append(_row("strategy", name, int(n), int(hits), total, total_sq, level))
    return records


def _outcome_rows(lazy: pl.LazyFrame, n_all: int, level: float, outcome_names: Mapping[str, str],
                  kinds: Mapping[str, Mapping[str, pl.Expr]]) -> list[dict]:
    """One row per outcome (named ones included when they never happened), its kinds beneath."""
    outcomes = _collect(lazy.group_by(pl.col("outcome").cast(pl.String)).agg(pl.len().alias("count")))
    counts = dict(outcomes.sort(["count", "outcome"], descending=[True, False]).iter_rows())
    for label in outcome_names:
        counts.setdefault(label, 0)
    kind_hits = {}
    if kinds:
        exprs = [expr.cast(pl.Int64).sum().alias(f"{o}|{k}") for o, ks in kinds.items() for k, expr in ks.items()]
        kind_hits = _collect(lazy.select(exprs)).row(0, named=True)

    def rare_row(group: str, name: str, count: int) -> dict:
        lo, hi = rate_interval(count, max(n_all, 1), level=level, method="clopper-pearson")
        return {"group": group, "name": name, "n": n_all, "hits": count, "rate": count / max(n_all, 1),
                "ci_low": float(lo), "ci_high": float(hi), "points": None, "points_low": None,
                "points_high": None}

    records = []
    for outcome, count in counts.items():
        records.append(rare_row("outcome", outcome_label(outcome, outcome_names or None), int(count)))
        local = outcome_names.get(outcome, outcome)
        for kind in kinds.get(outcome, {}):
            records.append(rare_row(f"{local} kind", kind, int(kind_hits[f"{outcome}|{kind}"] or 0)))
    return records


def dealer_edge(frame: pl.LazyFrame | pl.DataFrame, *, level: float = 0.95) -> pl.DataFrame:
    """The dealer's edge over the average seat, in win rate and in points, with intervals.

    Per hand, the edge is the dealer's result minus the mean over all seats (for win
    rates: dealer won minus the share of seats that won; for points in a zero-sum game
    the seat mean is 0, so it is the dealer's score). The interval is the Student-t
    interval of the mean of that per-hand difference.
    """
    lazy = frame.lazy()
    n_seats = seat_count(lazy)
    records = []
    for name, column in (("win rate", "won"), ("points per hand", "points")):
        mine = _at_dealer(column, n_seats)
        seat_mean = pl.mean_horizontal([pl.col(f"{column}_{s}").cast(pl.Float64) for s in range(n_seats)])
        diff = mine - seat_mean
        n, a, b, t1, t2 = _collect(lazy.select(
            pl.len().alias("n"), mine.sum().alias("a"), seat_mean.sum().alias("b"),
            diff.sum().alias("t1"), (diff * diff).sum().alias("t2"),
        )).row(0)
        edge, lo, hi = mean_interval_from_sums(int(n), t1 or 0.0, t2 or 0.0, level=level)
        records.append({"measure": name, "dealer": (a or 0.0) / n if n else float("nan"),
                        "seat_average": (b or 0.0) / n if n else float("nan"),
                        "edge": edge, "edge_low": lo, "edge_high": hi})
    return pl.DataFrame(records)


def exact_agreement(
    hits: np.ndarray, n: np.ndarray | int, exact: list[float | None], *, level: float = 0.95,
) -> tuple[list[float | None], list[bool | None]]:
    """Whether each Monte Carlo count agrees with its exact probability, over the whole table.

    Returns the unadjusted two-sided binomial p-value of every row that has an exact value,
    and ``agrees``: the row is *not* rejected at ``1 − level`` after Holm's step-down
    adjustment over those rows — with twenty rows, about one unadjusted p-value is below
    5% by chance alone, which is no reason to flag it. Rows without an exact value get
    ``None`` in both.
    """
    from scipy.stats import binomtest
    from statsmodels.stats.multitest import multipletests

    hits_a = np.asarray(hits, dtype=np.int64)
    n_a = np.broadcast_to(np.asarray(n, dtype=np.int64), hits_a.shape)
    rows = [i for i, e in enumerate(exact) if e is not None]
    p: list[float | None] = [None] * len(exact)
    agrees: list[bool | None] = [None] * len(exact)
    for i in rows:
        e = float(exact[i])
        if e <= 0.0:
            p[i] = 1.0 if hits_a[i] == 0 else 0.0
        elif e >= 1.0:
            p[i] = 1.0 if hits_a[i] == n_a[i] else 0.0
        else:
            p[i] = float(binomtest(int(hits_a[i]), int(max(n_a[i], 1)), e).pvalue)
    if rows:
        reject = multipletests([p[i] for i in rows], alpha=1.0 - level, method="holm")[0]
        for i, r in zip(rows, reject):
            agrees[i] = not bool(r)
    return p, agrees


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
