"""The ``deals`` workload of 天地人和: deal once per row and record what each hand holds.

Hand ``i`` is the first deal of hand ``i`` of a ``play`` run (before any redeal), seat 0 the
dealer. Each row says, per seat, whether the hand is void (无天无九), its hard cards and its
key cards (天 红九 黑九); the summary holds every rate against its exact value.
"""

from __future__ import annotations


import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
from numba import njit

from sim.columns import values
from sim.deal_scan import (
    DealsWorkload, deals_schema, seat_columns, seat_event_summary, seat_fields, seed_hand,
    total_of,
)
from sim.games.base import RunSpec
from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.tiandi.engine import N_SEATS, deal_cards, no_key_card

SEAT_NAMES = ("庄 dealer", "seat 1", "seat 2")


@njit(cache=True, nogil=True)
def scan_deals(root: np.uint64, start: int, count: int, seeds: np.ndarray, void: np.ndarray,
               hard: np.ndarray, keys: np.ndarray) -> None:
    """Deal ``count`` hands and record per seat: void, hard cards, key cards."""
    hands = np.zeros((N_SEATS, N_TYPES), dtype=np.int16)
    rng = np.zeros(1, dtype=np.uint64)
    for i in range(count):
        seed_hand(root, start, i, seeds, rng)
        deal_cards(rng, 0, hands)
        for p in range(N_SEATS):
            void[p, i] = no_key_card(hands[p])
            hard[p, i] = hands[p, 17] + hands[p, 20]
            keys[p, i] = hands[p, 0] + hands[p, 11] + hands[p, 12]


class TiandiDeals(DealsWorkload):
    """Scan first deals for misdeals and hard cards."""

    description = "deal 天地人和 hands: misdeals (无天无九) and hard cards per hand, against exact odds"
    default_shard_size = 1_000_000
    default_hands = 2_000_000

    def schema(self, spec: RunSpec) -> pa.Schema:
        return deals_schema(seat_fields(("void",), N_SEATS, pa.bool_())
                            + seat_fields(("hard", "keys"), N_SEATS, pa.int8())
                            + [pa.field("misdeal", pa.bool_())])

    def play(self, spec: RunSpec, start: int, count: int) -> pa.Table:
        seeds = np.empty(count, dtype=np.uint64)
        void = np.zeros((N_SEATS, count), dtype=np.bool_)
        hard = np.zeros((N_SEATS, count), dtype=np.int8)
        keys = np.zeros((N_SEATS, count), dtype=np.int8)
        scan_deals(np.uint64(spec.seed), np.int64(start), np.int64(count), seeds, void, hard, keys)
        return self.deal_table(spec, start, count, seeds, {
            **seat_columns(("void", "hard", "keys"), (void, hard, keys), N_SEATS),
            "misdeal": void.any(axis=0)})

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

    def chart_words(self, spec: RunSpec) -> dict[str, str]:
        return dict(
            subject="Misdeals and hard cards",
            intro="One row per seat and event (and one for the whole deal): the Monte Carlo rate "
            "with its 95% interval (Clopper–Pearson) and the exact probability (`sim.games."
            "chuanpai.tiandi.exact`).")


def _flags(column: pa.ChunkedArray) -> int:
    """How many of a boolean column's values are true."""
    return pc.sum(column, min_count=0).as_py()


def event_totals() -> dict[str, pl.Expr]:
    """Hits of every deal event per seat (``"seat|event"``, -1 the whole deal) over the rows."""
    exprs: dict[str, pl.Expr] = {}
    for s in range(N_SEATS):
        exprs[f"{s}|无天无九 (void hand)"] = total_of(pl.col(f"void_{s}"))
        for h in range(9):
            exprs[f"{s}|hard cards = {h}"] = total_of(pl.col(f"hard_{s}") == h)
    exprs["-1|some hand void (misdeal)"] = total_of(pl.col("misdeal"))
    return exprs


def deal_summary(frame: pl.LazyFrame, *, level: float = 0.95) -> pl.DataFrame:
    """Per seat and event: hits, rate, interval, exact value and whether they agree."""
    from sim.games.chuanpai.tiandi.exact import deal_events

    exact = {e.event: e.value for e in deal_events()}

    def describe(seat: int, event: str) -> tuple[str, float | None, None]:
        return "deal" if seat < 0 else SEAT_NAMES[seat], exact.get(event), None

    return seat_event_summary(frame, event_totals(), describe, level=level)
