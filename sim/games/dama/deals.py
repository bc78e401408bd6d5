"""The ``deals`` workload of 打马: the dice stream of each game, scanned.

The "deal" of a dice race is its dice stream. Each row is one game's stream (the same
stream the ``play`` workload throws from): every seat's 真本采 and how many throws it took,
then ``SCAN`` throws: how many were 赏, 罚, 夹 exits and triples; for every seat, whether its
horses would leave the 堑 and 飞龙院 in its first round (its throw and the next
``players - 1``, as in :func:`sim.games.dama.exact.round_exit_probability`); and how many
throws a horse put on the first 夹 needs to get through the 夹. The summary sets each Monte
Carlo value beside its exact one (:mod:`sim.games.dama.exact`).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import polars as pl
import pyarrow as pa
from numba import njit

from sim.columns import dictionary, strings
from sim.counts import totals as count_totals
from sim.deal_scan import DealsWorkload, deals_schema, seat_fields, seed_hand, total_of
from sim.games.base import RunSpec, Section
from sim.games.dama import exact
from sim.games.dama.board import JIA_LAYOUTS
from sim.games.dama.engine import new_game
from sim.games.dama.rules import V_JIAN, V_PLAYERS, DamaRules, rules_vector
from sim.games.dama.state import BENCAI, MAXEV, SIZE, THROWS_BY
from sim.games.dama.throws import JIA_MOVE, KIND, NAMES, TOTAL, roll
from sim.stats import mean_interval_from_sums, rate_interval

SCAN = 60  # throws scanned after the 本采 throws
MAX_JIA = 1000


@njit(cache=True)
def _own_exit(x, b, gate) -> bool:
    if gate == 0:
        return TOTAL[x] == 3 * JIA_MOVE[x] or TOTAL[x] == TOTAL[b]
    return KIND[x] == 1 or x == b


@njit(cache=True, nogil=True)
def scan(root, start, count, rules, seeds, bencai, btimes, counts, rounds, jia) -> None:
    """Fill the columns of games ``start .. start+count-1`` under ``rules`` (its rules vector;
    only the players and the number of 夹 change what a stream shows: see the module docstring)."""
    players = rules[V_PLAYERS]
    jia_n = rules[V_JIAN]
    st = np.zeros(SIZE, dtype=np.int64)
    ev = np.zeros((MAXEV, 6), dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    stream = np.zeros(SCAN, dtype=np.int64)
    for i in range(count):
        seed_hand(root, start, i, seeds, rng)
        new_game(st, ev, rng, rules)
        for p in range(players):
            bencai[p, i] = st[BENCAI + p]
            btimes[p, i] = st[THROWS_BY + p]
        for j in range(SCAN):
            stream[j] = roll(rng)
        counts[:, i] = 0
        for j in range(SCAN):
            t = stream[j]
            counts[0, i] += KIND[t] == 1
            counts[1, i] += KIND[t] == 2
            counts[2, i] += JIA_MOVE[t] > 0
            counts[3, i] += TOTAL[t] == 3 * JIA_MOVE[t]
        for p in range(players):  # seat p throws stream[p], then the others in order
            b = bencai[p, i]
            x = stream[p]
            for gate in range(2):
                out = _own_exit(x, b, gate)
                for k in range(1, players):
                    y = stream[p + k]
                    if gate == 0:
                        out = out or TOTAL[y] == TOTAL[b] or (k == 1 and TOTAL[y] == TOTAL[x])
                    else:
                        out = out or y == b
                    out = out or (k == players - 1 and KIND[y] == 2)
                rounds[2 * p + gate, i] = 1 if out else 0
        pos, n = 0, 0  # a horse on the first 夹, moved by the stream's 夹 throws
        while pos < jia_n and n < MAX_JIA:
            pos += JIA_MOVE[roll(rng)]
            n += 1
        jia[i] = n


class DamaDeals(DealsWorkload):
    """Scan each game's dice stream for the events with exact answers."""

    scan_kernel = "scan"  # the compiled scan of this module that play calls
    rules_type = DamaRules
    description = "scan each game's dice stream: throw classes, 本采, 堑/飞龙院 rounds, 夹 exits"
    default_shard_size = 200_000
    default_hands = 1_000_000

    def check(self, spec: RunSpec) -> None:
        self.rules(spec)

    def schema(self, spec: RunSpec) -> pa.Schema:
        n = self.rules(spec).players
        fields = seat_fields(("bencai",), n, pa.dictionary(pa.int8(), pa.string()))
        fields += seat_fields(("bencai_throws",), n, pa.int16())
        fields += [pa.field(c, pa.int16()) for c in ("shang", "fa", "jia_exits", "triples")]
        for s in range(n):
            fields += [pa.field(f"qian_round_{s}", pa.bool_()), pa.field(f"feilong_round_{s}", pa.bool_())]
        fields.append(pa.field("jia_throws", pa.int16()))
        return deals_schema(fields)

    def play(self, spec: RunSpec, start: int, count: int) -> pa.Table:
        rules = self.rules(spec)
        n = rules.players
        seeds = np.zeros(count, dtype=np.uint64)
        bencai = np.zeros((n, count), dtype=np.int64)
        btimes = np.zeros((n, count), dtype=np.int64)
        counts = np.zeros((4, count), dtype=np.int64)
        rounds = np.zeros((2 * n, count), dtype=np.int64)
        jia = np.zeros(count, dtype=np.int64)
        scan(np.uint64(spec.seed), np.int64(start), np.int64(count), rules_vector(rules),
             seeds, bencai, btimes, counts, rounds, jia)
        cols = {}
        names, text = strings(NAMES), pa.dictionary(pa.int8(), pa.string())
        for s in range(n):  # the throw's name, dictionary-encoded straight from its code
            cols[f"bencai_{s}"] = dictionary(bencai[s], names, text)
        for s in range(n):
            cols[f"bencai_throws_{s}"] = btimes[s].astype(np.int16)
        for k, c in enumerate(("shang", "fa", "jia_exits", "triples")):
            cols[c] = counts[k].astype(np.int16)
        for s in range(n):
            cols[f"qian_round_{s}"] = rounds[2 * s] == 1
            cols[f"feilong_round_{s}"] = rounds[2 * s + 1] == 1
        cols["jia_throws"] = jia.astype(np.int16)
        return self.deal_table(spec, start, count, seeds, cols)

    def exact_table(self) -> pl.DataFrame:
        """The dice's exact values (``paiju exact dama``), one row per question."""
        rows = [(f"a {k} throw", p) for k, p in exact.class_probabilities().items()]
        rows.append(("a 夹 exit throw", exact.jia_exit_probability()))
        for players in (2, 3):
            for gate, name in (("qian", "堑"), ("feilong", "飞龙院")):
                rows.append((f"seat 0 leaves the {name} within a round ({players} players)",
                             exact.first_seat_round_exit(players, gate)))
        table = pl.DataFrame({
            "question": [q for q, _ in rows],
            "exact": [float(p) for _, p in rows],
            "one in": [f"{1 / float(p):,.1f}" if p else "never" for _, p in rows],
            "fraction": [str(p) for _, p in rows],
        })
        return table

    def exact_details(self) -> str:
        return "\n".join(f"expected own throws to pass {n} 夹: {float(exact.expected_jia_throws(n)):.4f}"
                          f" ({exact.expected_jia_throws(n)})" for n in (1, 3, 5))

    def count_exprs(self, spec: RunSpec) -> dict[str, pl.Expr]:
        return event_totals()

    def summary(self, spec: RunSpec, frame: pl.LazyFrame) -> pl.DataFrame:
        return deal_summary(spec, frame)

    def report_sections(self, spec: RunSpec, frame: pl.LazyFrame, figures: Path) -> list[Section]:
        from sim import plots
        from sim.display import markdown_table

        table = deal_summary(spec, frame)
        rates = table.filter(pl.col("rate").is_not_null())
        fig = plots.interval_chart(
            rates["event"].to_list(), rates["rate"].to_list(), rates["ci_low"].to_list(),
            rates["ci_high"].to_list(), title="The dice stream: Monte Carlo against exact",
            xlabel="share (%); bar = 95% interval, ◇ = exact value",
            markers=rates["exact"].to_list(), marker_label="exact probability")
        players = self.rules(spec).players
        lines = ["| 真本采 | total | leaves the 堑 in a round | leaves 飞龙院 in a round |",
                 "| --- | --- | --- | --- |"]
        for b in sorted(exact.first_bencai_distribution(), key=lambda t: (-int(TOTAL[t]), t)):
            q = exact.round_exit_probability(b, players, "qian")
            f = exact.round_exit_probability(b, players, "feilong")
            lines.append(f"| {NAMES[b]} | {int(TOTAL[b])} | {100 * float(q):.2f}% | {100 * float(f):.2f}% |")
        per_bencai = Section(
            f"Exits per round by 本采 ({players} players, exact)",
            "The chance that a player's horses leave the 堑, or the gathered stack leaves 飞龙院, "
            "in one round (his throw and the others' next throws, no extra throws), for each "
            "真本采 he may hold.\n\n" + "\n".join(lines))
        return [Section(
            "The dice stream against exact values",
            "Each rate and mean of the scanned dice streams beside its exact value from "
            "`sim.games.dama.exact` (z = distance from it in standard errors).\n\n"
            + markdown_table(table), plots.save(fig, figures / "dice_exact.png")), per_bencai]


_SUMMED = ("shang", "fa", "jia_exits", "triples", "qian_round_0", "feilong_round_0")
_MEANS = ("jia_throws", "bencai_throws_0")


def event_totals() -> dict[str, pl.Expr]:
    """The scan's totals over the rows: throw classes and rounds summed, and the count and
    square sums of the two throw counts whose means the summary shows."""
    exprs = {c: total_of(pl.col(c)) for c in _SUMMED}
    for c in _MEANS:
        exprs[c] = total_of(pl.col(c))
        exprs[f"{c}^2"] = pl.col(c).cast(pl.Int64).pow(2).sum()
    return exprs


def deal_summary(spec: RunSpec, frame: pl.LazyFrame, *, level: float = 0.95) -> pl.DataFrame:
    """Monte Carlo rates and means of the scan beside their exact values (``frame`` holds
    rows or counts shards, :mod:`sim.counts`)."""
    rules = DamaRules.from_options(overrides=spec.rules)
    n_players = rules.players
    tot = count_totals(frame, event_totals()).row(0, named=True)
    n = int(tot["__n"])
    classes = exact.class_probabilities()
    rows = []

    def rate(event, hits, total, value):
        lo, hi = rate_interval(hits, max(total, 1), level=level)
        se = (float(value) * (1 - float(value)) / max(total, 1)) ** 0.5
        rows.append({"event": event, "n": total, "rate": hits / max(total, 1),
                     "ci_low": float(lo), "ci_high": float(hi), "exact": float(value),
                     "mean": None, "mean_low": None, "mean_high": None, "exact_mean": None,
                     "z": (hits / max(total, 1) - float(value)) / se if se else 0.0})

    def mean(event, column, value):
        m, lo, hi = mean_interval_from_sums(n, float(tot[column]), float(tot[f"{column}^2"]),
                                            level=level)
        half = (hi - lo) / 2 / 1.959963984540054 if hi > lo else 0.0
        rows.append({"event": event, "n": n, "rate": None, "ci_low": None,
                     "ci_high": None, "exact": None, "mean": m, "mean_low": lo, "mean_high": hi,
                     "exact_mean": float(value), "z": (m - float(value)) / half if half else 0.0})

    thrown = n * SCAN
    rate("赏 throw (33/216)", int(tot["shang"]), thrown, classes["赏"])
    rate("罚 throw (9/216)", int(tot["fa"]), thrown, classes["罚"])
    rate("夹 exit throw (96/216)", int(tot["jia_exits"]), thrown, exact.jia_exit_probability())
    rate("triple (浑花, 6/216)", int(tot["triples"]), thrown, Fraction(6, 216))
    rate(f"seat 0 leaves the 堑 in a round ({n_players} players)", int(tot["qian_round_0"]), n,
         exact.first_seat_round_exit(n_players, "qian"))
    rate(f"seat 0 leaves 飞龙院 in a round ({n_players} players)", int(tot["feilong_round_0"]), n,
         exact.first_seat_round_exit(n_players, "feilong"))
    jia_n = JIA_LAYOUTS[rules.jia][1]
    mean(f"throws to get through the {jia_n} 夹 (Markov chain)", "jia_throws",
         exact.expected_jia_throws(jia_n))
    mean("seat 0's throws to find a 本采 (216/174)", "bencai_throws_0",
         Fraction(216, 174))
    return pl.DataFrame(rows, schema_overrides={c: pl.Float64 for c in (
        "rate", "ci_low", "ci_high", "exact", "mean", "mean_low", "mean_high", "exact_mean")})
