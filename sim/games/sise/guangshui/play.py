"""The ``play`` workload: complete 广水 hands, one Parquet row per hand.

Hand ``i`` of a run has seed ``hand_seed(root, i)`` and dealer ``i % 3`` (strategies in
fixed seats meet every position). Columns after the common ones: ``level`` (牌), ``fu``,
``lou``, ``level_name``, bonus flags of the winning hand (``che``, ``qing``, ``tiandi``,
``n_bu``), ``listed`` (won as a hand that wins without counting), ``how`` (dealt / own
draw / discard / other's draw), ``draws_left``, and per-seat ``xiang_s`` / ``barred_s``.
"""

from __future__ import annotations

import numpy as np
import polars as pl
import pyarrow as pa

from sim.games.sise.guangshui.rules import DEFAULT_STRATEGY
from sim.games.base import TEXT, RunSpec, play_columns, play_fields
from sim.games.compiled_play import CompiledPlay, Matches
from sim.games.sise.guangshui import batch as B
from sim.games.sise.guangshui import matches
from sim.games.sise.guangshui.public import level_name
from sim.games.sise.guangshui.rules import GuangshuiRules, rules_vector
from sim.games.sise.guangshui.state import N_SEATS, WIN_HOW_NAMES
from sim.stats import play_summary, rate_interval

DEFAULT_STRATEGIES = (DEFAULT_STRATEGY,) * N_SEATS


class GuangshuiPlay(CompiledPlay):
    """Complete 广水 hands, one strategy per seat."""

    description = "play complete 广水 hands; win rate, 穿牌, levels in 牌, 楼 and bonuses"
    default_shard_size = 50_000
    n_seats = N_SEATS
    default_strategies = DEFAULT_STRATEGIES
    outcome_names = {"win": "赢", "draw": "穿牌"}
    rules_type = GuangshuiRules

    def schema(self, spec: RunSpec) -> pa.Schema:
        fields = play_fields(N_SEATS) + [
            pa.field("level", pa.int8()), pa.field("level_name", TEXT), pa.field("fu", pa.int16()),
            pa.field("lou", pa.int8()), pa.field("che", pa.bool_()), pa.field("qing", pa.bool_()),
            pa.field("tiandi", pa.bool_()), pa.field("n_bu", pa.bool_()),
            pa.field("listed", pa.bool_()), pa.field("how", TEXT), pa.field("draws_left", pa.int8()),
        ]
        fields += [pa.field(f"xiang_{s}", pa.bool_()) for s in range(N_SEATS)]
        fields += [pa.field(f"barred_{s}", pa.bool_()) for s in range(N_SEATS)]
        return pa.schema(fields)

    def context(self, rules: GuangshuiRules) -> np.ndarray:
        return rules_vector(rules)

    def columns(self, spec: RunSpec, names: tuple[str, ...], start: int, seeds: np.ndarray,
                res: np.ndarray) -> dict:
        count = len(seeds)
        winner = res[:, B.R_WINNER].astype(np.int8)
        won = winner >= 0
        level = res[:, B.R_LEVEL]
        items = res[:, B.R_ITEMS]
        cols = play_columns(names, np.arange(start, start + count, dtype=np.int64), seeds, res[:, B.R_DEALER],
                            np.where(won, "win", "draw").tolist(), winner, res[:, B.R_PTS:B.R_PTS + N_SEATS],
                            res[:, B.R_DECISIONS])
        cols["level"] = level.astype(np.int8)
        cols["level_name"] = [level_name(int(v)) if v else "" for v in level]
        cols["fu"] = res[:, B.R_FU].astype(np.int16)
        cols["lou"] = np.where(won, res[:, B.R_LOU], 0).astype(np.int8)
        cols["che"] = (items & 7) != 0
        cols["qing"] = (items & 8) != 0
        cols["tiandi"] = (items & 16) != 0
        cols["n_bu"] = (items & 32) != 0
        cols["listed"] = res[:, B.R_LISTED] != 0
        cols["how"] = [WIN_HOW_NAMES[int(h)] if h else "穿牌" for h in res[:, B.R_HOW]]
        cols["draws_left"] = res[:, B.R_LEFT].astype(np.int8)
        for s in range(N_SEATS):
            cols[f"xiang_{s}"] = (res[:, B.R_XIANG] >> s) & 1 == 1
        for s in range(N_SEATS):
            cols[f"barred_{s}"] = (res[:, B.R_BAR] >> s) & 1 == 1
        return cols

    def summary(self, spec: RunSpec, frame: pl.LazyFrame) -> pl.DataFrame:
        return guangshui_summary(frame)

    def metrics(self) -> dict[str, pl.Expr]:
        won = pl.col("outcome") == "win"
        return {
            "win rate": won.cast(pl.Float64),
            "穿牌 rate": (~won).cast(pl.Float64),
            "付 of winning hands": pl.when(won).then(pl.col("fu")),
            "牌 of winning hands": pl.when(won).then(pl.col("level")),
            "小甲 or more": (pl.col("level") >= 5).cast(pl.Float64),
            "大甲": (pl.col("level") >= 10).cast(pl.Float64),
        }

    def report_sections(self, spec: RunSpec, frame: pl.LazyFrame, figures) -> list:
        from sim.games.sise.guangshui.report import play_sections

        return play_sections(spec, frame, figures, summary=self.summary(spec, frame))



def guangshui_summary(frame: pl.LazyFrame | pl.DataFrame, *, level: float = 0.95) -> pl.DataFrame:
    """:func:`~sim.stats.play_summary` plus the distribution of winning levels, 楼 and bonuses."""
    lazy = frame.lazy()
    base = play_summary(lazy, level=level)
    df = lazy.select("level", "lou", "che", "qing", "tiandi", "n_bu", "listed", "how",
                     *[f"xiang_{s}" for s in range(N_SEATS)],
                     *[f"barred_{s}" for s in range(N_SEATS)]).collect()
    n = max(df.height, 1)
    rows = []

    def add(group: str, name: str, hits: int) -> None:
        lo, hi = rate_interval(hits, n, level=level, method="clopper-pearson")
        rows.append({"group": group, "name": name, "n": df.height, "hits": hits, "rate": hits / n,
                     "ci_low": float(lo), "ci_high": float(hi)})

    for lv, count in sorted(df.filter(pl.col("level") > 0).group_by("level").len().iter_rows()):
        add("level", level_name(int(lv)), int(count))
    add("level", "小甲 or more", int((df["level"] >= 5).sum()))
    for lou in range(4):
        add("楼 of the winner", str(lou) if lou < 3 else "3+",
            int(((df["level"] > 0) & ((df["lou"] == lou) if lou < 3 else (df["lou"] >= 3))).sum()))
    for col, name in (("che", "车"), ("qing", "清"), ("tiandi", "天地"), ("n_bu", "五步 or more"),
                      ("listed", "won without counting")):
        add("winning hand holds", name, int(df[col].sum()))
    for how in ("dealt", "own draw", "discard", "other's draw"):
        add("won on", how, int((df["how"].cast(pl.String) == how).sum()))
    xiang = df.select(pl.any_horizontal([pl.col(f"xiang_{s}") for s in range(N_SEATS)])).to_series()
    barred = df.select(pl.any_horizontal([pl.col(f"barred_{s}") for s in range(N_SEATS)])).to_series()
    add("hand had", "a 相公", int(xiang.sum()))
    add("hand had", "a seat barred (有子不发)", int(barred.sum()))
    extra = pl.DataFrame(rows, schema={k: base.schema[k] for k in rows[0]})
    return pl.concat([base, extra], how="diagonal_relaxed")


class GuangshuiMatch(Matches, GuangshuiPlay):
    """Matches of ``match_hands`` hands in which the deal moves by the rules (the winner
    deals; after 穿牌 ``chuan_dealer``); ``-n`` counts matches, every hand is a row."""

    description = "play 广水 matches: the winner deals next, 穿牌 keeps or passes the deal"
    default_shard_size = 2_000
    default_hands = 10_000

    def schema(self, spec: RunSpec) -> pa.Schema:
        fields = list(super().schema(spec)) + [pa.field("match", pa.int64()),
                                                pa.field("hand_no", pa.int16())]
        return pa.schema(fields, metadata={b"paiju.unit": b"match"})

    def play(self, spec: RunSpec, start: int, count: int) -> pa.Table:
        from sim.registry import get_strategy

        rules = self.rules(spec)
        names = self.strategy_names(spec)
        loop = matches.specialised([get_strategy("guangshui", n).kernel for n in names])
        per = rules.match_hands
        seeds = np.zeros(count * per, dtype=np.uint64)
        res = np.zeros((count * per, B.N_RESULT), dtype=np.int64)
        bad = loop.play_hands(np.uint64(spec.seed), start * per, count * per,
                              (rules_vector(rules), np.int64(per)), seeds, res)
        if bad >= 0:
            seat = int(res[bad, B.R_BAD_SEAT])
            raise self.illegal_action(
                spec, strategy=names[seat], seat=seat, action=str(int(res[bad, B.R_BAD_ACTION])),
                where=f"match {start + bad // per}, hand {bad % per}", seed=int(seeds[bad]))
        match = np.repeat(np.arange(start, start + count, dtype=np.int64), per)
        hand_no = np.tile(np.arange(per, dtype=np.int64), count)
        cols = self.columns(spec, names, 0, seeds, res)
        cols["hand"] = match * 1000 + hand_no
        cols["match"] = match
        cols["hand_no"] = hand_no.astype(np.int16)
        return pa.Table.from_pydict(cols, schema=self.schema(spec))
