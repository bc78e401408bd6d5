"""The ``deals`` workload of 升级: deal once per row and record what each seat was dealt.

Hand ``i`` is the deal of hand ``i`` of a ``play`` run with the same rules (the same seed,
declarations, trump suit and 庄家). Per seat: trump length, pairs (kinds held twice or
more), tractors (maximal runs of two or more adjacent pairs in one effective suit, as the
hand's card order has them), jokers and big jokers. The summary sets the measured rates and
means beside their exact values (:mod:`sim.games.shengji.exact`) where those can be had.
"""

from __future__ import annotations

import numpy as np
import polars as pl
import pyarrow as pa
from numba import njit

from sim import counts
from sim.columns import dictionary, strings
from sim.deal_scan import (
    DealsWorkload, deals_schema, flag_agreement, seat_columns, seat_fields, seed_hand, summary_frame,
    total_of,
)
from sim.games.base import RunSpec
from sim.games.shengji.cards import BIG_JOKER, N_KINDS, SMALL_JOKER, SUITS
from sim.games.shengji.engine import deal
from sim.games.shengji.order import N_ESUITS, TRUMP, new_order
from sim.games.shengji.rules import V_DECL, ShengjiRules, rules_vector
from sim.stats import mean_interval_from_sums, rate_interval

FEATURES = ("trumps", "pairs", "tractors", "jokers", "big_jokers")
_TEXT = pa.dictionary(pa.int8(), pa.string())
# rate rows of the summary: label → (feature, at least)
RATES = {"holds a joker": ("jokers", 1), "holds 3+ jokers": ("jokers", 3),
         "holds a pair of big jokers": ("big_jokers", 2), "18+ trumps": ("trumps", 18),
         "24+ trumps": ("trumps", 24)}
MEANS = ("trumps", "pairs", "tractors", "jokers")


@njit(cache=True)
def tractors_of(hand: np.ndarray, kat: np.ndarray, nat: np.ndarray, npos: np.ndarray) -> int:
    """Maximal runs of two or more adjacent positions holding a pair, over the effective suits."""
    runs = 0
    for e in range(N_ESUITS):
        run = 0
        for p in range(npos[e] + 1):
            pair = False
            if p < npos[e]:
                for a in range(nat[e, p]):
                    if hand[kat[e, p, a]] >= 2:
                        pair = True
            if pair:
                run += 1
            else:
                if run >= 2:
                    runs += 1
                run = 0
    return runs


@njit(cache=True)
def scan_deals(root: np.uint64, start: int, count: int, level: int, decl: int, cross_tier: bool,
               seeds: np.ndarray, meta: np.ndarray, feat: np.ndarray) -> None:
    """Deal ``count`` hands: ``meta[i]`` = trump, declarer, 庄家; ``feat[f, seat, i]``."""
    hands = np.zeros((4, N_KINDS), dtype=np.int8)
    state = np.zeros(1, dtype=np.uint64)
    for i in range(count):
        seed_hand(root, start, i, seeds, state)
        trump, who, _, first = deal(state, level, decl, hands)
        if trump < 0:
            trump = 0
        es, pos, kat, nat, npos = new_order(level, trump, cross_tier)
        meta[i, 0] = trump
        meta[i, 1] = who
        meta[i, 2] = who if who >= 0 else first
        for s in range(4):
            h = hands[s]
            pairs = 0
            trumps = 0
            for k in range(N_KINDS):
                pairs += h[k] >= 2
                if es[k] == TRUMP:
                    trumps += h[k]
            feat[0, s, i] = trumps
            feat[1, s, i] = pairs
            feat[2, s, i] = tractors_of(h, kat, nat, npos)
            feat[3, s, i] = h[SMALL_JOKER] + h[BIG_JOKER]
            feat[4, s, i] = h[BIG_JOKER]


class ScanDeals(DealsWorkload):
    """Scan 升级 deals: trump length, pairs, tractors and jokers per seat."""

    rules_type = ShengjiRules
    description = "deal 升级 hands: trump length, pairs, tractors and jokers per seat, against exact odds"
    default_shard_size = 20_000
    default_hands = 100_000

    def schema(self, spec: RunSpec) -> pa.Schema:
        return deals_schema([pa.field("declarer", pa.int8()), pa.field("trump", _TEXT)]
                            + seat_fields(FEATURES, 4, pa.int8()))

    def play(self, spec: RunSpec, start: int, count: int) -> pa.Table:
        rules = self.rules(spec)
        seeds = np.zeros(count, dtype=np.uint64)
        meta = np.zeros((count, 3), dtype=np.int8)
        feat = np.zeros((len(FEATURES), 4, count), dtype=np.int8)
        scan_deals(np.uint64(spec.seed), np.int64(start), np.int64(count),
                   np.int64(rules.start_level), np.int64(rules_vector(rules)[V_DECL]),
                   rules.cross_tier, seeds, meta, feat)
        return self.deal_table(spec, start, count, seeds, {
            "declarer": meta[:, 1], "trump": dictionary(meta[:, 0], strings(SUITS), _TEXT),
            **seat_columns(FEATURES, feat, 4)}, dealer=meta[:, 2])

    def count_exprs(self, spec: RunSpec) -> dict[str, pl.Expr]:
        return deal_totals()

    def summary(self, spec: RunSpec, frame: pl.LazyFrame) -> pl.DataFrame:
        return deal_summary(spec, frame, fixed_trump=self.rules(spec).declaration == "none")

    def exact_table(self) -> pl.DataFrame:
        """The exact chance of each deal event per seat (``paiju exact shengji``)."""
        from sim.games.shengji.exact import deal_events

        rows = [{"event": e, "deals": "declaration=none" if "trumps" in e else "all",
                 "exact": float(p), "one in": f"{1 / float(p):,.1f}", "fraction": str(p)}
                for e, p in deal_events(fixed_trump=True).items()]
        return pl.DataFrame(rows)

    def exact_details(self) -> str:
        from sim.games.shengji.exact import deal_means, trump_distribution

        dist = trump_distribution()
        lines = ["Exact means per seat (trumps with the trump suit fixed before the deal):"]
        lines += [f"  {k}: {float(v):.4f}" for k, v in deal_means(fixed_trump=True).items()]
        lines.append("Trump length (fixed trump suit), P(exactly j):")
        lines += [f"  {j}: {float(p):.5f}" for j, p in dist.items() if float(p) >= 1e-4]
        return "\n".join(lines)


def deal_totals() -> dict[str, pl.Expr]:
    """Integer totals the summary is computed from: hits of every rate event per seat, and
    sums and sums of squares of every counted feature per seat."""
    out: dict[str, pl.Expr] = {}
    for s in range(4):
        for label, (f, least) in RATES.items():
            out[f"{label}_{s}"] = total_of(pl.col(f"{f}_{s}") >= least)
        for f in MEANS:
            col = pl.col(f"{f}_{s}").cast(pl.Int64)
            out[f"sum_{f}_{s}"] = col.sum()
            out[f"sq_{f}_{s}"] = (col * col).sum()
    return out


def deal_summary(spec: RunSpec, frame: pl.LazyFrame | pl.DataFrame, *, fixed_trump: bool,
                 level: float = 0.95) -> pl.DataFrame:
    """Per seat: each rate with its interval, and each mean with its interval, beside the
    exact value where known; rates carry a binomial p and whether they agree (Holm's
    adjustment over the rate rows)."""
    from sim.games.shengji.exact import deal_events, deal_means

    totals = counts.totals(frame, deal_totals())
    n = max(int(totals["__n"][0]), 1)
    exact_rates = deal_events(fixed_trump=fixed_trump)
    exact_means = deal_means(fixed_trump=fixed_trump)
    rates, means = [], []
    for s in range(4):
        for label in RATES:
            hits = int(totals[f"{label}_{s}"][0])
            lo, hi = rate_interval(hits, n, level=level, method="clopper-pearson")
            ex = exact_rates.get(label)
            rates.append({"seat": f"seat {s}", "measure": label, "n": n, "hits": hits,
                          "value": hits / n, "ci_low": float(lo), "ci_high": float(hi),
                          "exact": None if ex is None else float(ex)})
        for f in MEANS:
            mean, lo, hi = mean_interval_from_sums(n, float(totals[f"sum_{f}_{s}"][0]),
                                                   float(totals[f"sq_{f}_{s}"][0]), level=level)
            ex = exact_means.get(f)
            means.append({"seat": f"seat {s}", "measure": f"mean {f}", "n": n, "hits": None,
                          "value": mean, "ci_low": lo, "ci_high": hi,
                          "exact": None if ex is None else float(ex), "p": None, "agrees": None})
    flag_agreement(rates, n, level=level)
    return summary_frame(rates + means, hits=pl.Int64)
