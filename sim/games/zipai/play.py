"""The ``play`` workload: complete 跑胡子 hands with one strategy per seat.

Hand ``i`` of a run has seed ``hand_seed(root, i)``, is dealt exactly as hand ``i`` of the
``deals`` workload (positions relative to the dealer) and has dealer seat ``i % 3``, so
strategies in fixed seats meet every position.
"""

from __future__ import annotations

import numpy as np
import polars as pl
import pyarrow as pa

from sim.errors import IllegalActionError, OptionError
from sim.games.base import RunSpec, Workload, play_fields
from sim.games.zipai import batch
from sim.games.zipai.deal import N_SEATS
from sim.games.zipai.engine import WIN_KIND_NAMES, WK_HUANG
from sim.games.zipai.game import rules_vector
from sim.games.zipai.rules import ZipaiRules
from sim.stats import play_summary

DEFAULT_STRATEGIES = ("greedy", "greedy", "greedy")
_TEXT = pa.dictionary(pa.int8(), pa.string())


def _strategies(spec: RunSpec) -> tuple[str, ...]:
    from strategies.base import get_strategy

    names = tuple(spec.strategies) or DEFAULT_STRATEGIES
    if len(names) != N_SEATS:
        raise OptionError(
            f"zipai needs {N_SEATS} strategies (one per seat), got {len(names)}: {','.join(names)}"
        )
    for name in names:
        info = get_strategy("zipai", name)
        if info.kernel is None:
            raise OptionError(f"zipai strategy {name!r} has no compiled kernel; the batch needs one")
    return names


class ZipaiPlay(Workload):
    """Play complete hands with compiled strategies."""

    name = "play"
    description = "play complete hands with one strategy per seat"
    default_shard_size = 50_000
    default_hands = 100_000
    n_seats = N_SEATS
    default_strategies = DEFAULT_STRATEGIES
    outcome_names = {"draw": "荒庄", "natural": "天胡", "win": "胡"}

    def report_sections(self, spec: RunSpec, frame: pl.LazyFrame, figures) -> list:
        from sim.games.zipai.play_report import tianhu_section

        return tianhu_section(spec, frame, figures)

    def metrics(self) -> dict[str, pl.Expr]:
        won = pl.col("outcome") == "win"
        return {
            "胡息 of winning hands": pl.when(won).then(pl.col("huxi")),
            "囤 of winning hands": pl.when(won).then(pl.col("tun")),
            "self-drawn share of wins": pl.when(won).then(pl.col("self_drawn").cast(pl.Float64)),
        }

    def check(self, spec: RunSpec) -> None:
        _strategies(spec)
        ZipaiRules(**spec.rules)

    def schema(self, spec: RunSpec) -> pa.Schema:
        return pa.schema(play_fields(N_SEATS) + [
            pa.field("win_kind", _TEXT),
            pa.field("self_drawn", pa.bool_()),
            pa.field("huxi", pa.int16()),
            pa.field("tun", pa.int16()),
            pa.field("fan", pa.int16()),
            pa.field("draws_left", pa.int8()),
            pa.field("redeals", pa.int8()),
        ])

    def play(self, spec: RunSpec, start: int, count: int) -> pa.Table:
        from strategies.base import get_strategy

        names = _strategies(spec)
        kernels = [get_strategy("zipai", n).kernel for n in names]
        cfg = rules_vector(ZipaiRules(**spec.rules))
        seeds = np.empty(count, dtype=np.uint64)
        res = np.zeros((count, batch.N_RESULT), dtype=np.int16)
        pts = np.zeros((count, N_SEATS), dtype=np.int32)
        loop = batch.specialised(kernels)
        bad = loop.play_hands(np.uint64(spec.seed), np.int64(start), np.int64(count), cfg,
                              seeds, res, pts)
        if bad >= 0:
            seat = int(res[bad, batch.R_BAD_SEAT])
            raise IllegalActionError(
                f"strategy {names[seat]!r} (seat {seat}) chose illegal action "
                f"{int(res[bad, batch.R_BAD_ACTION])} in hand {start + bad} (seed {int(seeds[bad])})"
            )
        winner = res[:, batch.R_WINNER].astype(np.int8)
        kind = res[:, batch.R_KIND]
        kind_names = np.array(WIN_KIND_NAMES, dtype=object)[kind]
        outcome = np.where(kind == WK_HUANG, "draw", np.where((kind == 4) | (kind == 5), "natural", "win"))
        cols: dict[str, object] = {
            "hand": np.arange(start, start + count, dtype=np.int64),
            "seed": seeds,
            "dealer": (np.arange(start, start + count) % N_SEATS).astype(np.int8),
        }
        for s in range(N_SEATS):
            cols[f"strategy_{s}"] = pa.array([names[s]] * count).dictionary_encode()
        cols["outcome"] = pa.array(outcome.tolist()).dictionary_encode()
        cols["winner"] = winner
        for s in range(N_SEATS):
            cols[f"won_{s}"] = winner == s
        for s in range(N_SEATS):
            cols[f"points_{s}"] = np.ascontiguousarray(pts[:, s])
        cols["length"] = res[:, batch.R_DEC].astype(np.int16)
        cols["win_kind"] = pa.array(kind_names.tolist()).dictionary_encode()
        cols["self_drawn"] = res[:, batch.R_SELF] != 0
        cols["huxi"] = res[:, batch.R_HUXI]
        cols["tun"] = res[:, batch.R_TUN]
        cols["fan"] = res[:, batch.R_FAN]
        cols["draws_left"] = res[:, batch.R_LEFT].astype(np.int8)
        cols["redeals"] = res[:, batch.R_REDEALS].astype(np.int8)
        schema = self.schema(spec)
        arrays = [pa.array(cols[f.name]).cast(f.type) if not isinstance(cols[f.name], pa.Array)
                  else cols[f.name].cast(f.type) for f in schema]
        return pa.Table.from_arrays(arrays, schema=schema)

    def summary(self, spec: RunSpec, frame: pl.LazyFrame) -> pl.DataFrame:
        """Win rates by seat, strategy and dealer (with intervals), outcome and win-kind
        rates, and the rate of 三提五坎 against its exact value."""
        from sim.exact import natural_win_probability
        from sim.stats import rate_interval

        base = play_summary(frame)
        df = frame.select("win_kind", "outcome").collect()
        n = df.height
        rows = []
        for name, count in df["win_kind"].cast(pl.String).value_counts(sort=True).iter_rows():
            lo, hi = rate_interval(count, max(n, 1), method="clopper-pearson")
            rows.append({"group": "win_kind", "name": name, "n": n, "hits": count,
                         "rate": count / max(n, 1), "ci_low": float(lo), "ci_high": float(hi)})
        out = pl.concat([base, pl.DataFrame(rows, schema={k: base.schema[k] for k in rows[0]})],
                        how="diagonal_relaxed") if rows else base
        exact = [None] * out.height
        agrees = [None] * out.height
        if ZipaiRules(**spec.rules).multi_qishou_ti == "skip":
            # any seat holds 三提五坎; two seats at once is below 1e-7, so the sum is exact
            # to that precision
            p = float(natural_win_probability(hand=21) + 2 * natural_win_probability(hand=20))
            for i, (g, name) in enumerate(zip(out["group"], out["name"])):
                if g == "outcome" and name == "natural":
                    exact[i] = p
                    agrees[i] = bool(out["ci_low"][i] <= p <= out["ci_high"][i])
            if "natural" not in out.filter(pl.col("group") == "outcome")["name"].to_list():
                hi = rate_interval(0, max(n, 1), method="clopper-pearson")[1]
                out = pl.concat([out, pl.DataFrame([{"group": "outcome", "name": "natural", "n": n,
                                                     "hits": 0, "rate": 0.0, "ci_low": 0.0,
                                                     "ci_high": float(hi)}])], how="diagonal_relaxed")
                exact.append(p)
                agrees.append(bool(p <= float(hi)))
        return out.with_columns(pl.Series("exact", exact, dtype=pl.Float64),
                                pl.Series("agrees", agrees, dtype=pl.Boolean))
