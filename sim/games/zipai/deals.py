"""The ``deals`` workload: deal hands and record 提, 坎, red cards and 三提五坎 per seat.

Seat 0 deals in every hand of a scan (21 cards with the 亮张); seat 1 is the dealer's
下家 and seat 2 the 上家. The summary compares every Monte Carlo rate with its exact
value from :mod:`sim.games.zipai.exact`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl
import pyarrow as pa
from numba import njit

from sim.columns import values
from sim.deal_scan import (
    DealsWorkload, deals_schema, seat_columns, seat_event_summary, seat_fields, seed_hand,
    total_of,
)
from sim.exact import events_table
from sim.games.base import RunSpec
from sim.games.zipai import exact
from sim.games.zipai.cards import DECK_SIZE, N_KINDS, RED_MASK
from sim.games.zipai.deal import (
    DEALER_CARDS, DEALT, N_SEATS, NATURAL_FIVE_KAN, NATURAL_NONE, NATURAL_THREE_TI, count_kinds,
    seat_slice, shuffled_deck,
)

SEAT_NAMES = ("庄 dealer", "下家", "上家")
_INT8_COLUMNS = ("ti", "kan", "red", "natural")
_RED = RED_MASK.copy()


@njit(cache=True, nogil=True)
def scan_deals(
    root_seed: np.uint64,
    start: np.int64,
    count: np.int64,
    seeds: np.ndarray,
    liangzhang: np.ndarray,
    ti: np.ndarray,
    kan: np.ndarray,
    red: np.ndarray,
    natural: np.ndarray,
    natural_winner: np.ndarray,
) -> None:
    """Deal ``count`` hands from hand index ``start`` and record the deal events.

    Per seat ``s`` (0 = dealer, 1 = 下家, 2 = 上家) and hand ``h``: ``ti[s, h]`` kinds held
    four times, ``kan[s, h]`` kinds held three times, ``red[s, h]`` red cards,
    ``natural[s, h]`` the 三提五坎 condition met (seat-major, so each seat's column is
    contiguous). ``natural_winner[h]`` is the seat that
    wins the natural 天胡 (dealer before 下家 before 上家), or -1.
    """
    cards = np.empty(DECK_SIZE, dtype=np.int8)
    counts = np.zeros(N_KINDS, dtype=np.int8)
    state = np.zeros(1, dtype=np.uint64)
    for h in range(count):
        seed_hand(root_seed, start, h, seeds, state)
        shuffled_deck(state, cards, DEALT)
        liangzhang[h] = cards[DEALER_CARDS - 1]
        natural_winner[h] = -1
        for s in range(N_SEATS):
            lo, hi = seat_slice(s)
            count_kinds(cards, lo, hi, counts)
            n_ti = 0
            n_kan = 0
            n_red = 0
            for k in range(N_KINDS):
                c = counts[k]
                if c == 4:
                    n_ti += 1
                elif c == 3:
                    n_kan += 1
                if _RED[k]:
                    n_red += c
            ti[s, h] = n_ti
            kan[s, h] = n_kan
            red[s, h] = n_red
            nat = NATURAL_NONE
            if n_ti >= 3:
                nat = NATURAL_THREE_TI
            elif n_ti + n_kan >= 5:
                nat = NATURAL_FIVE_KAN
            natural[s, h] = nat
            if nat != NATURAL_NONE and natural_winner[h] < 0:
                natural_winner[h] = s


class DealScan(DealsWorkload):
    """Scan dealt hands for natural wins and other deal events."""

    description = "deal hands and record 提/坎/red cards and 三提五坎 natural wins per seat"
    default_shard_size = 1_000_000
    compile_seconds = 5.0

    def schema(self, spec: RunSpec) -> pa.Schema:
        return deals_schema([pa.field("liangzhang", pa.int8())]
                            + seat_fields(_INT8_COLUMNS, N_SEATS, pa.int8())
                            + [pa.field("natural_winner", pa.int8())])

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
        return self.deal_table(spec, start, count, seeds, {
            "liangzhang": liangzhang,
            **seat_columns(_INT8_COLUMNS, [per_seat[name] for name in _INT8_COLUMNS], N_SEATS),
            "natural_winner": winner})

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

    def chart_words(self, spec: RunSpec) -> dict[str, Any]:
        from sim import plots

        return dict(
            subject="Deal events", exact_only=True,
            colours=lambda shown: [plots.COLOURS[SEAT_NAMES.index(seat)] for seat in shown["seat"]],
            intro="Each row is one deal event for one seat (the dealer holds 21 cards, the others "
            "20): the dot and bar are the Monte Carlo rate and its 95% interval, the diamond the "
            "exact probability from `paiju exact zipai`.")


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
    return {f"{s}|{event}": total_of(expr)
            for s in range(N_SEATS) for event, expr in _event_exprs(s).items()}


def deal_summary(frame: pl.LazyFrame, *, level: float = 0.95) -> pl.DataFrame:
    """Per seat and event: hits, rate, its interval, the exact value, agreement.

    Rare events (三提五坎 and the like) get the exact Clopper–Pearson interval, the others
    the Wilson interval; the ``interval`` column says which. ``frame`` holds rows or
    counts shards (:mod:`sim.counts`).
    """
    exact_values = {(e.role, e.event): e.value for e in exact.deal_events()}

    def describe(seat: int, event: str) -> tuple[str, float | None, bool]:
        role = "dealer" if seat == 0 else "player"
        return SEAT_NAMES[seat], exact_values.get((role, event)), event in RARE_EVENTS

    return seat_event_summary(frame, event_totals(), describe, level=level)
