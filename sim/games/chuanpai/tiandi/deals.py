"""The ``deals`` workload of 天地人和: deal once per row and record what each hand holds.

Hand ``i`` is the first deal of hand ``i`` of a ``play`` run (before any redeal), seat 0 the
dealer. Each row says, per seat, whether the hand is void (无天无九), its hard cards and its
key cards (天 红九 黑九); the summary holds every rate against its exact value.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
from numba import njit

from sim import counts
from sim.columns import numpy_table, values
from sim.games.base import RunSpec, Section, Workload, required_schema
from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.tiandi.engine import N_SEATS, deal_cards, no_key_card
from sim.rng import hand_seed
from sim.stats import exact_agreement, rate_interval

SEAT_NAMES = ("庄 dealer", "seat 1", "seat 2")


@njit(cache=True, nogil=True)
def scan_deals(root: np.uint64, start: int, count: int, seeds: np.ndarray, void: np.ndarray,
               hard: np.ndarray, keys: np.ndarray) -> None:
    """Deal ``count`` hands and record per seat: void, hard cards, key cards."""
    hands = np.zeros((N_SEATS, N_TYPES), dtype=np.int16)
    rng = np.zeros(1, dtype=np.uint64)
    for i in range(count):
        seed = hand_seed(root, start + i)
        seeds[i] = seed
        rng[0] = seed
        deal_cards(rng, 0, hands)
        for p in range(N_SEATS):
            void[p, i] = no_key_card(hands[p])
            hard[p, i] = hands[p, 17] + hands[p, 20]
            keys[p, i] = hands[p, 0] + hands[p, 11] + hands[p, 12]


class TiandiDeals(Workload):
    """Scan first deals for misdeals and hard cards."""

    scan_kernel = "scan_deals"  # the compiled scan of this module that play calls
    name = "deals"
    description = "deal 天地人和 hands: misdeals (无天无九) and hard cards per hand, against exact odds"
    default_shard_size = 1_000_000
    default_hands = 2_000_000

    def schema(self, spec: RunSpec) -> pa.Schema:
        fields = [pa.field("hand", pa.int64()), pa.field("seed", pa.uint64()),
                  pa.field("dealer", pa.int8())]
        fields += [pa.field(f"void_{s}", pa.bool_()) for s in range(N_SEATS)]
        fields += [pa.field(f"hard_{s}", pa.int8()) for s in range(N_SEATS)]
        fields += [pa.field(f"keys_{s}", pa.int8()) for s in range(N_SEATS)]
        fields.append(pa.field("misdeal", pa.bool_()))
        return required_schema(fields)

    def play(self, spec: RunSpec, start: int, count: int) -> pa.Table:
        seeds = np.empty(count, dtype=np.uint64)
        void = np.zeros((N_SEATS, count), dtype=np.bool_)
        hard = np.zeros((N_SEATS, count), dtype=np.int8)
        keys = np.zeros((N_SEATS, count), dtype=np.int8)
        scan_deals(np.uint64(spec.seed), np.int64(start), np.int64(count), seeds, void, hard, keys)
        cols = {"hand": np.arange(start, start + count, dtype=np.int64), "seed": seeds,
                "dealer": np.zeros(count, dtype=np.int8)}
        for name, arr in (("void", void), ("hard", hard), ("keys", keys)):
            for s in range(N_SEATS):
                cols[f"{name}_{s}"] = np.ascontiguousarray(arr[s])
        cols["misdeal"] = void.any(axis=0)
        return numpy_table(cols, self.schema(spec))

    def count_table(self, spec: RunSpec, table: pa.Table) -> np.ndarray:
        """The totals of :func:`event_totals` over a block of rows, counted by numpy and
        Arrow (several times quicker than evaluating the expressions)."""
        totals = []
        for s in range(N_SEATS):
            totals.append(_flags(table.column(f"void_{s}")))
            hard = values(table.column(f"hard_{s}"))
            totals += [np.count_nonzero(hard == h) for h in range(9)]
        totals.append(_flags(table.column("misdeal")))
        return np.array(totals, dtype=np.int64)

    def exact_table(self) -> pl.DataFrame:
        from sim.exact import events_table
        from sim.games.chuanpai.tiandi.exact import deal_events

        return events_table(deal_events())

    def count_exprs(self, spec: RunSpec) -> dict[str, pl.Expr]:
        return event_totals()

    def summary(self, spec: RunSpec, frame: pl.LazyFrame) -> pl.DataFrame:
        return deal_summary(frame)

    def report_sections(self, spec: RunSpec, frame: pl.LazyFrame, figures: Path) -> list[Section]:
        from sim import plots
        from sim.display import markdown_table

        table = deal_summary(frame)
        shown = table.filter(pl.col("hits") > 0)
        labels = [f"{seat}  {event}" for seat, event in shown.select("seat", "event").iter_rows()]
        fig = plots.interval_chart(
            labels, shown["rate"].to_list(), shown["ci_low"].to_list(), shown["ci_high"].to_list(),
            title="Deal events: Monte Carlo against exact", log=True,
            xlabel="share of deals (%, log scale); bar = 95% interval, ◇ = exact value",
            markers=shown["exact"].to_list(), marker_label="exact probability",
        )
        flagged = table.filter(pl.col("agrees") == False).height  # noqa: E712
        checked = table["agrees"].drop_nulls().len()
        figure = plots.save(fig, figures / "tiandi_deal_events.png")
        return [Section(
            "Misdeals and hard cards against their exact odds",
            "One row per seat and event (and one for the whole deal): the Monte Carlo rate with "
            "its 95% interval (Clopper–Pearson) and the exact probability (`sim.games.chuanpai."
            f"tiandi.exact`). `p` is each row's unadjusted two-sided binomial p-value; a row is "
            f"flagged (`agrees` false) only when it stays below 5% after Holm's adjustment over "
            f"the {checked} rows: {flagged} are.\n\n" + markdown_table(table) + plots.nothing_drawn(figure, "None of these events happened in these deals"),
            figure,
        )]


def _flags(column: pa.ChunkedArray) -> int:
    """How many of a boolean column's values are true."""
    return pc.sum(column, min_count=0).as_py()


def event_totals() -> dict[str, pl.Expr]:
    """Hits of every deal event per seat (``"seat|event"``, -1 the whole deal) over the rows."""
    exprs: dict[str, pl.Expr] = {}
    for s in range(N_SEATS):
        exprs[f"{s}|无天无九 (void hand)"] = pl.col(f"void_{s}").cast(pl.Int64).sum()
        for h in range(9):
            exprs[f"{s}|hard cards = {h}"] = (pl.col(f"hard_{s}") == h).cast(pl.Int64).sum()
    exprs["-1|some hand void (misdeal)"] = pl.col("misdeal").cast(pl.Int64).sum()
    return exprs


def deal_summary(frame: pl.LazyFrame, *, level: float = 0.95) -> pl.DataFrame:
    """Per seat and event: hits, rate, interval, exact value and whether they agree."""
    from sim.games.chuanpai.tiandi.exact import deal_events

    exact = {e.event: e.value for e in deal_events()}
    exprs = event_totals()
    totals = counts.totals(frame, exprs)
    n = int(totals["__n"][0])
    rows = []
    for key in exprs:
        seat, event = key.split("|", 1)
        hits = int(totals[key][0])
        lo, hi = rate_interval(hits, max(n, 1), level=level, method="clopper-pearson")
        ex = exact.get(event)
        rows.append({"seat": "deal" if seat == "-1" else SEAT_NAMES[int(seat)], "event": event,
                     "hits": hits, "rate": hits / max(n, 1), "ci_low": float(lo), "ci_high": float(hi),
                     "exact": ex})
    # flag against Holm's adjusted level over the rows, so chance alone flags nothing
    p, agrees = exact_agreement([r["hits"] for r in rows], max(n, 1), [r["exact"] for r in rows],
                                level=level)
    for row, pv, ok in zip(rows, p, agrees):
        row["p"], row["agrees"] = pv, ok
    return pl.DataFrame(rows, schema_overrides={"exact": pl.Float64, "p": pl.Float64,
                                                "agrees": pl.Boolean})
