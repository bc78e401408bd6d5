"""Whole games: conformance with invariants, both drivers agree, observations hold no more
than the board and the throw, bad choices refused."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from sim.errors import IllegalActionError
from sim.games.dama import DamaRules
from sim.games.dama import codes as C
from sim.games.dama import engine as E
from sim.games.dama import state as S
from sim.games.dama.batch import context, new_states, specialised
from sim.games.dama.board import HORSES, N_STATIONS
from sim.games.dama.game import Game
from sim.games.dama.observe import O_COUNTS, O_SEAT, O_THROW, OBS_SIZE, Observation, fill_obs
from sim.games.dama.rules import rules_vector
from sim.games.driver import KernelPlayer
from sim.rng import hand_seed
from sim.registry import get_strategy

ROOT = 20261201


def codes(g):
    return [a.code for a in g.legal_actions()]


def ask(kernel, g):
    """The code ``kernel`` plays in ``g``'s pending decision (as the batch asks it)."""
    return int(kernel(g.observation_array(g.actor), g._buf, np.int64(g._legal()), g.rng))


def kernels(names):
    ks = [get_strategy("dama", n).kernel for n in names]
    return ks + [ks[0]] * (5 - len(ks))


def batch(names, count, rules, start=0):
    seeds = np.zeros(count, dtype=np.uint64)
    states = new_states(count)
    bad = specialised(kernels(names)).play_hands(np.uint64(ROOT), np.int64(start), np.int64(count),
                                                 context(rules_vector(rules)), seeds, states)
    assert bad == -1
    return seeds, states


def check_invariants(st, players):
    for p in range(players):
        counts = st[S.CNT + p * N_STATIONS: S.CNT + (p + 1) * N_STATIONS]
        assert counts.sum() == HORSES and (counts >= 0).all()
        pos = st[S.HPOS + p * HORSES: S.HPOS + (p + 1) * HORSES]
        assert (np.bincount(pos, minlength=N_STATIONS) == counts).all()
        batches = st[S.HBATCH + p * HORSES: S.HBATCH + (p + 1) * HORSES]
        assert ((batches < 0) == (pos == 0)).all()  # only horses on the board have a batch
    assert st[S.TIE: S.TIE + players].sum() == 0  # 帖 move between players
    assert st[S.POTNET: S.POTNET + players].sum() + st[S.POT] == 0  # the pot holds the rest
    assert st[S.TIE + players: S.TIE + S.MAXP].sum() == 0


@pytest.mark.parametrize("players,names,rules", [
    (2, ("strong", "greedy"), {}),
    (3, ("greedy", "strong", "greedy"), {"jia": "tujing", "move_rule": "whole_total"}),
    (5, ("strong",) * 5, {"entry_table": "prototype", "hit_needs_true_bencai": True}),
    (4, ("greedy",) * 4, {"feilong_throws": "listed", "entry_table": "one"}),
    (3, ("strong", "greedy", "strong"), {"move_rule": "split"}),
])
def test_batch_conformance(players, names, rules):
    r = DamaRules(players=players, **rules)
    _, states = batch(names, 40 if players <= 3 else 15, r)
    for st in states:
        check_invariants(st, players)
        assert st[S.OVER] == 1 and st[S.POT] == 0
        w = st[S.WINNER]
        if w < 0:  # only a game that deadlocked at the gates is stopped, as a draw
            assert st[S.END_KIND] == 0 and st[S.NTHROWS] >= E.MAX_THROWS
            continue
        assert st[S.CNT + w * N_STATIONS + 91] == HORSES
        assert st[S.END_KIND] == (2 if st[S.ROUGH + w] else 1)
    assert (states[:, S.WINNER] >= 0).mean() > 0.5  # most games end (4–5 players: long ones)


@pytest.mark.slow  # exhaustive: `pytest -m slow`
def test_python_driver_conformance_every_throw():
    rng = np.random.default_rng(5)
    greedy = get_strategy("dama", "greedy").kernel
    for game in range(5):
        rules = DamaRules(players=2 + game % 2, move_rule="split" if game == 4 else "horses_plus_steps")
        g = Game(seed=int(hand_seed(np.uint64(ROOT), game)), rules=rules)
        while not g.done:
            check_invariants(g._s, g.rules.players)
            legal = codes(g)
            assert len(legal) > 1 and len(set(legal)) == len(legal)
            for c in legal:
                assert E.target(g._s, g.actor, int(g._s[S.CUR_THROW]), c) >= 0
            if g.actor == 0:
                g.step(legal[int(rng.integers(len(legal)))])
            else:
                g.step(ask(greedy, g))
        check_invariants(g._s, g.rules.players)
        assert g.events[-1].kind == "end"


@pytest.mark.parametrize("players,games,move_rule", [
    pytest.param(2, 80, "horses_plus_steps", marks=pytest.mark.slow), (3, 3, "horses_plus_steps"),
    (2, 6, "split")])
def test_both_drivers_agree(players, games, move_rule):
    rules = DamaRules(players=players, move_rule=move_rule)
    names = ("strong", "greedy", "strong")[:players]
    seeds, states = batch(names, games, rules)
    players = [KernelPlayer(get_strategy("dama", n).kernel, n) for n in names]
    splits = 0
    for i in range(games):
        g = Game(seed=int(seeds[i]), rules=rules)
        g.play(players)
        splits += sum(C.is_split(a) for a in g.decisions)
        assert np.array_equal(g._s[: S.NEV], states[i, : S.NEV]), f"game {i}"
        assert np.array_equal(g._s[S.NEV + 1:], states[i, S.NEV + 1:]), f"game {i}"
        again = Game.replay(seed=int(seeds[i]), actions=g.decisions, rules=rules)
        assert again.result == g.result
    assert (splits > 0) == (move_rule == "split")  # the players do split a throw


def test_python_strategy_through_play():
    def first(observation, legal, rng):
        assert isinstance(observation, Observation) and len(legal) > 1
        assert observation.array.shape == (OBS_SIZE,)
        return legal[0]

    g = Game(seed=9)
    res = g.play([first, KernelPlayer(get_strategy("dama", "greedy").kernel, "greedy")])
    assert res.winner in (0, 1) and sum(res.points) == 0


def test_observation_is_the_board_and_the_throw_only():
    g = Game(seed=11)
    for _ in range(30):
        g.step(codes(g)[-1])
    obs = g.observation_array(g.actor)
    for q in range(2):
        assert (obs[O_COUNTS + q * N_STATIONS: O_COUNTS + (q + 1) * N_STATIONS]
                == g._s[S.CNT + q * N_STATIONS: S.CNT + (q + 1) * N_STATIONS]).all()
    assert obs[O_THROW] == g._s[S.CUR_THROW] and obs[O_SEAT] == g.actor
    view = g.observation(g.actor)
    assert view.counts[0][0] == g.count(0, 0) and view.throw == g.current_throw.name
    # the future dice, the event log and the private bookkeeping never reach it
    st2 = g._s.copy()
    st2[S.HITS_GIVEN: S.HITS_GIVEN + 5] += 7
    st2[S.THROWS_BY: S.THROWS_BY + 5] += 3
    st2[S.HBATCH: S.HBATCH + 100] = 99
    st2[S.NTHROWS] += 100
    obs2 = np.zeros(OBS_SIZE, dtype=np.int64)
    fill_obs(st2, g.actor, obs2)
    assert (obs2 == obs).all()
    # the dice still to come live in the game's generator: a resampled copy is seen the
    # same, and only the throws after it differ
    other = g.resample(g.actor, np.random.default_rng(1))
    assert (other.observation_array(g.actor) == obs).all()
    assert not np.array_equal(other.state, g.state)
    throws = {0: [], 1: []}
    for _ in range(10):
        for i, h in enumerate((g, other)):
            if codes(h):
                h.step(codes(h)[-1])
            throws[i].append(int(h._s[S.CUR_THROW]))
    assert throws[0] != throws[1]


@njit(cache=True)
def _bad(obs, legal, n, rng):
    return legal[n - 1] + 1_000_000  # no move has this code


def test_an_illegal_choice_is_refused():
    g = Game(seed=1)
    with pytest.raises(IllegalActionError, match="seed 1"):
        g.play([KernelPlayer(_bad, "bad")] * 2)
    seeds = np.zeros(2, dtype=np.uint64)
    states = new_states(2)
    bad = specialised([_bad] * 5).play_hands(np.uint64(1), np.int64(0), np.int64(2),
                                             context(rules_vector(DamaRules())), seeds, states)
    assert bad == 0 and states[0, S.ERR_SEAT] in (0, 1) and states[0, S.ERR_CODE] >= 1_000_000


def test_readable_game():
    g = Game(seed=4)
    assert "seed=4" in repr(g) and "to move on" in repr(g)
    assert "1 赤岸驿: seat0×" in g.board() and "pot 100" in g.board()
    kinds = {e.kind for e in g.events}
    assert {"bencai", "throw", "enter"} <= kinds
    assert all(" → " in a.text for a in g.legal_actions())
    assert g.observation_array(g.actor).shape == (OBS_SIZE,)


@pytest.mark.parametrize("move_rule,jia", [("horses_plus_steps", "seed"), ("whole_total", "tujing")])
def test_legal_moves_are_exactly_the_codes_the_rules_allow(move_rule, jia):
    """The fast move generator against every possible single code checked one by one, at
    every 6th decision of whole games and at every one past 飞龙院 (so the 夹 too)."""
    greedy = get_strategy("dama", "greedy").kernel
    rules = DamaRules(players=2, move_rule=move_rule, jia=jia)
    seen, where = 0, set()
    for game in range(2):
        g = Game(seed=int(hand_seed(np.uint64(ROOT), 100 + game)), rules=rules)
        decision = 0
        while not g.done and decision < 3000:
            st, p, t = g._s, g.actor, int(g._s[S.CUR_THROW])
            late = any(g.count(p, x) for x in range(83, 90))
            if decision % 6 == 0 or late:
                every = [C.encode(s, k, b) for s in range(1, 90) for k in range(1, HORSES + 1)
                         for b in (0, 1) if g.count(p, s) >= k]
                allowed = {c for c in every if E.target(st, p, t, c) >= 0}
                assert set(codes(g)) == allowed
                where |= {C.station(c) for c in allowed}
                seen += 1
            decision += 1
            g.step(ask(greedy, g))
    jias = set(range(85, 90)) if jia == "seed" else {83, 84, 85}
    assert seen > 100 and 46 in where and where & jias, str(sorted(where))


@pytest.mark.parametrize("move_rule", ["horses_plus_steps", "whole_total"])
def test_strong_loop_is_its_gain_written_out(move_rule):
    """strong's fast loop and its reckoning by _gain (used under split) choose alike."""
    from strategies.dama.strong import _strong_split, strong_kernel

    g = Game(seed=21, rules=DamaRules(players=3, move_rule=move_rule))
    for _ in range(300):
        if g.done:
            break
        obs, n = g.observation_array(g.actor), np.int64(g._legal())
        choice = strong_kernel(obs, g._buf, n, g.rng)
        assert choice == _strong_split(obs, g._buf, n)
        g.step(int(choice))


@pytest.mark.parametrize("players", [2, 3])
def test_racer_is_strong_at_two_players_and_leaves_the_victims_progress_out_above(players):
    """At two players racer chooses as strong does; at three it leaves a hit's victims'
    progress out, so it parts from strong only where strong's choice was a hit."""
    from strategies.dama.common import hit_count, landing
    from strategies.dama.strong import racer_kernel, strong_kernel

    g = Game(seed=5, rules=DamaRules(players=players))
    differ = 0
    for _ in range(1500):
        if g.done:
            break
        obs, n = g.observation_array(g.actor), np.int64(g._legal())
        new, old = racer_kernel(obs, g._buf, n, g.rng), strong_kernel(obs, g._buf, n, g.rng)
        if new != old:
            differ += 1
            assert hit_count(obs, landing(obs, old)) > 0
        g.step(int(new))
    assert (differ == 0) if players == 2 else (differ > 0)


def test_the_rules_page_shows_the_observation_table():
    from pathlib import Path

    from sim.games.dama.observe import SPEC

    page = (Path(__file__).resolve().parents[2] / "docs/rules/dama.md").read_text(encoding="utf-8")
    section = page.split("## What a strategy sees", 1)[1].split("\n## ", 1)[0]
    table = "\n".join(line for line in section.splitlines() if line.startswith("|"))
    assert table == SPEC.table()


def test_events_carry_their_numbers():
    g = Game(seed=3)
    g.play([KernelPlayer(get_strategy("dama", "strong").kernel, "strong")] * 2)
    for e in g.events:
        if e.kind in ("tie", "pot"):
            assert len(e.amounts) == 2
        if e.kind == "throw":
            assert len(e.amounts) == 3 and all(1 <= d <= 6 for d in e.amounts)
    flows = [sum(e.amounts[s] for e in g.events if e.kind in ("tie", "pot")) for s in range(2)]
    stake = g.rules.stake
    assert [f - stake for f in flows] == list(g.result.points)  # the stake went in first
