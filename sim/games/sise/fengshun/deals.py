"""The ``deals`` workload: what the 丰顺 deal decides, per position, against exact odds.

Hands are dealt exactly as ``play`` deals them (same seeds, dice, shuffle). Per position
(庄 dealer 21 cards, the others 20 each): 将 count, quads (four or more identical) and
triples (exactly three identical); and whether the dealer's 21 cards are already complete
(and score at least ``min_score``). The summary puts every Monte Carlo rate beside its
exact value from :func:`sim.exact.unit_distribution` for the deck in use (4 copies of each
kind, or 8 with two decks; exact for deals without ``redeal``).
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

import numpy as np
import polars as pl
import pyarrow as pa
from numba import njit

from sim import counts, exact
from sim.deal_scan import (
    DealsWorkload, deals_schema, feature_totals, rate_cells, seat_columns, seat_fields, seed_hand,
    total_of,
)
from sim.games.base import RunSpec
from sim.games.sise.cards import JIANG, N_KINDS, N_RANKS
from sim.games.sise.fengshun import engine as E
from sim.games.sise.fengshun.batch import tables
from sim.games.sise.fengshun.rules import rules_vector
from sim.games.sise.fengshun.rules import FengshunRules
from sim.games.sise.fengshun.scoring import CFG_MIN, best_score
from sim.games.sise.fengshun.state import DEALER, DEALER_CARDS, HAND, NS, PLAYER_CARDS, STATE_SIZE

POSITIONS = {2: ("庄 dealer", "下家"), 3: ("庄 dealer", "下家", "上家"),
             4: ("庄 dealer", "下家", "对家", "上家")}
FEATURES = ("jiang", "quads", "triples")
EVENTS = (  # name, feature, test on the value
    ("将 = 0", "jiang", lambda v: v == 0), ("将 ≥ 3", "jiang", lambda v: v >= 3),
    ("将 ≥ 5", "jiang", lambda v: v >= 5), ("four identical ≥ 1", "quads", lambda v: v >= 1),
    ("four identical ≥ 2", "quads", lambda v: v >= 2),
    ("three identical ≥ 2", "triples", lambda v: v >= 2),
    ("three identical ≥ 4", "triples", lambda v: v >= 4),
)
RARE = frozenset({"将 ≥ 5", "four identical ≥ 2", "three identical ≥ 4"})


@njit(cache=True, nogil=True)
def scan_deals(root: np.uint64, start: np.int64, count: np.int64, cfg: np.ndarray, tb: tuple,
               seeds: np.ndarray, feat: np.ndarray, dealer_win: np.ndarray) -> None:
    """Deal hands ``start ..`` as ``play`` does; record the features by position."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    for h in range(count):
        seed_hand(root, start, h, seeds, rng)
        E.deal(s, rng, cfg, -1)
        for q in range(min(s[NS], feat.shape[1])):  # feat has one row per seat
            p = (s[DEALER] + q) % s[NS]
            jiang = quads = triples = 0
            for k in range(N_KINDS):
                c = s[HAND + p * N_KINDS + k]
                quads += c >= 4
                triples += c == 3
                if k % N_RANKS == JIANG:
                    jiang += c
            feat[0, q, h], feat[1, q, h], feat[2, q, h] = jiang, quads, triples
        d = s[DEALER]
        v = best_score(s[HAND + d * N_KINDS: HAND + (d + 1) * N_KINDS], -1, tb)
        dealer_win[h] = 1 if v >= 0 and v >= cfg[CFG_MIN] else 0


def _units(feature: str, copies: int) -> list:
    none = (lambda c: 0)
    if feature == "jiang":
        return [(4, 1, copies, lambda c: c[0]), (24, 1, copies, none)]
    if feature == "quads":
        return [(28, 1, copies, lambda c: int(c[0] >= 4))]
    return [(28, 1, copies, lambda c: int(c[0] == 3))]


@functools.lru_cache(maxsize=4)
def exact_events(copies: int = 4) -> dict[tuple[int, str], Fraction]:
    """Exact probability of every deal event for a hand of 21 (dealer) and 20 (others) from
    a deck with ``copies`` of each of the 28 kinds (4: one deck, 8: two)."""
    out = {}
    for hand in (DEALER_CARDS, PLAYER_CARDS):
        dists = {f: exact.unit_distribution(units=_units(f, copies), hand=hand) for f in FEATURES}
        for name, feature, test in EVENTS:
            out[(hand, name)] = sum((p for v, p in dists[feature].items() if test(v)), Fraction(0))
    return out


class FengshunDeals(DealsWorkload):
    """Scan dealt hands for what the deal decides."""

    description = "deal hands: 将, quads and triples per position against exact odds; dealt wins"
    default_shard_size = 500_000
    default_hands = 1_000_000
    chart_labels = ("position", "event")

    def check(self, spec: RunSpec) -> None:
        FengshunRules.from_options(overrides=spec.rules)

    def seat_count(self, rules) -> int:
        return FengshunRules.from_options(overrides=rules).players

    def schema(self, spec: RunSpec) -> pa.Schema:
        return deals_schema(seat_fields(FEATURES, self.seat_count(spec.rules), pa.int8())
                            + [pa.field("dealer_win", pa.int8())])

    def play(self, spec: RunSpec, start: int, count: int) -> pa.Table:
        rules = FengshunRules.from_options(overrides=spec.rules)
        seeds = np.empty(count, dtype=np.uint64)
        n = rules.players
        feat = np.zeros((len(FEATURES), n, count), dtype=np.int8)
        win = np.zeros(count, dtype=np.int8)
        scan_deals(np.uint64(spec.seed), np.int64(start), np.int64(count), rules_vector(rules),
                   tables(rules), seeds, feat, win)
        return self.deal_table(spec, start, count, seeds,
                               {**seat_columns(FEATURES, feat, n), "dealer_win": win})

    def count_exprs(self, spec: RunSpec) -> dict[str, pl.Expr]:
        return event_totals(self.seat_count(spec.rules))

    def summary(self, spec: RunSpec, frame: pl.LazyFrame) -> pl.DataFrame:
        return deal_summary(frame, copies=_copies(spec))

    def exact_table(self) -> pl.DataFrame:
        """Every deal event's exact probability with one deck and with two (``paiju exact
        fengshun``)."""
        rows = [{"deck": f"{decks} ({112 * decks} cards)",
                 "hand": f"{'dealer' if h == DEALER_CARDS else 'player'} ({h} cards)", "event": name,
                 "exact": float(p), "one in": f"{1 / float(p):,.0f}" if p else "never",
                 "fraction": str(p)} for decks in (1, 2)
                for (h, name), p in exact_events(4 * decks).items()]
        return pl.DataFrame(rows)

    def chart_words(self, spec: RunSpec) -> dict[str, Any]:
        return dict(
            subject="丰顺 deal events", exact_only=True,
            intro=f"{_deck_text(spec)} The dealer holds 21 cards, the others 20. The exact values "
            "assume no redeal.")

    def verdict(self, checked: int, off: int) -> str:
        return (f"{off} of {checked} exact values fall outside their 95% interval; about "
                f"{0.05 * checked:.1f} would by chance.")


def _copies(spec: RunSpec) -> int:
    return 4 * FengshunRules.from_options(overrides=spec.rules).decks


def _deck_text(spec: RunSpec) -> str:
    r = FengshunRules.from_options(overrides=spec.rules)
    return f"{r.players} players, {r.decks} deck{'s' if r.decks > 1 else ''} ({112 * r.decks} cards)."


def event_totals(n_seats: int) -> dict[str, pl.Expr]:
    """Hits of every deal event per position (``"position|event"``), as totals over the rows."""
    exprs = feature_totals(n_seats, EVENTS)
    exprs["0|dealer's 21 dealt cards complete"] = total_of(pl.col("dealer_win") > 0)
    return exprs


def deal_summary(frame: pl.LazyFrame, *, copies: int = 4, level: float = 0.95) -> pl.DataFrame:
    """Per position and event: hits, rate, interval, the exact value (for a deck with
    ``copies`` of each kind) and whether it agrees."""
    ex = exact_events(copies)
    names = frame.lazy().collect_schema().names()
    first = "|将 = 0" if counts.is_counts(frame) else "jiang_"  # a column per position
    n_seats = sum(1 for c in names if (c.endswith(first) if first[0] == "|" else c.startswith(first)))
    exprs = event_totals(n_seats)
    tot = counts.totals(frame, exprs)
    n = int(tot["__n"][0])
    rows = []
    for key in exprs:
        q, event = key.split("|", 1)
        cells = rate_cells(int(tot[key][0]), n, level=level,
                           rare=event in RARE or event.startswith("dealer"))
        e = ex.get((DEALER_CARDS if q == "0" else PLAYER_CARDS, event))
        rows.append({"position": POSITIONS[n_seats][int(q)], "event": event, **cells,
                     "exact": None if e is None else float(e),
                     "agrees": None if e is None else bool(cells["ci_low"] <= float(e) <= cells["ci_high"])})
    return pl.DataFrame(rows, schema_overrides={"exact": pl.Float64, "agrees": pl.Boolean})
