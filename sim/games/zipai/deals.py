"""The ``deals`` workload: deal hands and record 提, 坎, red cards and 三提五坎 per seat.

Seat 0 deals in every hand of a scan (21 cards with the 亮张); seat 1 is the dealer's
下家 and seat 2 the 上家. The summary compares every Monte Carlo rate with its exact
value from :mod:`sim.games.zipai.exact`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl
import pyarrow as pa
from numba import njit

from sim import counts
from sim.columns import numpy_table, values
from sim.exact import events_table
from sim.games.base import RunSpec, Section, Workload, required_schema
from sim.games.zipai import exact
from sim.games.zipai.deal import N_SEATS, scan_deals
from sim.stats import exact_agreement, rate_interval

SEAT_NAMES = ("庄 dealer", "下家", "上家")
_INT8_COLUMNS = ("ti", "kan", "red", "natural")


class DealScan(Workload):
    """Scan dealt hands for natural wins and other deal events."""

    scan_kernel = "scan_deals"  # the compiled scan of this module that play calls
    name = "deals"
    description = "deal hands and record 提/坎/red cards and 三提五坎 natural wins per seat"
    default_shard_size = 1_000_000
    compile_seconds = 5.0

    def schema(self, spec: RunSpec) -> pa.Schema:
        fields = [
            pa.field("hand", pa.int64()),
            pa.field("seed", pa.uint64()),
            pa.field("dealer", pa.int8()),
            pa.field("liangzhang", pa.int8()),
        ]
        for name in _INT8_COLUMNS:
            fields += [pa.field(f"{name}_{s}", pa.int8()) for s in range(N_SEATS)]
        fields.append(pa.field("natural_winner", pa.int8()))
        return required_schema(fields)

    def _scan(self, spec: RunSpec, start: int, count: int) -> tuple:
        seeds = np.empty(count, dtype=np.uint64)
        liangzhang = np.empty(count, dtype=np.int8)
        per_seat = {name: np.empty((N_SEATS, count), dtype=np.int8) for name in _INT8_COLUMNS}
        winner = np.empty(count, dtype=np.int8)
        scan_deals(
            np.uint64(spec.seed), np.int64(start), np.int64(count), seeds, liangzhang,
            per_seat["ti"], per_seat["kan"], per_seat["red"], per_seat["natural"], winner,
        )
        return seeds, liangzhang, per_seat, winner

    def play(self, spec: RunSpec, start: int, count: int) -> pa.Table:
        seeds, liangzhang, per_seat, winner = self._scan(spec, start, count)
        columns = {
            "hand": np.arange(start, start + count, dtype=np.int64),
            "seed": seeds,
            "dealer": np.zeros(count, dtype=np.int8),
            "liangzhang": liangzhang,
        }
        for name in _INT8_COLUMNS:
            for s in range(N_SEATS):
                columns[f"{name}_{s}"] = per_seat[name][s]
        columns["natural_winner"] = winner
        return numpy_table(columns, self.schema(spec))

    def count_block(self, spec: RunSpec, start: int, count: int) -> np.ndarray:
        """The totals of :func:`event_totals` for deals ``start ..``, counted in compiled code."""
        _, _, per_seat, winner = self._scan(spec, start, count)
        return _totals([{name: per_seat[name][s] for name in _INT8_COLUMNS} for s in range(N_SEATS)],
                       winner)

    def count_table(self, spec: RunSpec, table: pa.Table) -> np.ndarray:
        """The same totals over a block of rows, counted in compiled code."""
        seats = [{name: values(table.column(f"{name}_{s}")) for name in _INT8_COLUMNS}
                 for s in range(N_SEATS)]
        return _totals(seats, values(table.column("natural_winner")))

    def exact_table(self) -> pl.DataFrame:
        return events_table(exact.deal_events())

    def exact_details(self) -> str:
        lines = []
        for hand in (21, 20):
            lines.append(f"Distributions for a hand of {hand} cards:")
            for name, dist in exact.distributions(hand).items():
                cells = "  ".join(f"{v}: {float(p):.6f}" for v, p in dist.items() if float(p) >= 5e-7)
                lines.append(f"  {name}: {cells}")
        return "\n".join(lines)

    def count_exprs(self, spec: RunSpec) -> dict[str, pl.Expr]:
        return event_totals()

    def summary(self, spec: RunSpec, frame: pl.LazyFrame) -> pl.DataFrame:
        return deal_summary(frame)

    def report_sections(self, spec: RunSpec, frame: pl.LazyFrame, figures: Path) -> list[Section]:
        from sim import plots
        from sim.display import markdown_table

        table = deal_summary(frame)
        shown = table.filter(pl.col("exact").is_not_null() & (pl.col("hits") > 0))
        labels = [f"{seat}  {event}" for seat, event in shown.select("seat", "event").iter_rows()]
        colours = [plots.COLOURS[SEAT_NAMES.index(seat)] for seat in shown["seat"]]
        fig = plots.interval_chart(
            labels, shown["rate"].to_list(), shown["ci_low"].to_list(), shown["ci_high"].to_list(),
            title="Deal events: Monte Carlo against exact", log=True, colours=colours,
            xlabel="share of deals (%, log scale); bar = 95% interval, ◇ = exact value",
            markers=shown["exact"].to_list(), marker_label="exact probability",
        )
        flagged = table.filter(pl.col("agrees") == False).height  # noqa: E712
        checked = table["agrees"].drop_nulls().len()
        figure = plots.save(fig, figures / "deal_events.png")
        return [Section(
            "Deal events against their exact odds",
            "Each row is one deal event for one seat (the dealer holds 21 cards, the others 20): "
            "the dot and bar are the Monte Carlo rate and its 95% interval, the diamond the exact "
            f"probability from `paiju exact zipai`. `p` is each row's unadjusted two-sided "
            f"binomial p-value; a row is flagged (`agrees` false) only when it stays below 5% "
            f"after Holm's adjustment over the {checked} rows: {flagged} are.\n\n"
            + markdown_table(table) + plots.nothing_drawn(figure, "None of these events happened in these deals"),
            figure,
        )]


def _totals(seats: list[dict[str, np.ndarray]], winner: np.ndarray) -> np.ndarray:
    """The totals of :func:`event_totals` from each seat's columns and the winner's."""
    out = np.zeros(N_SEATS * 8, dtype=np.int64)
    for s, cols in enumerate(seats):
        _count_seat(cols["ti"], cols["kan"], cols["red"], cols["natural"], winner, s, out[8 * s:])
    return out


@njit(cache=True, nogil=True)
def _count_seat(ti, kan, red, natural, winner, seat, out) -> None:
    """Add up the events of :func:`_event_exprs` for one seat, in the same order."""
    a = b = c = d = e = f = g = h = 0  # in registers: `out` might alias the columns
    for i in range(winner.shape[0]):
        t, r = ti[i], red[i]
        a += t >= 1
        b += t >= 2
        c += t >= 3
        d += t + kan[i] >= 5
        e += natural[i] > 0
        f += r >= 10
        g += r == 0
        h += winner[i] == seat
    out[0], out[1], out[2], out[3] = a, b, c, d
    out[4], out[5], out[6], out[7] = e, f, g, h


def _event_exprs(s: int) -> dict[str, pl.Expr]:
    ti, kan, red = pl.col(f"ti_{s}"), pl.col(f"kan_{s}"), pl.col(f"red_{s}")
    return {
        "提 ≥ 1": ti >= 1,
        "提 ≥ 2": ti >= 2,
        "提 ≥ 3": ti >= 3,
        "提+坎 ≥ 5": (ti + kan) >= 5,
        "三提五坎": pl.col(f"natural_{s}") > 0,
        "红 ≥ 10": red >= 10,
        "红 = 0": red == 0,
        "wins by 三提五坎": pl.col("natural_winner") == s,
    }


RARE_EVENTS = frozenset({"提 ≥ 3", "提+坎 ≥ 5", "三提五坎", "红 = 0", "wins by 三提五坎"})


def event_totals() -> dict[str, pl.Expr]:
    """Hits of every deal event per seat (``"seat|event"``), as totals over the rows."""
    exprs = {}
    for s in range(N_SEATS):
        for event, expr in _event_exprs(s).items():
            exprs[f"{s}|{event}"] = expr.cast(pl.Int64).sum()
    return exprs


def deal_summary(frame: pl.LazyFrame, *, level: float = 0.95) -> pl.DataFrame:
    """Per seat and event: hits, rate, its interval, the exact value, agreement.

    Rare events (三提五坎 and the like) get the exact Clopper–Pearson interval, the others
    the Wilson interval; the ``interval`` column says which. ``frame`` holds rows or
    counts shards (:mod:`sim.counts`).
    """
    exact_values = {(e.role, e.event): e.value for e in exact.deal_events()}
    exprs = event_totals()
    totals = counts.totals(frame, exprs)
    n = int(totals["__n"][0])
    keys = list(exprs)
    hits = np.array([int(totals[k][0]) for k in keys], dtype=np.int64)
    rare = np.array([k.split("|", 1)[1] in RARE_EVENTS for k in keys])
    trials = np.full(len(keys), max(n, 1))
    lo, hi = rate_interval(hits, trials, level=level)
    cp_lo, cp_hi = rate_interval(hits, trials, level=level, method="clopper-pearson")
    lo, hi = np.where(rare, cp_lo, lo), np.where(rare, cp_hi, hi)
    rows = []
    for k, h, a, b, is_rare in zip(keys, hits, lo, hi, rare):
        seat, event = k.split("|", 1)
        role = "dealer" if seat == "0" else "player"
        ex = exact_values.get((role, event))
        rows.append(
            {
                "seat": SEAT_NAMES[int(seat)],
                "event": event,
                "hits": int(h),
                "rate": h / max(n, 1),
                "ci_low": float(a),
                "ci_high": float(b),
                "interval": "exact CP" if is_rare else "Wilson",
                "exact": ex,
            }
        )
    # flag against Holm's adjusted level over the rows, so chance alone flags nothing
    p, agrees = exact_agreement(hits, n, [r["exact"] for r in rows], level=level)
    for row, pv, ok in zip(rows, p, agrees):
        row["p"], row["agrees"] = pv, ok
    return pl.DataFrame(rows, schema_overrides={"exact": pl.Float64, "p": pl.Float64,
                                                "agrees": pl.Boolean})
