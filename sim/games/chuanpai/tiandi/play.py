"""The ``play`` workload of 天地人和: one row per hand, the common columns first.

Hand ``i`` of a run has seed ``hand_seed(root, i)`` and dealer ``i % 3`` (the deal rotates,
so strategies in fixed seats meet every position); it is dealt exactly as hand ``i`` of the
``deals`` workload, relative to the dealer. Under ``dealer_rule=winner_keeps`` (占庄) the hands
are played in sessions of ``batch.SESSION_HANDS`` (:mod:`sim.sessions`): the dealer of each
hand follows from the previous hand of its session, and a ``session`` column is added.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import polars as pl
import pyarrow as pa

from sim.games.chuanpai.tiandi.rules import DEFAULT_STRATEGY
from sim.games.base import TEXT, RunSpec, play_columns, play_fields
from sim.games.chuanpai.tiandi import batch as B
from sim.games.chuanpai.tiandi.engine import N_SEATS
from sim.games.chuanpai.tiandi.game import Game, play_text
from sim.games.chuanpai.tiandi.rules import C_DEALER, TiandiRules, rules_vector
from sim.games.compiled_play import CompiledPlay
from sim.sessions import chain_dealer
from sim.stats import play_summary, rate_interval

DEFAULT_STRATEGIES = (DEFAULT_STRATEGY,) * 3
OUTCOMES = ("", "win", "draw", "tuoshou_draw", "tuoshou_win")
LEVELS = ("小胡", "一甲", "两甲")


def seat_level(laid: np.ndarray, rules: TiandiRules) -> np.ndarray:
    """The level name each 摆牌 count reaches (``""`` below the win threshold)."""
    out = np.full(laid.shape, "", dtype=object)
    out[laid >= rules.win_at] = LEVELS[0]
    out[laid >= rules.yijia_at] = LEVELS[1]
    out[laid >= rules.liangjia_at] = LEVELS[2]
    return out


class TiandiPlay(CompiledPlay):
    """Complete 天地人和 hands, one strategy per seat."""

    out_dtype = np.int32
    rules_type = TiandiRules
    description = "play complete 天地人和 hands with one strategy per seat"
    default_shard_size = 50_000
    n_seats = N_SEATS
    length_unit = "tricks"
    default_strategies = DEFAULT_STRATEGIES
    outcome_names = {"win": "胡 (16 摆牌)", "draw": "黄牌 (nobody at 16)",
                     "tuoshou_draw": "脱手 (a draw)", "tuoshou_win": "脱手 (a win)"}

    def context(self, rules: TiandiRules) -> np.ndarray:
        return rules_vector(rules)

    def action_text(self, code: int) -> str:
        return play_text(code)

    def hand_dealer(self, spec: RunSpec, rules: TiandiRules, ctx: np.ndarray) -> Callable:
        rule = int(ctx[C_DEALER])
        return lambda i, prev: chain_dealer(i, B.SESSION_HANDS, N_SEATS, rule, int(prev[B.R_DEALER]),
                                            int(prev[B.R_WINNER]))

    def record(self, ctx: np.ndarray, game: Game, row: np.ndarray) -> None:
        B.record(game.state, ctx, row)

    def session_hands(self, rules: TiandiRules) -> int:
        return 0 if rules.dealer_rule == "rotate" else B.SESSION_HANDS

    def metrics(self) -> dict[str, pl.Expr]:
        won = pl.col("outcome").cast(pl.String).is_in(["win", "tuoshou_win"])
        return {
            "win rate (some seat wins)": won.cast(pl.Float64),
            "draw rate": won.not_().cast(pl.Float64),
            "一甲 or better": (pl.col("level").cast(pl.String).is_in(["一甲", "两甲"])).cast(pl.Float64),
            "两甲": (pl.col("level").cast(pl.String) == "两甲").cast(pl.Float64),
            "翻 of winning hands": pl.when(won).then(pl.col("fan")),
            "包牌 paid": pl.col("bao_paid").cast(pl.Float64),
            "dealer points": pl.coalesce([pl.when(pl.col("dealer") == s).then(pl.col(f"points_{s}"))
                                          for s in range(N_SEATS)]).cast(pl.Float64),
        }

    def report_sections(self, spec: RunSpec, frame: pl.LazyFrame, figures) -> list:
        from sim.games.chuanpai.tiandi.report import play_sections

        return play_sections(spec, frame, figures)

    def schema(self, spec: RunSpec) -> pa.Schema:
        fields = play_fields(N_SEATS)
        fields += [pa.field(f"laid_{s}", pa.int8()) for s in range(N_SEATS)]
        fields += [pa.field(f"level_{s}", TEXT) for s in range(N_SEATS)]
        fields += [pa.field(f"fan_{s}", pa.int8()) for s in range(N_SEATS)]
        fields += [pa.field(f"hard_{s}", pa.int8()) for s in range(N_SEATS)]
        if self.session_hands(self.rules(spec)):
            fields += [pa.field("session", pa.int64())]
        fields += [
            pa.field("level", TEXT), pa.field("jia", pa.int8()), pa.field("fan", pa.int8()),
            pa.field("stake", pa.int32()), pa.field("tuoshou", pa.int8()), pa.field("bao", pa.int8()),
            pa.field("bao_paid", pa.bool_()), pa.field("misdeals", pa.int16()),
            pa.field("decisions", pa.int16()),
        ]
        return pa.schema(fields)

    def columns(self, spec: RunSpec, names: tuple[str, ...], start: int, seeds: np.ndarray,
                res: np.ndarray) -> dict:
        rules = self.rules(spec)
        count = len(seeds)
        winner = res[:, B.R_WINNER].astype(np.int8)
        outcome = np.array(OUTCOMES, dtype=object)[res[:, B.R_OUTCOME]]
        cols = play_columns(names, np.arange(start, start + count, dtype=np.int64), seeds,
                            res[:, B.R_DEALER], outcome.tolist(), winner,
                            res[:, B.R_PTS:B.R_PTS + N_SEATS], res[:, B.R_TRICKS])
        for s in range(N_SEATS):
            cols[f"laid_{s}"] = res[:, B.R_LAID + s].astype(np.int8)
        for s in range(N_SEATS):
            cols[f"level_{s}"] = seat_level(res[:, B.R_LAID + s], rules).tolist()
        for s in range(N_SEATS):
            cols[f"fan_{s}"] = res[:, B.R_FAN_SEAT + s].astype(np.int8)
        for s in range(N_SEATS):
            cols[f"hard_{s}"] = res[:, B.R_HARD + s].astype(np.int8)
        level = np.where(winner >= 0, np.array(LEVELS, dtype=object)[res[:, B.R_JIA]], "")
        cols["level"] = level.tolist()
        cols["jia"] = res[:, B.R_JIA].astype(np.int8)
        cols["fan"] = res[:, B.R_FAN].astype(np.int8)
        cols["stake"] = res[:, B.R_STAKE].astype(np.int32)
        cols["tuoshou"] = res[:, B.R_TUOSHOU].astype(np.int8)
        cols["bao"] = res[:, B.R_BAO].astype(np.int8)
        cols["bao_paid"] = res[:, B.R_BAO_PAID] != 0
        cols["misdeals"] = res[:, B.R_REDEALS].astype(np.int16)
        cols["decisions"] = res[:, B.R_DEC].astype(np.int16)
        return cols

    def summary(self, spec: RunSpec, frame: pl.LazyFrame) -> pl.DataFrame:
        """:func:`~sim.stats.play_summary` plus level, 翻, 包牌 and misdeal rates with intervals."""
        from sim.games.chuanpai.tiandi.exact import misdeal_probability

        base = play_summary(frame)
        df = frame.select("level", "fan", "bao", "bao_paid", "tuoshou", "misdeals", "outcome").collect()
        n = max(df.height, 1)
        rows = []

        def add(group: str, name: str, hits: int, trials: int = n, exact: float | None = None) -> None:
            lo, hi = rate_interval(hits, max(trials, 1), method="clopper-pearson")
            rows.append({"group": group, "name": name, "n": trials, "hits": hits,
                         "rate": hits / max(trials, 1), "ci_low": float(lo), "ci_high": float(hi),
                         "exact": exact, "agrees": None if exact is None else bool(lo <= exact <= hi)})

        level = df["level"].cast(pl.String)
        for name in LEVELS:
            add("level", name, int((level == name).sum()))
        wins = df.filter(pl.col("level").cast(pl.String) != "")
        for f in range(0, 4):
            add("翻 of wins", f"{f} 翻" if f < 3 else "3+ 翻",
                int((wins["fan"] == f).sum() if f < 3 else (wins["fan"] >= 3).sum()), wins.height)
        add("包牌", "包牌 lead made", int((df["bao"] >= 0).sum()))
        add("包牌", "包牌 paid", int(df["bao_paid"].sum()))
        deals = int(df["misdeals"].sum()) + df.height
        if self.rules(spec).misdeal == "redeal":
            add("misdeal", "deals void (无天无九)", int(df["misdeals"].sum()), deals,
                exact=float(misdeal_probability()))
        extra = pl.DataFrame(rows, schema_overrides={"exact": pl.Float64, "agrees": pl.Boolean})
        return pl.concat([base, extra], how="diagonal_relaxed")
