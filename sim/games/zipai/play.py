"""The ``play`` workload: complete 跑胡子 hands with one strategy per seat.

Hand ``i`` of a run has seed ``hand_seed(root, i)``, is dealt exactly as hand ``i`` of the
``deals`` workload (positions relative to the dealer) and has dealer seat ``i % 3``, so
strategies in fixed seats meet every position.

Compiled strategies play in the batch loop (:mod:`sim.games.zipai.batch`). A seat whose
strategy is a plain Python ``choose`` sends the run through the Python driver: each hand
is dealt by :meth:`Game.from_run` exactly as the batch deals it, and its row is filled by
the batch's own :func:`~sim.games.zipai.batch.record`, so the columns are the same (and,
with kernels only, the values).
"""

from __future__ import annotations

import numpy as np
import polars as pl
import pyarrow as pa

from sim.games.base import TEXT, RunSpec, play_columns, play_fields
from sim.games.compiled_play import CompiledPlay
from sim.games.python_play import play_rows
from sim.games.zipai import batch
from sim.games.zipai.deal import N_SEATS
from sim.games.zipai.engine import WIN_KIND_NAMES, WK_HUANG, WK_TIAN_TI
from sim.games.zipai.game import Game
from sim.games.zipai.rules import DEFAULT_STRATEGY, rules_vector
from sim.games.zipai.rules import ZipaiRules
from sim.stats import play_summary

DEFAULT_STRATEGIES = (DEFAULT_STRATEGY,) * N_SEATS  # the strongest player: numbers describe the game
# 天胡 (outcome "natural") is every kind of natural win; each is a win_kind value
TIANHU_KINDS = {
    "天胡三提": "三提 at the deal",
    "天胡五坎": "五坎 at the deal",
    "天胡庄家": "the dealer's 21 dealt cards win",
    "天胡亮张": "a non-dealer wins on the 亮张",
}
WIN_KINDS = {"自摸": "on his own draw", "他摸": "on another player's draw"}


class ZipaiPlay(CompiledPlay):
    """Complete 跑胡子 hands, one strategy per seat."""

    description = "play complete hands with one strategy per seat"
    default_shard_size = 50_000
    compile_seconds = 40.0  # measured 20–75 s cold on a shared 2-core machine
    n_seats = N_SEATS
    rules_type = ZipaiRules
    default_strategies = DEFAULT_STRATEGIES
    outcome_names = {"win": "胡", "natural": "天胡", "draw": "荒庄"}  # 天胡: every kind
    natural_kinds = TIANHU_KINDS  # win_kind values of 天胡, the two dealt ones (三提, 五坎) first

    def report_sections(self, spec: RunSpec, frame: pl.LazyFrame, figures) -> list:
        from sim.games.zipai.report import tianhu_section

        return tianhu_section(self, spec, frame, figures)

    def metrics(self) -> dict[str, pl.Expr]:
        won = pl.col("outcome") == "win"
        return {
            "胡息 of winning hands": pl.when(won).then(pl.col("huxi")),
            "囤 of winning hands": pl.when(won).then(pl.col("tun")),
            "self-drawn share of wins": pl.when(won).then(pl.col("self_drawn").cast(pl.Float64)),
        }

    def schema(self, spec: RunSpec) -> pa.Schema:
        return pa.schema(play_fields(N_SEATS) + [
            pa.field("win_kind", TEXT),
            pa.field("self_drawn", pa.bool_()),
            pa.field("huxi", pa.int16()),
            pa.field("tun", pa.int16()),
            pa.field("fan", pa.int16()),
            pa.field("draws_left", pa.int8()),
            pa.field("redeals", pa.int8()),
        ])

    def context(self, rules: ZipaiRules) -> np.ndarray:
        return rules_vector(rules)

    def new_out(self, count: int) -> tuple[np.ndarray, np.ndarray]:
        return np.zeros((count, batch.N_RESULT), dtype=np.int16), np.zeros((count, N_SEATS), dtype=np.int32)

    def play_python(self, spec: RunSpec, start: int, count: int, players: list, *,
                    keep: list | None = None) -> pa.Table:
        """Hands through the Python driver (see the module docstring); ``keep`` receives
        ``(dealt, played)`` games per hand (``paiju show``)."""
        names = self.strategy_names(spec, python=True)
        rules = self.rules(spec)
        seeds, rows = play_rows(
            players, start=start, count=count, width=batch.N_RESULT + N_SEATS, dtype=np.int32,
            deal=lambda i, prev: Game.from_run(root_seed=spec.seed, hand=i, rules=rules),
            record=lambda game, row: batch.record(game.state, row[:batch.N_RESULT],
                                                  row[batch.N_RESULT:]),
            keep=keep)
        res = rows[:, :batch.N_RESULT].astype(np.int16)
        return self.table(spec, names, start, seeds, (res, rows[:, batch.N_RESULT:]))

    def columns(self, spec: RunSpec, names: tuple[str, ...], start: int, seeds: np.ndarray,
                out: tuple[np.ndarray, np.ndarray]) -> dict:
        res, pts = out
        hands = np.arange(start, start + len(seeds), dtype=np.int64)
        kind = res[:, batch.R_KIND]
        kind_names = np.array(WIN_KIND_NAMES, dtype=object)[kind]
        outcome = np.where(kind == WK_HUANG, "draw", np.where(kind >= WK_TIAN_TI, "natural", "win"))
        cols = play_columns(names, hands, seeds, hands % N_SEATS, outcome.tolist(),
                            res[:, batch.R_WINNER], pts, res[:, batch.R_DEC])
        cols["win_kind"] = kind_names.tolist()
        cols["self_drawn"] = res[:, batch.R_SELF] != 0
        cols["huxi"] = res[:, batch.R_HUXI]
        cols["tun"] = res[:, batch.R_TUN]
        cols["fan"] = res[:, batch.R_FAN]
        cols["draws_left"] = res[:, batch.R_LEFT].astype(np.int8)
        cols["redeals"] = res[:, batch.R_REDEALS].astype(np.int8)
        return cols

    def outcome_kinds(self) -> dict[str, dict[str, pl.Expr]]:
        kind = pl.col("win_kind").cast(pl.String)
        return {
            "win": {f"{k} ({text})": kind == k for k, text in WIN_KINDS.items()},
            "natural": {f"{k} ({text})": kind == k for k, text in TIANHU_KINDS.items()},
        }

    def exact_rates(self, spec: RunSpec) -> dict[str, float]:
        """三提 and 五坎 at the deal: exact when several 提 at the deal are not redealt."""
        if self.rules(spec).multi_qishou_ti != "skip":
            return {}
        from sim.exact import at_least, quad_distribution
        from sim.games.zipai.exact import natural_win_probability

        # some seat holds 三提 (or 五坎); two seats at once is below 1e-7, so the sum over
        # the dealer (21 cards) and the two others (20) is exact to that precision
        ti = {h: float(at_least(quad_distribution(hand=h), 3)) for h in (21, 20)}
        nat = {h: float(natural_win_probability(hand=h)) for h in (21, 20)}
        three_ti = ti[21] + 2 * ti[20]
        five_kan = (nat[21] - ti[21]) + 2 * (nat[20] - ti[20])
        names = list(self.outcome_kinds()["natural"])
        return {names[0]: three_ti, names[1]: five_kan}

    def summary(self, spec: RunSpec, frame: pl.LazyFrame) -> pl.DataFrame:
        """Win rates by seat, strategy and dealer (with intervals), the dealer's edge, and
        how hands end: 胡 and 天胡 with each of their kinds beneath, and 荒庄; 三提 and 五坎
        at the deal are held against their exact values."""
        from sim.stats import exact_agreement

        out = play_summary(frame, outcome_names=self.outcome_names, kinds=self.outcome_kinds())
        exact_values = self.exact_rates(spec)
        exact = [exact_values.get(name) if g.endswith("kind") else None
                 for g, name in zip(out["group"], out["name"])]
        p, agrees = exact_agreement(out["hits"].fill_null(0).to_numpy(), out["n"].to_numpy(), exact)
        return out.with_columns(pl.Series("exact", exact, dtype=pl.Float64),
                                pl.Series("p", p, dtype=pl.Float64),
                                pl.Series("agrees", agrees, dtype=pl.Boolean))
