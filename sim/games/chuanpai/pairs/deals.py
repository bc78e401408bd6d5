"""The ``deals`` workload of the pairing game: deal once per row, record what each hand holds.

Hand ``i`` is the deal of hand ``i`` of a ``play`` run with the same rules, seat 0 the 头家
(before the deal-time 偷 loop). Per seat: complete as dealt (with one eye if ``eye_required``),
a 暗 (three or more of a type), a 亮 (four or more), a 燕 (one of each seven); the summary holds
every rate against its exact value, for one deck or two.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl
import pyarrow as pa
from numba import njit

from sim import counts
from sim.columns import numpy_table
from sim.games.base import RunSpec, Section, Workload, required_schema
from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.pairs.engine import MAX_CARDS, MAXP, deal_cards
from sim.games.chuanpai.pairs.groups import complete
from sim.games.chuanpai.pairs.rules import PairsRules, deal_sizes_of, rules_vector
from sim.rng import hand_seed
from sim.stats import exact_agreement, rate_interval

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
    n = cfg[0]
    for i in range(count):
        seed = hand_seed(root, start + i)
        seeds[i] = seed
        rng[0] = seed
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


class PairsDeals(Workload):
    """Scan deals for complete hands, 暗, 亮 and 燕."""

    scan_kernel = "scan_deals"  # the compiled scan of this module that play calls
    rules_type = PairsRules
    name = "deals"
    description = "deal pairing-game hands: complete (天胡 before 偷), 暗, 亮, 燕 per seat, against exact odds"
    default_shard_size = 500_000
    default_hands = 1_000_000

    def schema(self, spec: RunSpec) -> pa.Schema:
        n = self.rules(spec).players
        fields = [pa.field("hand", pa.int64()), pa.field("seed", pa.uint64()), pa.field("dealer", pa.int8())]
        for e in EVENTS:
            fields += [pa.field(f"{e}_{s}", pa.bool_()) for s in range(n)]
        return required_schema(fields)

    def play(self, spec: RunSpec, start: int, count: int) -> pa.Table:
        rules = self.rules(spec)
        n = rules.players
        seeds = np.empty(count, dtype=np.uint64)
        feat = np.zeros((len(EVENTS), MAXP, count), dtype=np.bool_)
        scan_deals(np.uint64(spec.seed), np.int64(start), np.int64(count), rules_vector(rules), seeds, feat)
        cols = {"hand": np.arange(start, start + count, dtype=np.int64), "seed": seeds,
                "dealer": np.zeros(count, dtype=np.int8)}
        for i, e in enumerate(EVENTS):
            for s in range(n):
                cols[f"{e}_{s}"] = np.ascontiguousarray(feat[i, s])
        return numpy_table(cols, self.schema(spec))

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

    def report_sections(self, spec: RunSpec, frame: pl.LazyFrame, figures: Path) -> list[Section]:
        from sim import plots
        from sim.display import markdown_table

        table = deal_summary(spec, frame)
        shown = table.filter(pl.col("hits") > 0)
        labels = [f"{a}  {b}" for a, b in shown.select("seat", "event").iter_rows()]
        fig = plots.interval_chart(
            labels, shown["rate"].to_list(), shown["ci_low"].to_list(), shown["ci_high"].to_list(),
            title="Pairing-game deal events: Monte Carlo against exact", log=True,
            xlabel="share of deals (%, log scale); bar = 95% interval, ◇ = exact value",
            markers=shown["exact"].to_list(), marker_label="exact probability")
        checked = table["agrees"].drop_nulls().len()
        off = table.filter(pl.col("agrees") == False).height  # noqa: E712
        figure = plots.save(fig, figures / "pairs_deal_events.png")
        return [Section(
            "Deal events against their exact odds",
            "Per seat (from the 头家) and event: the Monte Carlo rate with its 95% interval "
            "(Clopper–Pearson) and the exact probability (`sim.games.chuanpai.pairs.exact`). "
            f"{off} of {checked} exact values are flagged: the binomial test (p) rejects them at "
            f"5% after Holm's adjustment over the {checked} rows, so chance alone flags a row in at "
            f"most one scan in 20.\n\n" + markdown_table(table) + plots.nothing_drawn(figure, "None of these events happened in these deals"),
            figure)]


def event_totals(spec: RunSpec) -> dict[str, pl.Expr]:
    """Hits of every deal event per seat (``"event_seat"``), as totals over the rows."""
    rules = PairsRules(**spec.rules)
    events = [e for e in EVENTS if e != "yan" or rules.yan]
    return {f"{e}_{s}": pl.col(f"{e}_{s}").cast(pl.Int64).sum()
            for e in events for s in range(rules.players)}


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
            hits = int(totals[f"{e}_{s}"][0])
            lo, hi = rate_interval(hits, max(count, 1), level=level, method="clopper-pearson")
            ex = exact.get(LABELS[e])
            ex = None if ex is None else float(ex)
            rows.append({"seat": f"{'头家' if s == 0 else f'seat {s}'} ({sizes[s]})", "event": LABELS[e],
                         "hits": hits, "rate": hits / max(count, 1), "ci_low": float(lo),
                         "ci_high": float(hi), "exact": ex})
    # flag against Holm's adjusted level over the rows, so chance alone flags nothing
    p, agrees = exact_agreement([r["hits"] for r in rows], max(count, 1), [r["exact"] for r in rows],
                                level=level)
    for row, pv, ok in zip(rows, p, agrees):
        row["p"], row["agrees"] = pv, ok
    return pl.DataFrame(rows, schema_overrides={"exact": pl.Float64, "p": pl.Float64,
                                                "agrees": pl.Boolean})
