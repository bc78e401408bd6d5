"""Rates and means with confidence intervals.

Binomial intervals come from statsmodels: Wilson for ordinary rates and
Clopper–Pearson (exact, ``method="beta"``) for rare events such as 天胡.

>>> round(wilson(50, 100)[0], 4), round(wilson(50, 100)[1], 4)
(0.4038, 0.5962)
"""

from __future__ import annotations

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
