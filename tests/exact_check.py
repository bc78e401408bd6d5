"""One test of a whole deal-scan table against its exact values, with a stated power.

Every row with an exact value is tested with the two-sided binomial test, Holm-adjusted over
the table at family level ``1 - LEVEL`` (so a correct engine fails a seed's table with
probability at most 1%). Its power is stated and checked: every row expecting at least
``MIN_EXPECTED`` hits would be caught, with probability at least ``POWER``, were its rate off
by ``SHIFT`` of its value (normal approximation at Holm's strictest step, α / rows).
"""

from __future__ import annotations

from math import sqrt

import polars as pl
from scipy.stats import norm

from sim.stats import exact_agreement

LEVEL = 0.99
SHIFT = 0.25
POWER = 0.9
MIN_EXPECTED = 500


def power_against_shift(n: int, p: float, rows: int, *, shift: float = SHIFT, level: float = LEVEL) -> float:
    """Chance that the Holm test rejects a row of exact rate ``p`` whose true rate is off by
    ``shift`` of ``p`` (the worse of the two directions), at the strictest step α / rows."""
    z = norm.ppf(1 - (1 - level) / rows / 2)
    worst = 1.0
    for true in (p * (1 - shift), min(p * (1 + shift), 1.0)):
        gap = abs(true - p) * sqrt(n)
        worst = min(worst, float(norm.cdf((gap - z * sqrt(p * (1 - p))) / sqrt(true * (1 - true)))))
    return worst


def assert_holds_to_exact(table: pl.DataFrame, n: int) -> None:
    """Every row of ``table`` (columns ``hits`` and ``exact``; ``n`` hands) agrees with its exact
    value under one Holm-adjusted test, and the test has the power stated above."""
    checked = table.filter(pl.col("exact").is_not_null())
    hits, exact = checked["hits"].to_list(), checked["exact"].to_list()
    _, agrees = exact_agreement(hits, n, exact, level=LEVEL)
    off = [row for row, ok in zip(checked.iter_rows(named=True), agrees) if not ok]
    assert not off, f"rows off their exact value (Holm, family level {1 - LEVEL:.0%}): {off}"
    strong = [(e, power_against_shift(n, e, len(exact))) for e in exact if 0 < e < 1 and e * n >= MIN_EXPECTED]
    assert strong, "no row expects enough hits for the test to have power"
    weak = [(e, pw) for e, pw in strong if pw < POWER]
    assert not weak, f"too few hands: power below {POWER:.0%} against a {SHIFT:.0%} shift for {weak}"
