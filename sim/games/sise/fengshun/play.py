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

import numpy as np
import polars as pl
import pyarrow as pa

from sim.games.sise.fengshun.rules import DEFAULT_STRATEGY
from sim.games.base import RunSpec, play_fields
from sim.games.compiled_play import CompiledPlay
from sim.games.sise.fengshun import batch as B
from sim.games.sise.fengshun import search
from sim.games.sise.fengshun.rules import FengshunRules, rules_vector
from sim.games.sise.fengshun.state import HOW_NAMES, N_SEATS
from sim.sessions import session_index
from sim.stats import play_summary

DEFAULT_STRATEGIES = (DEFAULT_STRATEGY,) * N_SEATS
_TEXT = pa.dictionary(pa.int8(), pa.string())
OUTCOME_NAMES = {"win": "和 (one winner)", "multi": "一炮多响 (several winners)", "draw": "流局"}


def _players(spec: RunSpec) -> int:
    return FengshunRules.from_options(overrides=spec.rules).players


class FengshunPlay(CompiledPlay):
    """Play complete hands with compiled strategies."""

    batch = B
    search = search
    out_width = B.N_RESULT
    description = "play complete 丰顺 hands: win, 点炮 and several-winner rates, scores"
    default_shard_size = 20_000
    default_hands = 100_000
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
            pa.field("self_drawn", pa.bool_()), pa.field("how", _TEXT),
        ]
        fields += [pa.field(f"score_{s}", pa.int16()) for s in range(n)]
        fields += [pa.field("draws_left", pa.int16()), pa.field("deals", pa.int8()),
                   pa.field("next_dealer", pa.int8())]
        if FengshunRules.from_options(overrides=spec.rules).dealer_rule == "seed":
            fields += [pa.field("session", pa.int64())]
        return pa.schema(fields)

    def context(self, rules: FengshunRules) -> tuple:
        return B.context(rules)

    def illegal_choice(self, spec: RunSpec, out: np.ndarray, row: int, hand: int,
                       seed: int) -> tuple[int, str, str, str]:
        hand, dealer = int(out[row, B.R_BAD_HAND]), int(out[row, B.R_DEALER])
        return (int(out[row, B.R_BAD_SEAT]), str(int(out[row, B.R_BAD_ACTION])), f"hand {hand}",
                f"Game.from_run(root_seed={spec.seed}, hand={hand}, dealer={dealer})")

    def play_python(self, spec: RunSpec, start: int, count: int, players: list, *,
                    keep: list | None = None) -> pa.Table:
        from sim.games.python_play import play_rows
        from sim.games.sise.fengshun.game import Game

        rules = self.rules(spec)
        names = self.strategy_names(spec, python=True)
        cfg = rules_vector(rules)

        def deal(i: int, prev: np.ndarray) -> Game:
            dealer = int(B.hand_dealer(i, cfg, prev))
            return Game.from_run(root_seed=spec.seed, hand=i, rules=rules, dealer=dealer)

        seeds, res = play_rows(players, start=start, count=count, width=B.N_RESULT, deal=deal,
                               record=lambda game, row: B.record(game.state, row),
                               session=0 if rules.dealer_rule == "dice" else B.SESSION_HANDS, keep=keep)
        return self.table(spec, names, start, seeds, res)

    def table(self, spec: RunSpec, names: tuple[str, ...], start: int, seeds: np.ndarray,
              res: np.ndarray) -> pa.Table:
        """The rows of hands ``start ..`` from their seeds and result rows (both drivers)."""
        cols = columns(names, start, seeds, res)
        if FengshunRules.from_options(overrides=spec.rules).dealer_rule == "seed":
            cols["session"] = session_index(cols["hand"], B.SESSION_HANDS)
        return pa.Table.from_pydict(cols, schema=self.schema(spec))

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


def columns(names: tuple[str, ...], start: int, seeds: np.ndarray, res: np.ndarray) -> dict:
    """The row columns of a batch result (one per-seat column per name in ``names``)."""
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
    cols: dict = {"hand": np.arange(start, start + count, dtype=np.int64), "seed": seeds,
                  "dealer": res[:, B.R_DEALER].astype(np.int8)}
    for s in range(n):
        cols[f"strategy_{s}"] = [names[s]] * count
    cols["outcome"] = np.where(nwin == 1, "win", np.where(nwin > 1, "multi", "draw")).tolist()
    cols["winner"] = first.astype(np.int8)
    for s in range(n):
        cols[f"won_{s}"] = won[:, s]
    for s in range(n):
        cols[f"points_{s}"] = res[:, B.R_PTS + s].astype(np.int32)
    cols["length"] = res[:, B.R_DECISIONS].astype(np.int16)
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
