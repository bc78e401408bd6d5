"""The ``deals`` workload of the pairing game: deal once per row, record what each hand holds.

Hand ``i`` is the deal of hand ``i`` of a ``play`` run with the same rules, seat 0 the 头家
(before the deal-time 偷 loop). Per seat: complete as dealt (with one eye if ``eye_required``),
a 暗 (three or more of a type), a 亮 (four or more), a 燕 (one of each seven); the summary holds
every rate against its exact value, for one deck or two.
"""

from __future__ import annotations


import numpy as np
import polars as pl
import pyarrow as pa
from numba import njit

from sim import counts
from sim.deal_scan import (
    DealsWorkload, deals_schema, flag_agreement, rate_cells, seat_columns, seat_fields, seed_hand,
    summary_frame, total_of,
)
from sim.games.base import RunSpec
from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.pairs.engine import MAX_CARDS, MAXP, deal_cards
from sim.games.chuanpai.pairs.groups import complete
from sim.games.chuanpai.pairs.rules import C_NP, PairsRules, deal_sizes_of, rules_vector

EVENTS = ("complete", "an", "liang", "yan")
LABELS = {"complete": "complete as dealt", "an": "暗 (3+ of a type)", "liang": "亮 (4+ of a type)",
          "yan": "燕 (the three sevens)"}


@njit(cache=True, nogil=True)
def scan_deals(root: np.uint64, start: int, count: int, cfg: np.ndarray, seeds: np.ndarray,
               feat: np.ndarray) -> None:
    """Deal ``count`` hands and record ``feat[event, seat, i]`` (events as in ``EVENTS``)."""
    hands = np.zeros((MAXP, N_TYPES), dtype=np.int16)
    deck = np.empty(MAX_CARDS, dtype=np.int16)
    rng = np.zeros(1, dtype=np.uint64)
    n = cfg[C_NP]
    for i in range(count):
        seed_hand(root, start, i, seeds, rng)
        deal_cards(rng, 0, cfg, hands, deck)
        for p in range(n):
            h = hands[p]
            feat[0, p, i] = complete(h, cfg)
            big = 0
            for k in range(N_TYPES):
                big = max(big, h[k])
            feat[1, p, i] = big >= 3
            feat[2, p, i] = big >= 4
            feat[3, p, i] = h[9] > 0 and h[15] > 0 and h[16] > 0


class PairsDeals(DealsWorkload):
    """Scan deals for complete hands, 暗, 亮 and 燕."""

    rules_type = PairsRules
    description = "deal pairing-game hands: complete (天胡 before 偷), 暗, 亮, 燕 per seat, against exact odds"
    default_shard_size = 500_000
    default_hands = 1_000_000

    def schema(self, spec: RunSpec) -> pa.Schema:
        return deals_schema(seat_fields(EVENTS, self.rules(spec).players, pa.bool_()))

    def play(self, spec: RunSpec, start: int, count: int) -> pa.Table:
        rules = self.rules(spec)
        n = rules.players
        seeds = np.empty(count, dtype=np.uint64)
        feat = np.zeros((len(EVENTS), MAXP, count), dtype=np.bool_)
        scan_deals(np.uint64(spec.seed), np.int64(start), np.int64(count), rules_vector(rules), seeds, feat)
        return self.deal_table(spec, start, count, seeds, seat_columns(EVENTS, feat, n))

    def count_exprs(self, spec: RunSpec) -> dict[str, pl.Expr]:
        return event_totals(spec)

    def summary(self, spec: RunSpec, frame: pl.LazyFrame) -> pl.DataFrame:
        return deal_summary(spec, frame)

    def exact_table(self) -> pl.DataFrame:
        """Every deal event's exact probability for both presets (``paiju exact pairs``)."""
        from sim.games.chuanpai.pairs.exact import deal_events

        rows = []
        tables = (("seed", {}, (16, 15, 5, 3)), ("seed", {"eye_required": True}, (16, 15, 5, 3)),
                  ("seed", {"decks": 2}, (16, 15)), ("doushisi", {}, (18, 17, 5)),
                  ("doushisi", {"eye_required": True}, (18, 17, 5)))
        for preset, extra, sizes in tables:
            rules = PairsRules.from_options(preset=preset, overrides=extra)
            label = preset + "".join(f", {k}={v}" for k, v in extra.items())
            for m in sizes:
                for event, p in deal_events(m, rules=rules).items():
                    if extra and event != "complete as dealt" and "decks" not in extra:
                        continue  # the eye changes only completeness
                    rows.append({"preset": label, "hand": f"{m} cards", "event": event,
                                 "exact": float(p), "one in": f"{1 / float(p):,.0f}" if p else "never",
                                 "fraction": str(p)})
        return pl.DataFrame(rows)

    def chart_words(self, spec: RunSpec) -> dict[str, str]:
        return dict(
            subject="Pairing-game deal events",
            intro="Per seat (from the 头家) and event: the Monte Carlo rate with its 95% interval "
            "(Clopper–Pearson) and the exact probability (`sim.games.chuanpai.pairs.exact`).")


def event_totals(spec: RunSpec) -> dict[str, pl.Expr]:
    """Hits of every deal event per seat (``"event_seat"``), as totals over the rows."""
    rules = PairsRules(**spec.rules)
    events = [e for e in EVENTS if e != "yan" or rules.yan]
    return {f"{e}_{s}": total_of(pl.col(f"{e}_{s}")) for e in events for s in range(rules.players)}


def deal_summary(spec: RunSpec, frame: pl.LazyFrame, *, level: float = 0.95) -> pl.DataFrame:
    """Per seat and event: hits, rate, interval, exact value, its p-value and whether they agree
    (not rejected after Holm's adjustment over the table's rows)."""
    from sim.games.chuanpai.pairs.exact import deal_events

    rules = PairsRules(**spec.rules)
    n = rules.players
    sizes = deal_sizes_of(n, rules.deal, rules.decks)
    events = [e for e in EVENTS if e != "yan" or rules.yan]
    totals = counts.totals(frame, event_totals(spec))
    count = int(totals["__n"][0])
    rows = []
    for s in range(n):
        exact = deal_events(sizes[s], rules=rules)
        for e in events:
            ex = exact.get(LABELS[e])
            rows.append({"seat": f"{'头家' if s == 0 else f'seat {s}'} ({sizes[s]})", "event": LABELS[e],
                         **rate_cells(int(totals[f"{e}_{s}"][0]), count, level=level),
                         "exact": None if ex is None else float(ex)})
    flag_agreement(rows, count, level=level)
    return summary_frame(rows)
