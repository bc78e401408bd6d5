"""The ``play`` workload of 打马: whole games, one row per game.

Seat 0 throws first in every game (the "dealer" column is 0), so the dealer edge of the
common reports is the first-throw advantage. Points are 帖: the flows between players
(赏/本采 throws, another's 本采, 撞, 罚, hits, fly-outs) plus the pot flows (the stake
paid in, the 函谷关 and wipe-out half pots, the final 细满/麤满 pot); they sum to zero.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import polars as pl
import pyarrow as pa

from sim.games.base import RunSpec, Section, play_fields
from sim.games.compiled_play import CompiledPlay
from sim.games.dama import batch as B
from sim.games.dama import search
from sim.games.dama import state as S
from sim.games.dama.rules import DEFAULT_STRATEGY, DamaRules, rules_vector
from sim.games.dama.throws import NAMES
from sim.stats import mean_interval, play_summary, rate_interval

OUTCOMES = {1: "ximan", 2: "cuman", 0: "draw"}
OUTCOME_NAMES = {"ximan": "细满, all home exactly: two pots", "cuman": "麤满, one pot",
                 "draw": "stopped at the safety bound"}
_TEXT = pa.dictionary(pa.int8(), pa.string())


class DamaPlay(CompiledPlay):
    """Whole games of 打马."""

    batch = B
    search = search
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
        fields = play_fields(n) + [pa.field("ending", _TEXT), pa.field("hangu", pa.int8()),
                                   pa.field("half_pots", pa.int8())]
        for name, kind in (("throws", pa.int16()), ("hits_given", pa.int16()),
                           ("hits_taken", pa.int16()), ("tie", pa.int32()), ("pot", pa.int32()),
                           ("bencai", _TEXT)):
            fields += [pa.field(f"{name}_{s}", kind) for s in range(n)]
        return pa.schema(fields)

    def context(self, rules: DamaRules) -> tuple[np.ndarray, np.ndarray]:
        return B.context(rules_vector(rules))

    def new_out(self, count: int) -> np.ndarray:
        return B.new_states(count)

    def illegal_choice(self, spec: RunSpec, out: np.ndarray, row: int, hand: int,
                       seed: int) -> tuple[int, str, str, str]:
        return (int(out[row, S.ERR_SEAT]), str(int(out[row, S.ERR_CODE])), f"game {hand}",
                f"sim.games.dama.Game(seed={seed})")

    def table(self, spec: RunSpec, names: tuple[str, ...], start: int, seeds: np.ndarray,
              out: np.ndarray) -> pa.Table:
        return pa.Table.from_pydict(columns(out, seeds, start, names, self.rules(spec).players),
                                    schema=self.schema(spec))

    def play_python(self, spec: RunSpec, start: int, count: int, players: list, *,
                    keep: list | None = None) -> pa.Table:
        from sim.games.dama.game import Game
        from sim.games.python_play import play_rows

        rules = self.rules(spec)
        names = self.strategy_names(spec, python=True)
        seeds, st = play_rows(
            players, start=start, count=count, width=S.SIZE,
            deal=lambda i, prev: Game.from_run(root_seed=spec.seed, hand=i, rules=rules),
            record=lambda game, row: np.copyto(row, game.state[: S.SIZE]), keep=keep)
        return self.table(spec, names, start, seeds, st)

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


def columns(st: np.ndarray, seeds: np.ndarray, start: int, names: tuple[str, ...], n: int) -> dict:
    """The row columns of final game states."""
    count = len(seeds)
    winner = st[:, S.WINNER].astype(np.int8)
    cols: dict = {"hand": np.arange(start, start + count, dtype=np.int64), "seed": seeds,
                  "dealer": np.zeros(count, dtype=np.int8)}
    for s in range(n):
        cols[f"strategy_{s}"] = [names[s]] * count
    kinds = st[:, S.END_KIND]
    cols["outcome"] = [OUTCOMES[int(k)] for k in kinds]
    cols["winner"] = winner
    for s in range(n):
        cols[f"won_{s}"] = winner == s
    for s in range(n):
        cols[f"points_{s}"] = (st[:, S.TIE + s] + st[:, S.POTNET + s]).astype(np.int32)
    cols["length"] = st[:, S.NTHROWS].astype(np.int16)
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
