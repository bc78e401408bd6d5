"""The ``deals`` workload: what the 广水 deal decides, per seat, against exact odds.

Seat 0 deals in every hand of a scan (31 cards); seats 1 and 2 hold 30. Per seat: 将
count, 闹 (four identical) and 子 (exactly three identical) dealt, 素车 dealt (a same-colour
将士相 or 车马炮 with every card twice or more), colours of 将 and of 卒 held twice or more
(three = a dealt 肥车, four = a 长车); and whether the dealer's 31 cards already win. The
summary sets every Monte Carlo rate beside its exact value from :func:`sim.exact.unit_distribution`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import polars as pl
import pyarrow as pa
from numba import njit

from sim import exact
from sim.columns import values
from sim.deal_scan import (
    DealsWorkload, deals_schema, feature_totals, seat_columns, seat_event_summary, seat_fields,
    seed_hand, total_of,
)
from sim.games.base import RunSpec
from sim.games.sise.cards import DECK_SIZE, JIANG, N_KINDS, N_RANKS, ZU
from sim.games.sise.guangshui import engine as E
from sim.games.sise.guangshui import state as T
from sim.games.sise.guangshui.claims import win_level
from sim.games.sise.guangshui.rules import rules_vector
from sim.games.sise.guangshui.rules import GuangshuiRules
from sim.games.sise.guangshui.scoring import MAX_ITEMS, N_OUT
from sim.rng import shuffle_prefix

SEAT_NAMES = ("庄 dealer", "下家", "上家")
DEALT = T.DEALER_CARDS + 2 * T.PLAYER_CARDS
FEATURES = ("jiang", "nao", "zi", "su_che", "jiang2", "zu2")


@njit(cache=True, nogil=True)
def scan_deals(root: np.uint64, start: np.int64, count: np.int64, cfg: np.ndarray,
               seeds: np.ndarray, feat: np.ndarray, dealer_win: np.ndarray) -> None:
    """Deal hands ``start ..`` exactly as ``play`` deals them (dealer seat 0) and record them."""
    deck = np.empty(DECK_SIZE, dtype=np.int64)
    st = np.zeros(1, dtype=np.uint64)
    counts = np.zeros((T.N_SEATS, N_KINDS), dtype=np.int64)
    s = np.zeros(T.STATE_SIZE, dtype=np.int64)
    E.init_state(s, 0, cfg)
    out = np.zeros(N_OUT, dtype=np.int64)
    items = np.zeros(MAX_ITEMS + 1, dtype=np.int64)
    for h in range(count):
        seed_hand(root, start, h, seeds, st)
        for i in range(DECK_SIZE):
            deck[i] = i // 4
        # the first 91 places of a Fisher–Yates shuffle do not depend on the rest: these are
        # exactly the hands ``play`` deals (the stock order is not needed here)
        shuffle_prefix(st, deck, DEALT)
        counts[:] = 0
        pos = 0
        for p in range(T.N_SEATS):
            for _ in range(T.DEALER_CARDS if p == 0 else T.PLAYER_CARDS):
                counts[p, deck[pos]] += 1
                pos += 1
        for p in range(T.N_SEATS):
            jiang = nao = zi = che = j2 = z2 = 0
            for k in range(N_KINDS):
                c = counts[p, k]
                nao += c == 4
                zi += c == 3
                if k % N_RANKS == JIANG:
                    jiang += c
                    j2 += c >= 2
                elif k % N_RANKS == ZU:
                    z2 += c >= 2
            for b in range(8):
                base = (b // 2) * N_RANKS + (b % 2) * 3
                if counts[p, base] >= 2 and counts[p, base + 1] >= 2 and counts[p, base + 2] >= 2:
                    che += 1
            feat[0, p, h], feat[1, p, h], feat[2, p, h] = jiang, nao, zi
            feat[3, p, h], feat[4, p, h], feat[5, p, h] = che, j2, z2
        for k in range(N_KINDS):
            s[T.HAND + k] = counts[0, k]
        dealer_win[h] = win_level(s, 0, out, items)


def _units(feature: str) -> list:
    none = (lambda c: 0)
    if feature == "su_che":
        return [(8, 3, 4, lambda c: int(min(c) >= 2)), (4, 1, 4, none)]
    if feature in ("jiang", "jiang2", "zu2"):
        f = (lambda c: c[0]) if feature == "jiang" else (lambda c: int(c[0] >= 2))
        return [(4, 1, 4, f), (24, 1, 4, none)]
    return [(28, 1, 4, (lambda c: int(c[0] == 4)) if feature == "nao" else (lambda c: int(c[0] == 3)))]


EVENTS = (  # name, feature, test on the value
    ("将 ≥ 4", "jiang", lambda v: v >= 4), ("将 ≥ 6", "jiang", lambda v: v >= 6),
    ("将 = 0", "jiang", lambda v: v == 0), ("闹 ≥ 1", "nao", lambda v: v >= 1),
    ("闹 ≥ 2", "nao", lambda v: v >= 2), ("子 ≥ 3", "zi", lambda v: v >= 3),
    ("子 ≥ 5", "zi", lambda v: v >= 5), ("素车 dealt", "su_che", lambda v: v >= 1),
    ("将 肥车 dealt (3 colours)", "jiang2", lambda v: v == 3),
    ("将 长车 dealt (4 colours)", "jiang2", lambda v: v == 4),
    ("卒 肥车 or 长车 dealt", "zu2", lambda v: v >= 3),
)
RARE = frozenset({"将 = 0", "闹 ≥ 2", "子 ≥ 5", "将 长车 dealt (4 colours)"})


def exact_events() -> dict[tuple[int, str], Fraction]:
    """Exact probability of every deal event for a hand of 31 (dealer) and 30 (others)."""
    out = {}
    for hand in (31, 30):
        dists = {f: exact.unit_distribution(units=_units(f), hand=hand) for f in FEATURES}
        for name, feature, test in EVENTS:
            d = dists[feature]
            out[(hand, name)] = sum((p for v, p in d.items() if test(v)), Fraction(0))
    return out


class GuangshuiDeals(DealsWorkload):
    """Scan dealt hands for what the deal decides."""

    description = "deal hands: 将, 闹, 子, dealt 车 per seat against exact odds; dealer's dealt win"
    default_shard_size = 1_000_000
    default_hands = 1_000_000

    def schema(self, spec: RunSpec) -> pa.Schema:
        return deals_schema(seat_fields(FEATURES, T.N_SEATS, pa.int8())
                            + [pa.field("dealer_win", pa.int8())])

    def play(self, spec: RunSpec, start: int, count: int) -> pa.Table:
        rules = GuangshuiRules.from_options(overrides=spec.rules)
        seeds = np.empty(count, dtype=np.uint64)
        feat = np.zeros((len(FEATURES), T.N_SEATS, count), dtype=np.int8)
        win = np.zeros(count, dtype=np.int8)
        scan_deals(np.uint64(spec.seed), np.int64(start), np.int64(count), rules_vector(rules),
                   seeds, feat, win)
        return self.deal_table(spec, start, count, seeds,
                               {**seat_columns(FEATURES, feat, T.N_SEATS), "dealer_win": win})

    def count_exprs(self, spec: RunSpec) -> dict[str, pl.Expr]:
        return event_totals()

    def count_table(self, spec: RunSpec, table: pa.Table) -> np.ndarray:
        """The totals of :func:`event_totals` over a block of rows: each event's test on a
        numpy column (the tests work on numbers, expressions and arrays alike), counted by
        numpy, several times quicker than evaluating the expressions."""
        totals = [np.count_nonzero(test(values(table.column(f"{feature}_{s}"))))
                  for s in range(T.N_SEATS) for _, feature, test in EVENTS]
        totals.append(np.count_nonzero(values(table.column("dealer_win")) > 0))
        return np.array(totals, dtype=np.int64)

    def summary(self, spec: RunSpec, frame: pl.LazyFrame) -> pl.DataFrame:
        return deal_summary(frame)

    def exact_table(self) -> pl.DataFrame:
        """Every deal event's exact probability (``paiju exact guangshui``)."""
        ex = exact_events()
        rows = [{"hand": f"{'dealer' if h == 31 else 'player'} ({h} cards)", "event": name,
                 "exact": float(p), "one in": f"{1 / float(p):,.0f}" if p else "never",
                 "fraction": str(p)} for (h, name), p in ex.items()]
        return pl.DataFrame(rows)

    def chart_words(self, spec: RunSpec) -> dict[str, Any]:
        return dict(subject="广水 deal events", exact_only=True,
                    intro="Seat 0 deals (31 cards), the others hold 30.")


def event_totals() -> dict[str, pl.Expr]:
    """Hits of every deal event per seat (``"seat|event"``), as totals over the rows."""
    exprs = feature_totals(T.N_SEATS, EVENTS)
    exprs["0|dealer's 31 dealt cards win"] = total_of(pl.col("dealer_win") > 0)
    return exprs


def deal_summary(frame: pl.LazyFrame, *, level: float = 0.95) -> pl.DataFrame:
    """Per seat and event: hits, rate, interval, the exact value and whether it agrees
    (``frame`` holds rows or counts shards, :mod:`sim.counts`)."""
    ex = exact_events()

    def describe(seat: int, event: str) -> tuple[str, float | None, bool]:
        e = ex.get((T.DEALER_CARDS if seat == 0 else T.PLAYER_CARDS, event))
        return (SEAT_NAMES[seat], None if e is None else float(e),
                event in RARE or event.startswith("dealer"))

    return seat_event_summary(frame, event_totals(), describe, level=level)
