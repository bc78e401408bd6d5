"""What every game's ``deals`` workload shares: the scan's row layout, its hand loop's seeding,
its per-seat columns and totals, and its summary against exact odds.

A game's ``deals.py`` keeps only its own: the compiled scan of one batch of deals (which
fills per-seat feature arrays) and the names of its columns and events. The compiled part
stays per game (numba caches a function on disk only if it takes no functions as
arguments); its hand loop seeds each hand with :func:`seed_hand`. The Python part is
written once here:

- :class:`DealsWorkload`: the workload's name and scan kernel, and a row table from the
  shared columns (``hand``, ``seed``, ``dealer``) and the scan's per-seat arrays;
- :func:`seat_fields`, :func:`seat_columns`: ``name_seat`` columns from ``feat[f, seat, i]``;
- :func:`feature_totals`: hits of ``(event, feature, test)`` events per seat, as totals;
- :func:`rate_cells`, :func:`flag_agreement`, :func:`summary_frame`: a summary row's rate
  and interval, every row's exact agreement (Holm's adjustment) and the summary frame;
  :func:`seat_event_summary`, all three over per-seat event totals;
- :func:`events_section`: the report's chart of rates against exact values, which
  :meth:`DealsWorkload.report_sections` draws of the workload's summary in its own words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
import pyarrow as pa
from numba import njit

from sim import counts
from sim.columns import numpy_table
from sim.games.base import RunSpec, Section, Workload, required_schema
from sim.rng import hand_seed
from sim.stats import exact_agreement, rate_interval

Event = tuple[str, str, Callable[[Any], Any]]  # name, feature, test on the feature's value


@njit(cache=True, nogil=True)
def seed_hand(root: np.uint64, start: np.int64, i: np.int64, seeds: np.ndarray,
              rng: np.ndarray) -> None:
    """Row ``i`` of a scan from hand ``start``: record the hand's seed in ``seeds[i]`` and
    start the generator ``rng`` from it (the same draws as ``play`` makes for that hand)."""
    seed = hand_seed(root, start + i)
    seeds[i] = seed
    rng[0] = seed


def header_fields(*extra: pa.Field) -> list[pa.Field]:
    """The columns every deals row starts with (``hand``, ``seed``, ``dealer``), then ``extra``."""
    return [pa.field("hand", pa.int64()), pa.field("seed", pa.uint64()),
            pa.field("dealer", pa.int8()), *extra]


def seat_fields(names: Iterable[str], n_seats: int, kind: pa.DataType) -> list[pa.Field]:
    """A ``name_seat`` column per name and seat, names outermost."""
    return [pa.field(f"{name}_{s}", kind) for name in names for s in range(n_seats)]


def seat_columns(names: Sequence[str], feat: Any, n_seats: int) -> dict[str, np.ndarray]:
    """The ``name_seat`` columns of ``feat[f, seat, i]`` (an array or a sequence of them)."""
    return {f"{name}_{s}": np.ascontiguousarray(feat[f][s])
            for f, name in enumerate(names) for s in range(n_seats)}


class DealsWorkload(Workload):
    """A scan of deals: one row per hand, seat 0 dealing unless the scan says otherwise.

    A workload with ``chart_words`` has the report chart its summary's events against
    their exact odds in those words (:meth:`report_sections`)."""

    name = "deals"
    scan_kernel = "scan_deals"  # the compiled scan of the game's module that play calls
    chart_labels = ("seat", "event")  # the summary's columns that name a chart row
    chart_words: Callable[[RunSpec], dict[str, Any]] | None = None  # spec -> words; None: no chart

    def deal_table(self, spec: RunSpec, start: int, count: int, seeds: np.ndarray,
                   columns: Mapping[str, Any], *, dealer: np.ndarray | None = None) -> pa.Table:
        """The rows of deals ``start ..``: the shared columns, then the scan's ``columns``."""
        cols = {"hand": np.arange(start, start + count, dtype=np.int64), "seed": seeds,
                "dealer": np.zeros(count, dtype=np.int8) if dealer is None else dealer}
        cols.update(columns)
        return numpy_table(cols, self.schema(spec))

    def report_sections(self, spec: RunSpec, frame: pl.LazyFrame, figures: Path) -> list[Section]:
        """The chart of the summary's events against their exact odds (:func:`events_section`,
        saved as ``GAME_deal_events.png``) in the words ``chart_words(spec)`` gives: the
        ``subject`` of its title and heading, an ``intro`` that :meth:`verdict` ends, and any
        option of :func:`events_section`."""
        if self.chart_words is None:
            return []
        table = self.summary(spec, frame)
        words = self.chart_words(spec)
        subject = words.pop("subject")
        return [events_section(
            table, self.chart_labels, title=f"{subject}: Monte Carlo against exact",
            figure=figures / f"{spec.game}_deal_events.png", heading=f"{subject} against their exact odds",
            intro=f"{words.pop('intro')} {self.verdict(*flagged(table))}", **words)]

    def verdict(self, checked: int, off: int) -> str:
        """What the chart's table says of the exact values: ``off`` of the ``checked`` rows
        with a verdict disagree (:func:`flag_agreement`)."""
        return ("`p` is each row's unadjusted two-sided binomial p-value; a row is flagged "
                "(`agrees` false) only when it stays below 5% after Holm's adjustment over the "
                f"{checked} rows: {off} are.")


def deals_schema(fields: list[pa.Field]) -> pa.Schema:
    """The schema of a deals row: :func:`header_fields` and then ``fields``."""
    return required_schema(header_fields() + fields)


def total_of(expr: pl.Expr) -> pl.Expr:
    """How many rows a boolean expression holds for, as an integer total."""
    return expr.cast(pl.Int64).sum()


def feature_totals(n_seats: int, events: Iterable[Event]) -> dict[str, pl.Expr]:
    """Hits of every event per seat (``"seat|event"``), seats outermost; each event's test
    is applied to the column ``feature_seat`` (the tests work on expressions and arrays)."""
    events = tuple(events)
    return {f"{s}|{name}": total_of(test(pl.col(f"{feature}_{s}")))
            for s in range(n_seats) for name, feature, test in events}


def rate_cells(hits: int, n: int, *, level: float = 0.95, rare: bool | None = None,
               method: str = "clopper-pearson") -> dict[str, Any]:
    """A summary row's ``hits``, ``rate`` and interval out of ``n`` deals (at least one).

    With ``rare`` given, rare events get Clopper–Pearson and the others Wilson, and an
    ``interval`` cell says which; without it every row gets ``method``.
    """
    n = max(n, 1)
    if rare is not None:
        method = "clopper-pearson" if rare else "wilson"
    lo, hi = rate_interval(hits, n, level=level, method=method)
    cells = {"hits": hits, "rate": hits / n, "ci_low": float(lo), "ci_high": float(hi)}
    if rare is not None:
        cells["interval"] = "exact CP" if rare else "Wilson"
    return cells


def flag_agreement(rows: list[dict[str, Any]], n: int, *, level: float = 0.95) -> None:
    """Give each row its binomial ``p`` against its ``exact`` value and ``agrees``, flagged
    against Holm's adjusted level over the rows, so chance alone flags nothing."""
    p, agrees = exact_agreement([r["hits"] for r in rows], max(n, 1), [r["exact"] for r in rows],
                                level=level)
    for row, pv, ok in zip(rows, p, agrees):
        row["p"], row["agrees"] = pv, ok


def seat_event_summary(frame: pl.LazyFrame, exprs: Mapping[str, pl.Expr],
                       describe: Callable[[int, str], tuple[str, Any, bool | None]], *,
                       level: float = 0.95) -> pl.DataFrame:
    """The summary of per-seat event totals (``exprs`` keyed ``"seat|event"``, as
    :func:`feature_totals`; ``frame`` holds rows or counts shards, :mod:`sim.counts`): per
    key its seat's label, the event, its :func:`rate_cells` and exact value, agreement
    flagged over the rows. ``describe(seat, event)`` gives the label, the exact value (None:
    unknown) and whether the event is rare (None: Clopper–Pearson intervals for all)."""
    totals = counts.totals(frame, exprs)
    n = int(totals["__n"][0])
    rows = []
    for key in exprs:
        seat, event = key.split("|", 1)
        label, exact, rare = describe(int(seat), event)
        rows.append({"seat": label, "event": event,
                     **rate_cells(int(totals[key][0]), n, level=level, rare=rare), "exact": exact})
    flag_agreement(rows, n, level=level)
    return summary_frame(rows)


def summary_frame(rows: list[dict[str, Any]], **overrides: pl.DataType) -> pl.DataFrame:
    """The summary's rows as a frame (exact values, p-values and flags typed even when empty)."""
    return pl.DataFrame(rows, schema_overrides={"exact": pl.Float64, "p": pl.Float64,
                                                "agrees": pl.Boolean, **overrides})


def flagged(table: pl.DataFrame) -> tuple[int, int]:
    """How many rows have an agreement verdict, and how many of them disagree."""
    return table["agrees"].drop_nulls().len(), table.filter(pl.col("agrees") == False).height  # noqa: E712


def events_section(table: pl.DataFrame, label_columns: tuple[str, str], *, title: str,
                   figure: Path, heading: str, intro: str, exact_only: bool = False,
                   colours: Callable[[pl.DataFrame], list] | None = None) -> Section:
    """The report section of a deal summary: a chart of every event that happened, its
    rate and interval beside its exact value, above ``intro`` and the table."""
    from sim import plots
    from sim.display import markdown_table

    shown = table.filter(pl.col("hits") > 0)
    if exact_only:
        shown = shown.filter(pl.col("exact").is_not_null())
    labels = [f"{a}  {b}" for a, b in shown.select(*label_columns).iter_rows()]
    extra = {} if colours is None else {"colours": colours(shown)}
    fig = plots.interval_chart(
        labels, shown["rate"].to_list(), shown["ci_low"].to_list(), shown["ci_high"].to_list(),
        title=title, log=True, **extra,
        xlabel="share of deals (%, log scale); bar = 95% interval, ◇ = exact value",
        markers=shown["exact"].to_list(), marker_label="exact probability")
    path = plots.save(fig, figure)
    return Section(heading, intro + "\n\n" + markdown_table(table)
                   + plots.nothing_drawn(path, "None of these events happened in these deals"), path)
