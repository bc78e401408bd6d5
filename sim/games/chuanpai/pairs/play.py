"""The ``play`` workload of the pairing game: one row per hand, the common columns first.

Hand ``i`` of a run has seed ``hand_seed(root, i)`` and dealer (头家) ``i % players``; it is
dealt exactly as hand ``i`` of the ``deals`` workload, relative to the 头家. The number of
columns per seat follows the ``players`` option.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import numpy as np
import polars as pl
import pyarrow as pa

from sim.games.base import RunSpec, play_columns, play_fields
from sim.games.chuanpai.pairs import batch as B
from sim.games.chuanpai.pairs.game import action_text
from sim.games.chuanpai.pairs.rules import PairsRules, deal_sizes_of, rules_vector
from sim.games.compiled_play import CompiledPlay
from sim.stats import play_summary, rate_interval

OUTCOMES = ("", "win", "natural", "draw")


class PairsPlay(CompiledPlay):
    """Complete hands of the pairing game, one strategy per seat."""

    out_dtype = np.int32
    rules_type = PairsRules
    description = "play complete pairing-game hands (seed 10/20 or 斗十四) with one strategy per seat"
    default_shard_size = 50_000
    n_seats = 4
    length_unit = "turns"
    default_strategies = ("strong",) * 4
    outcome_names = {"win": "胡 (every card grouped)", "natural": "天胡 (at the deal)",
                     "draw": "荒 (stock ran out)"}

    def seat_count(self, rules: Mapping[str, Any]) -> int:
        return PairsRules.from_options(overrides=rules).players

    def strategy_names(self, spec: RunSpec, *, python: bool = False) -> tuple[str, ...]:
        """The strategy per seat, checked (``strong`` everywhere by default; one name, or
        the same name repeated, fills every seat whatever the table size)."""
        names = tuple(spec.strategies) or ("strong",)
        if len(set(names)) == 1:
            names = names[:1]
        return super().strategy_names(dataclasses.replace(spec, strategies=names), python=python)

    def context(self, rules: PairsRules) -> np.ndarray:
        return rules_vector(rules)

    def action_text(self, code: int) -> str:
        return action_text(code)

    def metrics(self) -> dict[str, pl.Expr]:
        won = pl.col("winner") >= 0
        return {
            "win rate (some seat wins)": won.cast(pl.Float64),
            "draw rate": won.not_().cast(pl.Float64),
            "天胡 rate": (pl.col("outcome").cast(pl.String) == "natural").cast(pl.Float64),
            "头家 wins": (pl.col("winner") == pl.col("dealer")).cast(pl.Float64),
            "hand length (turns)": pl.col("length").cast(pl.Float64),
            "偷 per hand": pl.col("tou").cast(pl.Float64),
            "winner's hand size": pl.when(won).then(pl.col("winner_size")).cast(pl.Float64),
            "番 of wins": pl.when(won).then(pl.col("fan")).cast(pl.Float64),
        }

    def report_sections(self, spec: RunSpec, frame: pl.LazyFrame, figures) -> list:
        from sim.games.chuanpai.pairs.report import play_sections

        return play_sections(spec, frame, figures)

    def schema(self, spec: RunSpec) -> pa.Schema:
        n = self.rules(spec).players
        fields = play_fields(n)
        fields += [pa.field(f"tou_{s}", pa.int8()) for s in range(n)]
        fields += [pa.field(f"size_{s}", pa.int8()) for s in range(n)]
        fields += [
            pa.field("tou", pa.int16()), pa.field("claims", pa.int16()),
            pa.field("winner_size", pa.int8()), pa.field("tuo", pa.int16()),
            pa.field("fan", pa.int8()), pa.field("stake", pa.int32()),
            pa.field("decisions", pa.int16()),
        ]
        return pa.schema(fields)

    def columns(self, spec: RunSpec, names: tuple[str, ...], start: int, seeds: np.ndarray,
                res: np.ndarray) -> dict:
        rules = self.rules(spec)
        n, count = rules.players, len(seeds)
        hands = np.arange(start, start + count, dtype=np.int64)
        dealer = (hands % n).astype(np.int8)
        winner = res[:, B.R_WINNER].astype(np.int8)
        sizes = np.array(deal_sizes_of(n, rules.deal, rules.decks), dtype=np.int8)
        cols = play_columns(names[:n], hands, seeds, dealer,
                            np.array(OUTCOMES, dtype=object)[res[:, B.R_OUTCOME]].tolist(), winner,
                            res[:, B.R_PTS:B.R_PTS + n], res[:, B.R_TURNS])
        for s in range(n):
            cols[f"tou_{s}"] = res[:, B.R_TOU_SEAT + s].astype(np.int8)
        seat_size = np.stack([sizes[(s - dealer) % n] for s in range(n)], 1)
        for s in range(n):
            cols[f"size_{s}"] = seat_size[:, s]
        cols["tou"] = res[:, B.R_TOU].astype(np.int16)
        cols["claims"] = res[:, B.R_CLAIMS].astype(np.int16)
        cols["winner_size"] = np.where(winner >= 0, seat_size[np.arange(count), np.maximum(winner, 0)],
                                       -1).astype(np.int8)
        cols["tuo"] = res[:, B.R_TUO].astype(np.int16)
        cols["fan"] = res[:, B.R_FAN].astype(np.int8)
        cols["stake"] = res[:, B.R_STAKE].astype(np.int32)
        cols["decisions"] = res[:, B.R_DEC].astype(np.int16)
        return cols

    def summary(self, spec: RunSpec, frame: pl.LazyFrame) -> pl.DataFrame:
        """:func:`~sim.stats.play_summary` plus 天胡, draw and 头家 rates with intervals."""
        base = play_summary(frame)
        df = frame.select("outcome", "winner", "dealer", "winner_size", "tou", "length").collect()
        n = max(df.height, 1)
        rows = []

        def add(group: str, name: str, hits: int, trials: int = n) -> None:
            lo, hi = rate_interval(hits, max(trials, 1), method="clopper-pearson")
            rows.append({"group": group, "name": name, "n": trials, "hits": hits,
                         "rate": hits / max(trials, 1), "ci_low": float(lo), "ci_high": float(hi)})

        outcome = df["outcome"].cast(pl.String)
        add("end", "天胡 (complete at the deal)", int((outcome == "natural").sum()))
        add("end", "荒 (stock ran out, nobody wins)", int((outcome == "draw").sum()))
        add("头家", "头家 wins", int((df["winner"] == df["dealer"]).sum()))
        for size in sorted(set(df["winner_size"].to_list()) - {-1}):
            add("winner's hand size", f"dealt {size}", int((df["winner_size"] == size).sum()))
        extra = pl.DataFrame(rows)
        return pl.concat([base, extra], how="diagonal_relaxed")
