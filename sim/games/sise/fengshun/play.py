"""The ``play`` workload: complete 丰顺 hands, one Parquet row per hand.

Hand ``i`` of a run has seed ``hand_seed(root, i)``. Under ``dealer_rule=seed`` (default)
hands are chained in sessions of ``batch.SESSION_HANDS``: a session's first hand is dealt by
its dice, each later one by the seat the hand before named (``next_dealer``: its single
winner, the 点炮 player when several won, -1 = the dice again), and a ``session`` column
is added; under ``dealer_rule=dice`` every hand's dice choose its dealer. ``outcome`` is ``win``
(one winner), ``multi`` (several winners on one discard) or ``draw``; ``winner`` is the
only winner, or with several the first after the 点炮 seat in turn order. Columns after the
common ones: ``n_winners``, ``pao`` (the 点炮 seat, -1), ``self_drawn``, ``how``,
``score_s`` (each winner's score, 0 for the others), ``draws_left``, ``deals``,
``next_dealer`` (and ``session``). Per-seat columns run over the table's seats (``players``: 2 to 4).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import numpy as np
import polars as pl
import pyarrow as pa

from sim.games.sise.fengshun.rules import DEFAULT_STRATEGY
from sim.games.base import TEXT, RunSpec, play_columns, play_fields
from sim.games.compiled_play import CompiledPlay
from sim.games.sise.fengshun import batch as B
from sim.games.sise.fengshun.rules import FengshunRules
from sim.games.sise.fengshun.state import HOW_NAMES, N_SEATS
from sim.stats import play_summary

DEFAULT_STRATEGIES = (DEFAULT_STRATEGY,) * N_SEATS
OUTCOME_NAMES = {"win": "和 (one winner)", "multi": "一炮多响 (several winners)", "draw": "流局"}


def _players(spec: RunSpec) -> int:
    return FengshunRules.from_options(overrides=spec.rules).players


class FengshunPlay(CompiledPlay):
    """Complete 丰顺 hands, one strategy per seat."""

    description = "play complete 丰顺 hands: win, 点炮 and several-winner rates, scores"
    default_shard_size = 20_000
    n_seats = N_SEATS
    default_strategies = DEFAULT_STRATEGIES
    outcome_names = OUTCOME_NAMES
    rules_type = FengshunRules

    def seat_count(self, rules) -> int:
        return FengshunRules.from_options(overrides=rules).players

    def strategy_names(self, spec: RunSpec, *, python: bool = False) -> tuple[str, ...]:
        """As :meth:`Workload.strategy_names`; one name repeated in every seat (the default
        when none is given) fills a table of any size (``players``: 2 to 4)."""
        names = tuple(spec.strategies) or (DEFAULT_STRATEGY,)
        if len(set(names)) == 1:
            spec = dataclasses.replace(spec, strategies=names[:1])
        return super().strategy_names(spec, python=python)

    def schema(self, spec: RunSpec) -> pa.Schema:
        n = _players(spec)
        fields = play_fields(n) + [
            pa.field("n_winners", pa.int8()), pa.field("pao", pa.int8()),
            pa.field("self_drawn", pa.bool_()), pa.field("how", TEXT),
        ]
        fields += [pa.field(f"score_{s}", pa.int16()) for s in range(n)]
        fields += [pa.field("draws_left", pa.int16()), pa.field("deals", pa.int8()),
                   pa.field("next_dealer", pa.int8())]
        if self.session_hands(self.rules(spec)):
            fields += [pa.field("session", pa.int64())]
        return pa.schema(fields)

    def context(self, rules: FengshunRules) -> tuple:
        return B.context(rules)

    def hand_dealer(self, spec: RunSpec, rules: FengshunRules, ctx: tuple) -> Callable:
        return lambda i, prev: int(B.hand_dealer(i, ctx[0], prev))

    def session_hands(self, rules: FengshunRules) -> int:
        return 0 if rules.dealer_rule == "dice" else B.SESSION_HANDS

    def columns(self, spec: RunSpec, names: tuple[str, ...], start: int, seeds: np.ndarray,
                res: np.ndarray) -> dict:
        """One per-seat column per name in ``names``."""
        count = len(seeds)
        n = len(names)
        mask = res[:, B.R_WINMASK]
        nwin = res[:, B.R_NWIN]
        pao = res[:, B.R_PAO]
        won = np.stack([(mask >> s) & 1 == 1 for s in range(n)], 1)
        first = np.full(count, -1, dtype=np.int64)
        for step in range(n - 1, -1, -1):  # the first winner after the 点炮 seat (after the last seat when none)
            seat = (np.where(pao >= 0, pao, n - 1) + 1 + step) % n
            first = np.where(won[np.arange(count), seat], seat, first)
        nxt = np.where(nwin == 1, first, np.where((nwin > 1) & (pao >= 0), pao, -1))
        cols = play_columns(names, np.arange(start, start + count, dtype=np.int64), seeds, res[:, B.R_DEALER],
                            np.where(nwin == 1, "win", np.where(nwin > 1, "multi", "draw")).tolist(), first,
                            res[:, B.R_PTS:B.R_PTS + n], res[:, B.R_DECISIONS], won=won)
        cols["n_winners"] = nwin.astype(np.int8)
        cols["pao"] = pao.astype(np.int8)
        cols["self_drawn"] = res[:, B.R_SELF] != 0
        cols["how"] = [HOW_NAMES[int(h)] for h in res[:, B.R_HOW]]
        for s in range(n):
            cols[f"score_{s}"] = res[:, B.R_SCORE + s].astype(np.int16)
        cols["draws_left"] = res[:, B.R_LEFT].astype(np.int16)
        cols["deals"] = res[:, B.R_DEALS].astype(np.int8)
        cols["next_dealer"] = nxt.astype(np.int8)
        return cols

    def summary(self, spec: RunSpec, frame: pl.LazyFrame) -> pl.DataFrame:
        return play_summary(frame, outcome_names=OUTCOME_NAMES, kinds=self.outcome_kinds())

    def outcome_kinds(self) -> dict[str, dict[str, pl.Expr]]:
        how = pl.col("how").cast(pl.String)
        one = pl.col("n_winners") == 1
        return {"win": {"self-drawn": pl.col("self_drawn"), "on a discard (点炮)": one & (how == "discard"),
                        "on another's turned-up card (draw=open)": how == "turned-up card",
                        "highest score at stock out": how == "highest score"}}

    def metrics(self) -> dict[str, pl.Expr]:
        won = pl.col("n_winners") > 0
        scores = pl.sum_horizontal(pl.col("^score_[0-9]$"))
        return {
            "win rate": won.cast(pl.Float64),
            "draw rate": (~won).cast(pl.Float64),
            "点炮 rate": (pl.col("pao") >= 0).cast(pl.Float64),
            "multi-winner rate": (pl.col("n_winners") > 1).cast(pl.Float64),
            "self-drawn rate": pl.col("self_drawn").cast(pl.Float64),
            "mean winning score": pl.when(won).then(scores / pl.col("n_winners")),
        }

    def report_sections(self, spec: RunSpec, frame: pl.LazyFrame, figures) -> list:
        from sim.games.sise.fengshun.report import play_sections

        return play_sections(spec, frame, figures)
