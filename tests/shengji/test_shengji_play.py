"""Whole hands: conformance over thousands of hands, both drivers agree, bad plays refused."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from sim.errors import IllegalActionError, OptionError
from sim.games.base import RunSpec
from sim.games.shengji import GAME, ShengjiRules
from sim.games.shengji import engine as E
from sim.games.shengji import observe as OB
from sim.games.shengji.batch import specialised
from sim.games.shengji.game import Game
from sim.rng import hand_seed
from sim.registry import StrategyInfo, get_strategy, register

ROOT = 20261130


def _kernels(names):
    return [get_strategy("shengji", n).kernel for n in names]


def _batch(names, count, rules=ShengjiRules(), start=0):
    seeds = np.zeros(count, dtype=np.uint64)
    res = np.zeros((count, E.N_RESULTS), dtype=np.int32)
    err = np.zeros(54, dtype=np.int8)
    from sim.games.shengji.rules import rules_vector

    bad = specialised(_kernels(names)).play_hands(np.uint64(ROOT), start, count, rules_vector(rules),
                                                  seeds, (res, err))
    return bad, seeds, res


@pytest.mark.parametrize("hands", [300, pytest.param(1500, marks=pytest.mark.slow)])
@pytest.mark.parametrize("names", [("random",) * 4, ("greedy",) * 4])
def test_conformance(names, hands):
    """216 cards played, 400 points accounted for, every play legal, every leader could lead."""
    bad, _, res = _batch(names, hands)
    assert bad == -1, f"illegal play in hand {bad}: {res[bad]}"
    assert (res[:, E.R_CONSERVED] == 1).all()  # every card of the four decks was played once
    assert (res[:, E.R_RAW] + res[:, E.R_DEF_RAW] == 400).all()
    assert (res[:, E.R_POINTS] == res[:, E.R_RAW] + res[:, E.R_KOU] + res[:, E.R_PENALTY]).all()
    assert (res[:, E.R_TRICKS] >= 1).all() and (res[:, E.R_TRICKS] <= 54).all()
    side_is_attackers = res[:, E.R_POINTS] >= 160
    assert (res[:, E.R_SIDE] == side_is_attackers).all()
    # the last trick decides the sign of 扣底
    last_attacker = (res[:, E.R_LAST] - res[:, E.R_ZHUANG]) % 2 == 1
    assert (res[last_attacker, E.R_KOU] >= 0).all() and (res[~last_attacker, E.R_KOU] <= 0).all()
    assert res[:, E.R_THROWS].sum() > 0  # both strategies throw
    if names[0] == "random":
        assert res[:, E.R_FAILED].sum() > 0  # … and random's throws often fail


@pytest.mark.parametrize("n", [5, pytest.param(16, marks=pytest.mark.slow)])
def test_both_drivers_agree(n):
    names = ("greedy", "random", "expert", "random")
    rules = ShengjiRules(kou_di_sides="both", throw_penalty=10)
    bad, seeds, res = _batch(names, n, rules)
    assert bad == -1
    failed = 0
    for i in range(n):
        g = Game(seed=int(seeds[i]), rules=rules)
        r = g.play(_kernels(names), names=names)
        assert r["zhuang"] == res[i, E.R_ZHUANG] and r["trump"] == res[i, E.R_TRUMP]
        assert r["attacker_points_raw"] == res[i, E.R_RAW]
        assert r["kou_di"] == res[i, E.R_KOU] and r["throw_penalty"] == res[i, E.R_PENALTY]
        assert r["attacker_points"] == res[i, E.R_POINTS] and r["levels"] == res[i, E.R_LEVELS]
        assert r["tricks"] == res[i, E.R_TRICKS] and r["failed_throws"] == res[i, E.R_FAILED]
        # each seat's points, as the rows give them: the dealer's side wins the levels when it holds
        gain = r["levels"] if r["side"] == 0 else -r["levels"]
        assert r["points"] == tuple(gain if (s - r["zhuang"]) % 2 == 0 else -gain for s in range(4))
        # the event log tells the same story: 扣底 = last trick's points × cards each (seed)
        last = [ev for ev in g.events if ev.kind == "trick"][-1]
        pts = last.amounts[0]
        assert abs(r["kou_di"]) in (0, pts * _last_size(g))
        failed += r["failed_throws"]
    assert failed > 0  # the drivers also agree on failed throws and their penalty
    assert int(hand_seed(ROOT, 3)) == int(seeds[3])


def _last_size(g: Game) -> int:
    leads = [ev for ev in g.events if ev.kind == "lead"]
    return len(leads[-1].cards)


def test_python_strategy_and_illegal_plays():
    g = Game(seed=5)
    seat = g.actor
    other = (seat + 1) % 4
    hand = g.hands[seat]
    # leading cards one does not hold
    stranger = np.zeros(54, dtype=np.int8)
    stranger[int(np.argmax(g.hands[other] > hand))] = 1
    with pytest.raises(IllegalActionError, match=r"seat \d\) in the hand with seed 5.*does not hold"):
        g.step(stranger)
    g.step(g.suggest(seat))
    with pytest.raises(IllegalActionError, match="wrong number of cards|does not hold"):
        g.step(np.zeros(54, dtype=np.int8))

    def lowest(obs, legal, rng):  # a plain Python strategy
        return legal.suggest()

    r = Game(seed=11).play([lowest] * 4)
    assert r["attacker_points_raw"] + r["defender_points_raw"] == 400


@njit
def _mixed_lead(obs, es, pos, kat, nat, npos, rng, out):
    out[:] = 0
    if obs[OB.O_INFO + OB.I_MODE] == 0:  # leads one card of every effective suit it holds: mixed suits
        done = np.zeros(5, dtype=np.bool_)
        for k in range(54):
            if obs[OB.O_HAND + k] > 0 and not done[es[k]]:
                out[k] = 1
                done[es[k]] = True
        return encode_play(obs[OB.O_HAND:OB.O_HAND + 54], out)
    return from_greedy(obs, es, pos, kat, nat, npos, rng, out)


from strategies.shengji.greedy import greedy_kernel as from_greedy  # noqa: E402
from sim.games.shengji.codes import encode_play  # noqa: E402


@pytest.mark.slow  # a new palette: the whole 升级 hand loop compiles again (about a minute)
def test_illegal_compiled_strategy_is_reported():
    """A new compiled strategy plugs in without touching the engine; its bad play is named."""
    register(StrategyInfo(game="shengji", name="test_mixed", kernel=_mixed_lead, description="bad"))
    spec = RunSpec(game="shengji", workload="play", rules={},
                   strategies=("test_mixed", "greedy", "greedy", "greedy"), seed=1, hands=4,
                   shard_size=4)
    with pytest.raises(IllegalActionError, match=r"'test_mixed' \(seat 0\) chose illegal action .*more than one suit.*\(seed \d+\)"):
        GAME.workload("play").play(spec, 0, 4)


def test_workload_checks():
    w = GAME.workload("play")
    with pytest.raises(OptionError, match="needs 4 strategies"):
        w.check(RunSpec(game="shengji", workload="play", rules={}, strategies=("greedy",) * 2))
    with pytest.raises(OptionError, match="no strategy 'nope'"):
        w.check(RunSpec(game="shengji", workload="play", rules={}, strategies=("nope",) * 4))
    with pytest.raises(OptionError, match="kou_di_sides"):
        ShengjiRules.from_options(overrides={"kou_di_sides": "everyone"})


def test_workload_rows_and_determinism():
    spec = RunSpec(game="shengji", workload="play", rules={}, seed=3, hands=40, shard_size=20)
    w = GAME.workload("play")
    df = w.play(spec, 0, 40).to_pandas().astype(str)
    tail = w.play(spec, 20, 20).to_pandas().astype(str)
    assert df.iloc[20:].reset_index(drop=True).equals(tail)  # hand i depends only on (seed, i)
    df = w.play(spec, 0, 40).to_pandas()
    assert (df[[f"points_{s}" for s in range(4)]].sum(axis=1) == 0).all()
    assert (df["won_0"] == df["won_2"]).all() and (df["won_0"] != df["won_1"]).all()
    assert set(df["outcome"]) <= {"hold", "takeover"}
    hold = df["level_side"] == "defenders"
    assert (df.loc[hold, "winner"] == df.loc[hold, "dealer"]).all()


def test_matches_run_to_the_end():
    spec = RunSpec(game="shengji", workload="match", rules={}, seed=3, hands=3, shard_size=3)
    w = GAME.workload("match")
    t = w.play(spec, 0, 3).to_pandas()
    again = w.play(spec, 1, 2).to_pandas().astype(str)
    assert t[t["match"] >= 1].reset_index(drop=True).astype(str).equals(again)
    for m, g in t.groupby("match"):
        assert list(g["hand_no"]) == list(range(len(g)))
        assert (g["match_winner"].iloc[:-1] == -1).all() and g["match_winner"].iloc[-1] in (0, 1)
        last = g.iloc[-1]
        # seed default: the match ends when the 庄家 side holds at level A
        assert last["level"] == 14 and last["level_side"] == "defenders"
        assert g["level"].iloc[0] == 2


def test_legal_plays_of_the_python_driver():
    g = Game(seed=9)
    leads = g.legal_plays()
    assert leads and all(g.check(p) == 0 for p in leads)
    g.step(max(leads, key=lambda p: int(p.sum())))  # the biggest single combination
    plays = g.legal_plays()
    assert plays and all(g.check(p) == 0 for p in plays)
    assert len({p.tobytes() for p in plays}) == len(plays)
    assert any(np.array_equal(p, g.suggest(g.actor)) for p in plays)


def test_command_line(tmp_path):
    from click.testing import CliRunner

    from sim.cli import main

    cli = CliRunner()
    out = tmp_path / "hands"
    r = cli.invoke(main, ["run", "升级", "-n", "30", "--jobs", "1", "--no-progress", "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert "庄家 side holds" in r.output and "attacker points (after 扣底)" in r.output
    out = tmp_path / "matches"
    r = cli.invoke(main, ["run", "shengji", "--matches", "-n", "2", "--shard-size", "1", "--jobs", "1",
                          "--no-progress", "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert "hands per match" in r.output
    assert cli.invoke(main, ["verify", str(out)]).exit_code == 0
    r = cli.invoke(main, ["run", "shengji", "-n", "5", "-s", "greedy,random", "--no-progress",
                          "-o", str(tmp_path / "bad")])
    assert r.exit_code == 2 and "needs 4 strategies" in r.output
