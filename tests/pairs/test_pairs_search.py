"""The pairing game's compiled resample and search, at every kind of table: the seat's view is
kept, unseen cards land in each hidden place at their expected rate, worlds are canonical,
the search's choice cannot depend on hidden cards, and its rows are the same through the
batch and the driver."""

import numpy as np
import polars as pl
import pytest
from scipy.stats import chi2

from sim.games import get_game
from sim.games.base import RunSpec
from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.pairs import engine as E
from sim.games.chuanpai.pairs.game import Game, kernel_player
from sim.games.chuanpai.pairs.rules import PairsRules
from sim.games.chuanpai.pairs.world import resample_world
from sim.registry import get_strategy
from sim.search import SearchPlayer

# The search players' hand loops (search, world drawing and rollouts compiled together) take
# minutes to compile on a fresh machine, so these run with the slow tests (`pytest -m slow`,
# and .ci/run); the strategy-text parsing they share is tested by default (test_search_api.py).
pytestmark = pytest.mark.slow

GAME = get_game("pairs")
TABLES = [({}, "seed"), ({}, "doushisi"), ({"players": 6}, "seed"), ({"players": 2}, "seed"),
          ({"players": 3, "decks": 2}, "seed")]


def _rules(over, preset):
    return PairsRules.from_options(preset=preset, overrides=over)


def _states(rules, seeds=range(4), every=3):
    """Games at decisions reached by strong play (a few per hand)."""
    strong = kernel_player("strong")
    out = []
    for seed in seeds:
        g = Game(seed=seed, dealer=seed % rules.players, rules=rules)
        i = 0
        while not g.done:
            if i % every == 1:
                out.append(g.clone())
            g.step(g._kernel_code(g.actor, strong))
            i += 1
    return out


def _gen(seed):
    return np.array([np.uint64(seed)], dtype=np.uint64)


@pytest.mark.parametrize("over,preset", TABLES)
def test_the_seats_observation_is_kept(over, preset):
    rules = _rules(over, preset)
    states = _states(rules)
    assert states
    for g in states:
        seat = g.actor
        world = g.resample(seat, np.random.default_rng(1))
        assert np.array_equal(world.observation(seat).array, g.observation(seat).array)
        assert world.card_total() == g.card_total()
        assert world.legal_actions() == g.legal_actions()
        s = world.state
        for p in range(rules.players):
            hand = s[E.HAND + p * N_TYPES:E.HAND + (p + 1) * N_TYPES]
            assert hand.max(initial=0) <= 2  # nothing the 偷 loop would have laid


def _hidden(s, seat, players):
    rows = [s[E.HAND + p * N_TYPES:E.HAND + (p + 1) * N_TYPES].astype(np.int64)
            for p in range(players) if p != seat]
    rows.append(np.bincount(s[E.STOCK + s[E.SP]:E.STOCK + s[E.NCARDS]], minlength=N_TYPES))
    return np.array(rows)


def test_unseen_cards_land_in_each_hidden_place_at_their_rate():
    rules = _rules({}, "seed")
    g = _states(rules, seeds=[5], every=5)[1]
    seat = g.actor
    s = g.state
    out = np.empty_like(s)
    gen = _gen(11)
    n = 400
    counts = np.zeros_like(_hidden(s, seat, rules.players), dtype=float)
    for _ in range(n):
        resample_world(s, seat, out, gen)
        counts += _hidden(out, seat, rules.players)
    # each type spread over the places in proportion to their sizes (type and place independent)
    sizes, pool = counts.sum(1), counts.sum(0)
    expected = np.outer(sizes, pool) / sizes.sum()
    cells = expected > 5
    stat = ((counts - expected) ** 2 / np.where(cells, expected, 1))[cells].sum()
    dof = cells.sum() - (sizes > 0).sum() - (pool > 0).sum() + 1
    assert chi2.sf(stat, dof) > 1e-3
    stuck = n * _hidden(s, seat, rules.players).astype(float)
    bad = ((stuck - expected) ** 2 / np.where(cells, expected, 1))[cells].sum()
    assert chi2.sf(bad, dof) < 1e-6


@pytest.mark.parametrize("over,preset", TABLES[:3])
def test_worlds_are_canonical(over, preset):
    for g in _states(_rules(over, preset), seeds=[1, 2]):
        seat = g.actor
        other = g.resample(seat, np.random.default_rng(7))
        a, b = np.empty_like(g.state), np.empty_like(g.state)
        resample_world(g.state, seat, a, _gen(99))
        resample_world(other.state, seat, b, _gen(99))
        assert np.array_equal(a, b)


@pytest.mark.parametrize("over,preset", TABLES[:2])
def test_the_choice_does_not_depend_on_hidden_cards(over, preset):
    player = SearchPlayer(get_strategy("pairs", "search(k=3)").params, "search(k=3)")
    for g in _states(_rules(over, preset), seeds=[3], every=4):
        seat = g.actor
        if len(g.legal_actions()) < 2:
            continue
        other = g.resample(seat, np.random.default_rng(5))
        g.rng[:] = other.rng[:] = 1234
        assert g._search_code(seat, player) == other._search_code(seat, player)


@pytest.mark.parametrize("over,preset", [({}, "seed"), ({"players": 5}, "seed")])
def test_batch_and_driver_rows_agree_and_repeat(over, preset):
    wl = GAME.workload("play")
    rules = dict(over)
    names = ("search(k=2,width=2)",) + ("strong",) * (_rules(over, preset).players - 1)
    spec = RunSpec(game="pairs", workload="play", rules=rules, strategies=names, seed=4, hands=5,
                   shard_size=5)
    batch = pl.from_arrow(wl.play(spec, 0, 5))
    assert batch.equals(pl.from_arrow(wl.play(spec, 0, 5)))
    assert batch.slice(2, 3).equals(pl.from_arrow(wl.play(spec, 2, 3)))
    infos = [get_strategy("pairs", n) for n in names]
    assert batch.equals(pl.from_arrow(wl.play_python(spec, 0, 5, infos)))
    assert batch["strategy_0"][0] == "search(k=2,width=2)"


def test_run_and_show_replay_a_search_hand_of_doushisi(tmp_path):
    from click.testing import CliRunner

    from sim.cli import main

    out = tmp_path / "run"
    run = CliRunner().invoke(main, ["run", "pairs", "--preset", "doushisi", "-n", "3", "-j", "1",
                                    "--strategies", "strong,search(k=2),strong,strong",
                                    "-o", str(out)], catch_exceptions=False)
    assert run.exit_code == 0, run.output
    shown = CliRunner().invoke(main, ["show", str(out), "--hand", "1"], catch_exceptions=False)
    assert "it matches row 1 of the run" in shown.output
