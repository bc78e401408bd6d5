"""The ``play`` and ``match`` workloads of 升级: one row per hand (batch or Python driver).

``play`` plays independent hands: each is a first hand at ``start_level`` whose final
declarer becomes 庄家. ``match`` plays whole matches from ``start_level`` until the end
rule (``match_end``) is met; ``-n`` counts matches there, and every hand is a row with its
match id and hand number. Seats 0 and 2 are team 0, seats 1 and 3 team 1.
"""

from __future__ import annotations

import numpy as np
import polars as pl
import pyarrow as pa

from sim.games.base import TEXT, RunSpec, play_columns, play_fields
from sim.games.compiled_play import CompiledPlay, Matches
from sim.games.shengji import engine as E
from sim.games.shengji.cards import SUITS, format_hand
from sim.games.shengji.follow import REASONS
from sim.games.shengji.rules import DEFAULT_STRATEGY, ShengjiRules, rules_vector
from sim.rng import hand_seeds
from sim.stats import mean_interval, play_summary, rate_interval

N_SEATS = 4
# the batch's result slots as the keys of the Python driver's result
_RESULT_KEYS = {
    E.R_ZHUANG: "zhuang", E.R_TRUMP: "trump", E.R_DECLARER: "declarer",
    E.R_RAW: "attacker_points_raw", E.R_KOU: "kou_di", E.R_PENALTY: "throw_penalty",
    E.R_POINTS: "attacker_points", E.R_SIDE: "side", E.R_LEVELS: "levels",
    E.R_TRICKS: "tricks", E.R_THROWS: "throws", E.R_FAILED: "failed_throws",
    E.R_LAST: "last_trick_winner", E.R_DEF_RAW: "defender_points_raw", E.R_LEVEL: "level",
}


def python_hands(root_seed: int, start: int, count: int, rules: ShengjiRules,
                 players: list, *, keep: list | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``(seeds, results)`` of first hands ``start .. start + count - 1`` played through the
    Python driver (the batch's result layout). Hand ``i`` is dealt from ``hand_seed(root, i)``
    with the final declarer as 庄家, exactly as the batch's first hands; a seat with a
    ``choose`` is asked through it, the others play their kernel. ``keep`` receives
    ``(dealt, played)`` games per hand."""
    from sim.games.shengji.game import Game

    from sim.search import SearchPlayer, is_compiled_search

    seats = [SearchPlayer(p.params, p.name) if is_compiled_search(p)
             else p.kernel if p.choose is None else p.choose for p in players]
    names = [p.name for p in players]
    seeds = hand_seeds(root_seed, start, count)
    res = np.zeros((count, E.N_RESULTS), dtype=np.int32)
    for h in range(count):
        g = Game(seed=int(seeds[h]), rules=rules)
        if keep is not None:
            keep.append((g.clone(), g))
        result = g.play(seats, names=names)
        for column, key in _RESULT_KEYS.items():
            res[h, column] = result[key]
    return seeds, res


class _Base(CompiledPlay):
    rules_type = ShengjiRules
    n_seats = N_SEATS
    compile_seconds = 50.0  # measured about 37 s cold on a shared 2-core machine
    length_unit = "tricks"
    default_strategies = (DEFAULT_STRATEGY,) * N_SEATS
    outcome_names = {"hold": "庄家 side holds the deal", "takeover": "attackers take the deal"}

    def metrics(self) -> dict[str, pl.Expr]:
        return {
            "attacker points (after 扣底)": pl.col("attacker_points"),
            "扣底 points": pl.col("kou_di"),
            "levels gained": pl.col("levels"),
            "failed throws per hand": pl.col("failed_throws"),
        }

    def report_sections(self, spec: RunSpec, frame: pl.LazyFrame, figures) -> list:
        from sim.games.shengji.report import points_section

        return points_section(spec, frame, figures)

    def context(self, rules: ShengjiRules) -> np.ndarray:
        return rules_vector(rules)

    def new_out(self, count: int) -> tuple[np.ndarray, np.ndarray]:
        """The result rows and the play of an illegal choice (at most 54 cards)."""
        return np.zeros((count, E.N_RESULTS), dtype=np.int32), np.zeros(54, dtype=np.int8)

    def illegal_choice(self, spec: RunSpec, out: tuple, row: int, hand: int,
                       seed: int) -> tuple[int, str, str, str]:
        res, err_play = out
        return (int(res[row, E.R_ERR_SEAT]),
                f"[{format_hand(err_play)}] ({REASONS[int(res[row, E.R_ERROR])]})",
                f"trick {int(res[row, E.R_ERR_TRICK])}",
                f"Game(seed={seed}, dealer={int(res[row, E.R_ZHUANG])}, level={int(res[row, E.R_LEVEL])})")

    def _fields(self) -> list[pa.Field]:
        return play_fields(N_SEATS) + [
            pa.field("team", pa.int8()),
            pa.field("declarer", pa.int8()),
            pa.field("level", pa.int8()),
            pa.field("trump", TEXT),
            pa.field("attacker_points_raw", pa.int16()),
            pa.field("kou_di", pa.int16()),
            pa.field("throw_penalty", pa.int16()),
            pa.field("attacker_points", pa.int16()),
            pa.field("level_side", TEXT),
            pa.field("levels", pa.int8()),
            pa.field("tricks", pa.int16()),
            pa.field("throws", pa.int8()),
            pa.field("failed_throws", pa.int8()),
            pa.field("last_trick_winner", pa.int8()),
        ]

    def _columns(self, names: tuple[str, ...], hand_ids: np.ndarray, seeds: np.ndarray,
                 res: np.ndarray) -> dict:
        zhuang = res[:, E.R_ZHUANG].astype(np.int8)
        hold = res[:, E.R_SIDE] == 0
        levels = res[:, E.R_LEVELS].astype(np.int32)
        won = np.stack([((s - zhuang) % 2 == 0) == hold for s in range(N_SEATS)], 1)  # seat s's side won
        points = np.where(won, levels[:, None], -levels[:, None])
        cols = play_columns(names, hand_ids, seeds, zhuang, np.where(hold, "hold", "takeover").tolist(),
                            np.where(hold, zhuang, (zhuang + 1) % 4), points, res[:, E.R_TRICKS], won=won)
        cols["team"] = (zhuang % 2).astype(np.int8)
        cols["declarer"] = res[:, E.R_DECLARER].astype(np.int8)
        cols["level"] = res[:, E.R_LEVEL].astype(np.int8)
        cols["trump"] = [SUITS[t] for t in res[:, E.R_TRUMP]]
        cols["attacker_points_raw"] = res[:, E.R_RAW].astype(np.int16)
        cols["kou_di"] = res[:, E.R_KOU].astype(np.int16)
        cols["throw_penalty"] = res[:, E.R_PENALTY].astype(np.int16)
        cols["attacker_points"] = res[:, E.R_POINTS].astype(np.int16)
        cols["level_side"] = np.where(hold, "defenders", "attackers").tolist()
        cols["levels"] = levels.astype(np.int8)
        cols["tricks"] = res[:, E.R_TRICKS].astype(np.int16)
        cols["throws"] = res[:, E.R_THROWS].astype(np.int8)
        cols["failed_throws"] = res[:, E.R_FAILED].astype(np.int8)
        cols["last_trick_winner"] = res[:, E.R_LAST].astype(np.int8)
        return cols

    def summary(self, spec: RunSpec, frame: pl.LazyFrame) -> pl.DataFrame:
        return shengji_summary(frame)


class PlayHands(_Base):
    """Independent hands (each a first hand at ``start_level``)."""

    description = "play complete 升级 hands; 庄家 side hold rate and attacker points"
    default_shard_size = 2_000

    def schema(self, spec: RunSpec) -> pa.Schema:
        return pa.schema(self._fields())

    def columns(self, spec: RunSpec, names: tuple[str, ...], start: int, seeds: np.ndarray,
                out: tuple) -> dict:
        return self._columns(names, np.arange(start, start + len(seeds), dtype=np.int64), seeds, out[0])

    def play_python(self, spec: RunSpec, start: int, count: int, players: list, *,
                    keep: list | None = None) -> pa.Table:
        seeds, res = python_hands(spec.seed, start, count, self.rules(spec), players, keep=keep)
        return self.table(spec, self.strategy_names(spec, python=True), start, seeds, (res, None))


class PlayMatches(Matches, _Base):
    """Whole matches; ``-n`` counts matches and each hand is a row."""

    description = "play whole 升级 matches from the start level; one row per hand"
    default_shard_size = 100
    default_hands = 2_000

    def schema(self, spec: RunSpec) -> pa.Schema:
        fields = self._fields() + [
            pa.field("match", pa.int64()),
            pa.field("hand_no", pa.int16()),
            pa.field("level_team0", pa.int8()),
            pa.field("level_team1", pa.int8()),
            pa.field("match_winner", pa.int8()),
        ]
        return pa.schema(fields, metadata={b"paiju.unit": b"match"})

    def play(self, spec: RunSpec, start: int, count: int) -> pa.Table:
        from sim.registry import get_strategy

        rules = self.rules(spec)
        names = self.strategy_names(spec)
        loop = self.batch.specialised([get_strategy("shengji", n).kernel for n in names])
        cap = count * 120
        while True:
            seeds = np.zeros(cap, dtype=np.uint64)
            res = np.zeros((cap, E.N_RESULTS), dtype=np.int32)
            meta = np.zeros((cap, 5), dtype=np.int64)
            err = np.zeros(54, dtype=np.int8)
            rows, bad = loop.play_matches(
                np.uint64(spec.seed), np.int64(start), np.int64(count), rules_vector(rules),
                seeds, res, meta, err)
            if bad != -3:
                break
            cap *= 4
        if bad >= 0:
            raise self.illegal(spec, names, seeds, (res, err), int(bad), hand=-1)  # where: its trick
        seeds, res, meta = seeds[:rows], res[:rows], meta[:rows]
        cols = self._columns(names, meta[:, 0] * 1000 + meta[:, 1], seeds, res)
        cols["match"] = meta[:, 0]
        cols["hand_no"] = meta[:, 1].astype(np.int16)
        cols["level_team0"] = meta[:, 2].astype(np.int8)
        cols["level_team1"] = meta[:, 3].astype(np.int8)
        cols["match_winner"] = meta[:, 4].astype(np.int8)
        return pa.Table.from_pydict(cols, schema=self.schema(spec))


def shengji_summary(frame: pl.LazyFrame | pl.DataFrame, *, level: float = 0.95) -> pl.DataFrame:
    """:func:`~sim.stats.play_summary` plus the 庄家 side's hold rate and mean attacker points."""
    df = frame.collect() if isinstance(frame, pl.LazyFrame) else frame
    base = play_summary(df, level=level, outcome_names=_Base.outcome_names)
    n = df.height
    holds = int((df["level_side"].cast(pl.String) == "defenders").sum())
    lo, hi = rate_interval(holds, max(n, 1), level=level)
    rows = [{"group": "升级", "name": "庄家 side holds", "n": n, "hits": holds,
             "rate": holds / max(n, 1), "ci_low": float(lo), "ci_high": float(hi),
             "points": None, "points_low": None, "points_high": None}]
    for label, col in (("attacker points (after 扣底)", "attacker_points"),
                       ("attacker points (before 扣底)", "attacker_points_raw")):
        mean, mlo, mhi = mean_interval(df[col].to_numpy(), level=level)
        rows.append({"group": "升级", "name": label, "n": n, "hits": None, "rate": None,
                     "ci_low": None, "ci_high": None, "points": mean, "points_low": mlo,
                     "points_high": mhi})
    if "match" in df.columns:
        per = df.group_by("match").len()["len"].to_numpy()
        mean, mlo, mhi = mean_interval(per, level=level)
        rows.append({"group": "升级", "name": "hands per match", "n": len(per), "hits": None,
                     "rate": None, "ci_low": None, "ci_high": None, "points": mean,
                     "points_low": mlo, "points_high": mhi})
    extra = pl.DataFrame(rows, schema=base.schema)
    return pl.concat([base, extra])
