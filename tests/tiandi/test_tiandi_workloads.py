"""The deals and play workloads: Monte Carlo held to the exact odds, rows that add up, and
the generic command line (run, deals, report, sweep) working for tiandi."""

from fractions import Fraction
from math import comb

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner

from sim.cli import main
from sim.games import get_game
from sim.games.base import RunSpec, play_fields
from sim.games.chuanpai.tiandi.deals import deal_summary
from sim.games.chuanpai.tiandi.exact import (
    hard_card_distribution, misdeal_probability, played_deal_probability,
)
from sim.stats import rate_interval

GAME = get_game("tiandi")


def test_exact_misdeal_by_inclusion_exclusion_matches_a_direct_count():
    one = misdeal_probability(one_hand=True)
    assert one == Fraction(comb(72, 28), comb(84, 28))
    assert misdeal_probability() == 1 - played_deal_probability()
    assert 0.0148 < float(misdeal_probability()) < 0.0149
    # conditioning on a played deal hardly moves the hard cards, but it does move them
    plain, dealt = hard_card_distribution(), hard_card_distribution(dealt=True)
    assert plain != dealt and abs(float(plain[3] - dealt[3])) < 1e-3
    assert sum(h * p for h, p in plain.items()) == Fraction(8, 3)


@pytest.mark.slow  # statistical: `pytest -m slow`
def test_deal_scan_holds_to_the_exact_values():
    spec = RunSpec(game="tiandi", workload="deals", rules={}, seed=9, hands=300_000)
    table = GAME.workload("deals").play(spec, 0, 300_000)
    summary = deal_summary(pl.from_arrow(table).lazy(), level=0.999)
    assert summary.height == 3 * 9 + 3 + 1
    assert summary["agrees"].all(), summary.filter(~pl.col("agrees"))


def _play(n, strategies=("random", "greedy", "strong"), rules=None, seed=4):
    spec = RunSpec(game="tiandi", workload="play", rules=rules or {}, strategies=strategies,
                   seed=seed, hands=n)
    return spec, pl.from_arrow(GAME.workload("play").play(spec, 0, n))


def test_play_rows_add_up():
    spec, df = _play(3000)
    names = [f.name for f in play_fields(3)]
    assert df.columns[:len(names)] == names
    pts = df.select([f"points_{s}" for s in range(3)]).to_numpy()
    assert np.all(pts.sum(axis=1) == 0)
    won = df.select([f"won_{s}" for s in range(3)]).to_numpy()
    assert np.all(won.sum(axis=1) == (df["winner"].to_numpy() >= 0))
    assert set(df["outcome"].unique()) <= {"win", "draw", "tuoshou_draw", "tuoshou_win"}
    wins = df.filter(pl.col("outcome") == "win")
    for s in range(3):
        mine = wins.filter(pl.col("winner") == s)
        assert (mine[f"laid_{s}"] >= 16).all() and (mine[f"level_{s}"] != "").all()
        assert (mine["points_" + str(s)] == 2 * mine["stake"]).all() | mine["bao_paid"].any()
    assert (df["dealer"].to_numpy() == np.arange(3000) % 3).all()
    assert (df.filter(pl.col("bao_paid"))["bao"] >= 0).all()
    lvl = wins["level"]
    assert set(lvl.unique()) <= {"小胡", "一甲", "两甲"}


def test_played_deals_follow_the_exact_odds():
    spec, df = _play(30_000, strategies=("random",) * 3)
    void = int(df["misdeals"].sum())
    lo, hi = rate_interval(void, void + df.height, level=0.999, method="clopper-pearson")
    assert lo <= float(misdeal_probability()) <= hi
    hard = df.select([f"hard_{s}" for s in range(3)]).to_numpy().ravel()
    for h, p in hard_card_distribution(dealt=True).items():
        lo, hi = rate_interval(int((hard == h).sum()), hard.size, level=0.999,
                               method="clopper-pearson")
        assert lo <= float(p) <= hi, h


def test_same_rows_whatever_the_split():
    _, whole = _play(400, seed=8)
    spec = RunSpec(game="tiandi", workload="play", rules={}, strategies=("random", "greedy", "strong"),
                   seed=8, hands=400)
    w = GAME.workload("play")
    parts = pl.concat([pl.from_arrow(w.play(spec, 0, 150)), pl.from_arrow(w.play(spec, 150, 250))])
    assert whole.equals(parts)


def invoke(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_command_line_run_deals_report_sweep(tmp_path):
    out = tmp_path / "run"
    r = invoke("run", "tiandi", "-n", "600", "-j", "1", "-o", str(out), "--no-progress")
    assert r.exit_code == 0, r.output
    assert "deals void (无天无九)" in r.output and "一甲" in r.output
    rep = invoke("report", str(out))
    assert rep.exit_code == 0, rep.output
    text = (out / "report.md").read_text()
    assert "## How hands end" in text and "## Misdeals (无天无九)" in text
    d = invoke("deals", "tiandi", "-n", "20000", "-j", "1", "-o", str(tmp_path / "d"), "--no-progress")
    assert d.exit_code == 0 and "some hand void (misdeal)" in d.output
    sw = invoke("sweep", "tiandi", "--vary", "tuoshou=draw,win", "-n", "300", "-j", "1",
                "-o", str(tmp_path / "sw"), "--no-progress")
    assert sw.exit_code == 0, sw.output
    assert "draw rate" in sw.output


@pytest.mark.parametrize("args,message", [
    (("run", "tiandi", "-n", "10", "--rule", "tuoshou=lose"), "tuoshou=lose is not allowed"),
    (("run", "tiandi", "-n", "10", "--strategies", "strong,strong"), "needs 3 strategies"),
    (("run", "tiandi", "-n", "10", "--strategies", "strong,strong,best"), "no strategy 'best'"),
])
def test_bad_input_is_one_line(args, message, tmp_path):
    r = CliRunner().invoke(main, [*args, "-o", str(tmp_path / "x"), "--no-progress"])
    assert r.exit_code != 0 and message in r.output and "Traceback" not in r.output


def test_play_hands_are_dealt_as_the_deal_scan_deals_them():
    spec, played = _play(600, strategies=("greedy",) * 3, seed=12)
    scan = pl.from_arrow(GAME.workload("deals").play(
        RunSpec(game="tiandi", workload="deals", rules={}, seed=12, hands=600), 0, 600))
    clean = (played["misdeals"] == 0).to_numpy()
    assert clean.sum() > 500 and np.array_equal(clean, ~scan["misdeal"].to_numpy())
    dealer = played["dealer"].to_numpy()
    for rel in range(3):  # position rel after the dealer in play = seat rel of the scan
        seat = (dealer + rel) % 3
        hard_play = played.select([f"hard_{s}" for s in range(3)]).to_numpy()[np.arange(600), seat]
        assert np.array_equal(hard_play[clean], scan[f"hard_{rel}"].to_numpy()[clean])
