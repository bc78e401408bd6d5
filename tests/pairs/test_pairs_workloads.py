"""Exact deal odds against direct counts and the deal scan; play rows; the command line."""

import itertools
from fractions import Fraction
from math import comb

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner

from sim.cli import main
from sim.games.base import RunSpec
from sim.games.chuanpai.pairs import GAME, PairsRules
from sim.games.chuanpai.pairs.exact import (
    an_probability, complete_probability, liang_probability, yan_probability,
)
from sim.games.chuanpai.pairs.groups import complete
from sim.games.chuanpai.pairs.rules import rules_vector
from tests.exact_check import assert_holds_to_exact


def _direct(m, rules):
    """Count complete m-card hands by listing every count vector (small m only)."""
    cfg = rules_vector(rules)
    copies = 4 * rules.decks
    hits = 0
    h = np.zeros(21, dtype=np.int16)
    for types in itertools.combinations_with_replacement(range(21), m):
        h[:] = 0
        for k in types:
            h[k] += 1
        if (h > copies).any():
            continue
        if complete(h, cfg):
            ways = 1
            for c in h:
                ways *= comb(copies, int(c))
            hits += ways
    return Fraction(hits, comb(21 * copies, m))


RULE_CASES = [("seed", {}), ("doushisi", {}), ("seed", {"eye_required": True}),
              ("doushisi", {"eye_required": True}), ("seed", {"decks": 2}),
              ("seed", {"decks": 2, "eye_required": True})]


@pytest.mark.parametrize("preset, extra", RULE_CASES)
@pytest.mark.parametrize("m", [2, 3, 4, 5])
def test_exact_complete_matches_a_direct_count(preset, extra, m):
    rules = PairsRules.from_options(preset=preset, overrides=extra)
    assert complete_probability(m, rules=rules) == _direct(m, rules)


def test_exact_simple_events():
    assert an_probability(3) == Fraction(21 * 4, comb(84, 3))
    assert liang_probability(4) == Fraction(21, comb(84, 4))
    assert yan_probability(3) == Fraction(4 ** 3, comb(84, 3))
    # two decks: 8 copies of each of the 21 types
    assert an_probability(3, 8) == Fraction(21 * comb(8, 3), comb(168, 3))
    assert liang_probability(4, 8) == Fraction(21 * comb(8, 4), comb(168, 4))
    assert yan_probability(3, 8) == Fraction(8 ** 3, comb(168, 3))
    # with an eye, two cards are complete only as an eye (two identical)
    eye = PairsRules(eye_required=True)
    assert complete_probability(2, rules=eye) == Fraction(21 * comb(4, 2), comb(84, 2))
    assert complete_probability(3, rules=eye) == 0  # an eye leaves one card, which no group holds


@pytest.mark.slow  # statistical: `pytest -m slow`
def test_deal_scan_holds_to_the_exact_values():
    spec = RunSpec(game="pairs", workload="deals", rules=PairsRules().to_dict(), seed=3,
                   hands=30_000, shard_size=30_000)
    w = GAME.workload("deals")
    frame = pl.from_arrow(w.play(spec, 0, 30_000)).lazy()
    table = w.summary(spec, frame)
    assert table.height == 16
    assert_holds_to_exact(table, 30_000)


@pytest.mark.slow  # statistical: `pytest -m slow`
@pytest.mark.parametrize("extra", [{"eye_required": True}, {"decks": 2, "players": 6},
                                   {"decks": 2, "players": 3, "eye_required": True}])
def test_deal_scan_holds_to_the_exact_values_with_an_eye_and_two_decks(extra):
    rules = PairsRules(**extra)
    spec = RunSpec(game="pairs", workload="deals", rules=rules.to_dict(), seed=4,
                   hands=30_000, shard_size=30_000)
    w = GAME.workload("deals")
    table = w.summary(spec, pl.from_arrow(w.play(spec, 0, 30_000)).lazy())
    assert table.height == 4 * rules.players
    assert table["exact"].null_count() == 0
    assert_holds_to_exact(table, 30_000)
    complete = table.filter(pl.col("event") == "complete as dealt")
    assert complete["hits"].sum() > 0  # the complete-hand rows are really tested


def test_play_rows_add_up():
    rules = PairsRules(players=5)
    spec = RunSpec(game="pairs", workload="play", rules=rules.to_dict(), strategies=("strong",),
                   seed=2, hands=400, shard_size=400)
    df = pl.from_arrow(GAME.workload("play").play(spec, 0, 400))
    pts = df.select(pl.sum_horizontal([f"points_{s}" for s in range(5)])).to_series()
    assert (pts == 0).all()
    assert (df["dealer"] == df["hand"] % 5).all()
    assert set(df["outcome"].cast(pl.String)) <= {"win", "natural", "draw"}
    won = df.filter(pl.col("winner") >= 0)
    assert won.height > 0 and set(won["winner_size"]) <= {16, 15, 3}
    short = df.filter(pl.col("dealer") == 0)
    assert (short["size_4"] == 3).all() and (short["size_0"] == 16).all()


def test_same_rows_whatever_the_split():
    spec = RunSpec(game="pairs", workload="play", rules=PairsRules().to_dict(), seed=4, hands=100,
                   shard_size=100)
    w = GAME.workload("play")
    whole = w.play(spec, 0, 100)
    parts = [w.play(spec, 0, 37), w.play(spec, 37, 63)]
    assert whole.to_pylist() == parts[0].to_pylist() + parts[1].to_pylist()


def test_command_line_run_deals_report_sweep(tmp_path):
    r = CliRunner()
    out = r.invoke(main, ["run", "pairs", "-n", "300", "--jobs", "1", "-o", str(tmp_path / "run"),
                          "--preset", "doushisi"])
    assert out.exit_code == 0, out.output
    rep = r.invoke(main, ["report", str(tmp_path / "run")])
    assert rep.exit_code == 0, rep.output
    out = r.invoke(main, ["deals", "pairs", "-n", "2000", "--jobs", "1", "-o", str(tmp_path / "d")])
    assert out.exit_code == 0 and "燕" in out.output, out.output
    out = r.invoke(main, ["exact", "pairs"])
    assert out.exit_code == 0 and "complete as dealt" in out.output, out.output
    out = r.invoke(main, ["sweep", "pairs", "--vary", "players=3,4", "-n", "200", "--jobs", "1",
                          "-o", str(tmp_path / "sw")])
    assert out.exit_code == 0, out.output


@pytest.mark.parametrize("args, message", [
    (["run", "pairs", "--rule", "players=9", "-n", "10"], "players=9 is out of range"),
    (["run", "pairs", "--rule", "pair_sums=13", "-n", "10"], "pair_sums=13 is not allowed"),
    (["run", "pairs", "--strategies", "strong,greedy", "-n", "10"], "needs 4 strategies"),
])
def test_bad_input_is_one_line(args, message, tmp_path):
    out = CliRunner().invoke(main, [*args, "-o", str(tmp_path / "x")])
    assert out.exit_code != 0 and message in out.output, out.output
