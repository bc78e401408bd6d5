"""The ``play`` workload of 打马: whole games, one row per game.

Seat 0 throws first in every game (the "dealer" column is 0), so the dealer edge of the
common reports is the first-throw advantage. Points are 帖: the flows between players
(赏/本采 throws, another's 本采, 撞, 罚, hits, fly-outs) plus the pot flows (the stake
paid in, the 函谷关 and wipe-out half pots, the final 细满/麤满 pot); they sum to zero.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import numpy as np
import polars as pl
import pyarrow as pa

from sim.games.base import TEXT, RunSpec, Section, play_columns, play_fields
from sim.games.compiled_play import CompiledPlay
from sim.games.dama import batch as B
from sim.games.dama import state as S
from sim.games.dama.game import Game
from sim.games.dama.rules import DEFAULT_STRATEGY, DamaRules, rules_vector
from sim.games.dama.throws import NAMES
from sim.stats import mean_interval, play_summary, rate_interval

OUTCOMES = {1: "ximan", 2: "cuman", 0: "draw"}
OUTCOME_NAMES = {"ximan": "细满, all home exactly: two pots", "cuman": "麤满, one pot",
                 "draw": "stopped at the safety bound"}


class DamaPlay(CompiledPlay):
    """Whole games of 打马."""

    out_width = S.SIZE  # the row of a game is its final state
    rules_type = DamaRules
    description = "play whole 打马 games; first-throw advantage, game length, pot flows"
    default_shard_size = 1_000
    default_hands = 10_000
    n_seats = 2
    length_unit = "throws"
    default_strategies = (DEFAULT_STRATEGY,) * 2
    outcome_names = OUTCOME_NAMES

    def seat_count(self, rules) -> int:
        return self.rules_type.from_options(overrides=rules).players

    def strategy_names(self, spec: RunSpec, *, python: bool = False) -> tuple[str, ...]:
        """The strategy per seat, checked (``strong`` in every seat when none is given)."""
        if not spec.strategies:
            spec = dataclasses.replace(spec, strategies=(DEFAULT_STRATEGY,))
        return super().strategy_names(spec, python=python)

    def schema(self, spec: RunSpec) -> pa.Schema:
        n = self.rules(spec).players
        fields = play_fields(n) + [pa.field("ending", TEXT), pa.field("hangu", pa.int8()),
                                   pa.field("half_pots", pa.int8())]
        for name, kind in (("throws", pa.int16()), ("hits_given", pa.int16()),
                           ("hits_taken", pa.int16()), ("tie", pa.int32()), ("pot", pa.int32()),
                           ("bencai", TEXT)):
            fields += [pa.field(f"{name}_{s}", kind) for s in range(n)]
        return pa.schema(fields)

    def context(self, rules: DamaRules) -> tuple[np.ndarray, np.ndarray]:
        return B.context(rules_vector(rules))

    def illegal_choice(self, spec: RunSpec, out: np.ndarray, row: int, hand: int,
                       seed: int) -> tuple[int, str, str, str]:
        return (int(out[row, S.ERR_SEAT]), str(int(out[row, S.ERR_CODE])), f"game {hand}",
                f"sim.games.dama.Game(seed={seed})")

    def hand_dealer(self, spec: RunSpec, rules: DamaRules, ctx: tuple) -> Callable:
        return lambda i, prev: None  # seat 0 throws first

    def record(self, ctx: tuple, game: Game, row: np.ndarray) -> None:
        np.copyto(row, game.state[: S.SIZE])

    def columns(self, spec: RunSpec, names: tuple[str, ...], start: int, seeds: np.ndarray,
                st: np.ndarray) -> dict:
        """The columns of final game states."""
        n = self.rules(spec).players
        count = len(seeds)
        kinds = st[:, S.END_KIND]
        cols = play_columns(names[:n], np.arange(start, start + count, dtype=np.int64), seeds,
                            np.zeros(count, dtype=np.int8), [OUTCOMES[int(k)] for k in kinds],
                            st[:, S.WINNER], st[:, S.TIE:S.TIE + n] + st[:, S.POTNET:S.POTNET + n],
                            st[:, S.NTHROWS])
        cols["ending"] = [("draw", "细满", "麤满")[int(k)] for k in kinds]
        cols["hangu"] = st[:, S.HANGU_TAKER].astype(np.int8)
        cols["half_pots"] = st[:, S.HALF_POTS].astype(np.int8)
        for name, off in (("throws", S.THROWS_BY), ("hits_given", S.HITS_GIVEN),
                          ("hits_taken", S.HITS_TAKEN)):
            for s in range(n):
                cols[f"{name}_{s}"] = st[:, off + s].astype(np.int16)
        for s in range(n):
            cols[f"tie_{s}"] = st[:, S.TIE + s].astype(np.int32)
        for s in range(n):
            cols[f"pot_{s}"] = st[:, S.POTNET + s].astype(np.int32)
        for s in range(n):
            cols[f"bencai_{s}"] = [NAMES[int(b)] for b in st[:, S.BENCAI + s]]
        return cols

    def summary(self, spec: RunSpec, frame: pl.LazyFrame) -> pl.DataFrame:
        return dama_summary(frame)

    def metrics(self) -> dict[str, pl.Expr]:
        return {
            "first player wins": pl.col("won_0").cast(pl.Float64),
            "函谷关 half pot taken by seat 0": pl.when(pl.col("hangu") >= 0)
            .then((pl.col("hangu") == 0).cast(pl.Float64)),
            "horses hit per game (seat 0)": pl.col("hits_taken_0"),
        }

    def report_sections(self, spec: RunSpec, frame: pl.LazyFrame, figures: Path) -> list[Section]:
        from sim.games.dama.report import play_sections

        return play_sections(spec, frame, figures)


def dama_summary(frame: pl.LazyFrame | pl.DataFrame, *, level: float = 0.95) -> pl.DataFrame:
    """:func:`~sim.stats.play_summary` plus game length, the 函谷关 race and the pot flows."""
    df = frame.collect() if isinstance(frame, pl.LazyFrame) else frame
    base = play_summary(df, level=level, outcome_names=OUTCOME_NAMES)
    n = df.height
    seats = sum(1 for c in df.columns if c.startswith("won_"))
    rows = []

    def rate(name, hits, total):
        lo, hi = rate_interval(hits, max(total, 1), level=level)
        rows.append({"group": "打马", "name": name, "n": total, "hits": hits,
                     "rate": hits / max(total, 1), "ci_low": float(lo), "ci_high": float(hi),
                     "points": None, "points_low": None, "points_high": None})

    def mean(name, values):
        m, lo, hi = mean_interval(np.asarray(values, dtype=np.float64), level=level)
        rows.append({"group": "打马", "name": name, "n": len(values), "hits": None, "rate": None,
                     "ci_low": None, "ci_high": None, "points": m, "points_low": lo,
                     "points_high": hi})

    mean("throws per game", df["length"].to_numpy())
    taken = df.filter(pl.col("hangu") >= 0)
    rate("函谷关 half pot taken", taken.height, n)
    for s in range(seats):
        rate(f"函谷关 half pot: seat {s}", int((taken["hangu"] == s).sum()), taken.height)
        hangu_and_win = int(((df["hangu"] == s) & df[f"won_{s}"]).sum())
        rate(f"seat {s} wins when it took 函谷关", hangu_and_win, int((df["hangu"] == s).sum()))
    rate("细满 (of games)", int((df["outcome"].cast(pl.String) == "ximan").sum()), n)
    for s in range(seats):
        mean(f"帖 flows (no pot), seat {s}", df[f"tie_{s}"].to_numpy())
        mean(f"pot flows, seat {s}", df[f"pot_{s}"].to_numpy())
        mean(f"horses hit, seat {s}", df[f"hits_taken_{s}"].to_numpy())
    extra = pl.DataFrame(rows, schema=base.schema)
    return pl.concat([base, extra])
