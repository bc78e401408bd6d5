"""Counts mode: one Parquet row per shard holding its totals of every deal event.

A scan whose question is a rate needs only how often each event happened, so instead of a
row per deal each shard stores ``first_hand``, ``deals_counted`` and one integer column per
total of :meth:`~sim.games.base.Workload.count_exprs`. Summing the shards gives exactly the
totals the rows would give, so a workload's summary reads either kind through
:func:`totals`. A rows run counts the same totals as it writes its rows, so the summary
printed at its end reads them (:func:`totals_frame`) instead of reading the rows back.
"""

from __future__ import annotations

import numpy as np
import polars as pl
import pyarrow as pa

from sim.columns import numpy_table
from sim.errors import OptionError
from sim.games.base import RunSpec, Workload

MODES = ("rows", "counts")
FIRST = "first_hand"
COUNTED = "deals_counted"


def exprs_of(workload: Workload, spec: RunSpec) -> dict[str, pl.Expr]:
    """The workload's totals, or a one-line error when it has none."""
    exprs = workload.count_exprs(spec)
    if not exprs:
        raise OptionError(f"{spec.game} {workload.name} has no counts mode; run it without --counts")
    return exprs


def schema(workload: Workload, spec: RunSpec) -> pa.Schema:
    """The schema of a counts shard of ``spec``."""
    names = [FIRST, COUNTED, *exprs_of(workload, spec)]
    return pa.schema([pa.field(n, pa.int64()) for n in names],
                     metadata={b"paiju.unit": b"shard"})


def block_totals(table: pa.Table, exprs: dict[str, pl.Expr]) -> np.ndarray:
    """The totals of one block of rows, in the order of ``exprs``."""
    row = pl.from_arrow(table).select([e.alias(k) for k, e in exprs.items()])
    return row.to_numpy().reshape(-1).astype(np.int64)


def table_totals(workload: Workload, spec: RunSpec, table: pa.Table,
                 exprs: dict[str, pl.Expr]) -> np.ndarray:
    """The totals of one block of rows: the workload's compiled count
    (:meth:`~sim.games.base.Workload.count_table`) when it has one, else the expressions."""
    fast = workload.count_table(spec, table)
    return block_totals(table, exprs) if fast is None else np.asarray(fast, dtype=np.int64)


def totals_frame(deals: int, totals: dict[str, int]) -> pl.DataFrame:
    """A whole run's totals as one counts row (what its counts shards would sum to): the
    frame a summary reads when the rows were counted as they were played."""
    return pl.DataFrame({FIRST: [0], COUNTED: [deals], **{k: [v] for k, v in totals.items()}},
                        schema={n: pl.Int64 for n in (FIRST, COUNTED, *totals)})


def shard_table(spec: RunSpec, index: int, sums: np.ndarray, names: list[str],
                schema_: pa.Schema) -> pa.Table:
    """The one-row table of shard ``index`` from its summed totals."""
    start, count = spec.shard_range(index)
    cols = {FIRST: np.array([start]), COUNTED: np.array([count])}
    cols.update({n: np.array([int(v)]) for n, v in zip(names, sums)})
    return numpy_table(cols, schema_)


def check(table: pa.Table, start: int, count: int) -> str | None:
    """``None`` if a counts shard covers exactly the deals ``start .. start + count - 1``."""
    if table.num_rows != 1:
        return f"has {table.num_rows} rows, expected 1 (a counts shard)"
    if table.column(FIRST)[0].as_py() != start or table.column(COUNTED)[0].as_py() != count:
        return "holds the wrong hands"
    return None


def is_counts(frame: pl.LazyFrame | pl.DataFrame) -> bool:
    """Whether ``frame`` holds counts shards rather than rows."""
    names = frame.collect_schema().names() if isinstance(frame, pl.LazyFrame) else frame.columns
    return COUNTED in names


def totals(frame: pl.LazyFrame | pl.DataFrame, exprs: dict[str, pl.Expr]) -> pl.DataFrame:
    """One row: ``__n`` (deals) and every total of ``exprs``, from rows or counts shards."""
    lazy = frame.lazy()
    if is_counts(frame):
        return lazy.select([pl.col(COUNTED).sum().alias("__n"),
                            *[pl.col(k).sum() for k in exprs]]).collect()
    return lazy.select([pl.len().alias("__n"), *[e.alias(k) for k, e in exprs.items()]]).collect(
        engine="streaming")
