"""天地人和's compiled resample and search: the seat's view is kept, unseen cards land in each
hidden place at their expected rate, worlds are canonical, the search's choice cannot depend
on hidden cards, and its rows are the same through the batch and the driver."""

import numpy as np
import polars as pl
import pytest
from scipy.stats import chi2

from sim.games import get_game
from sim.games.base import RunSpec
from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.tiandi import engine as E
from sim.games.chuanpai.tiandi.game import Game, kernel_player
from sim.games.chuanpai.tiandi.world import resample_world
from sim.registry import get_strategy
from sim.search import SearchPlayer

# The search players' hand loops (search, world drawing and rollouts compiled together) take
# minutes to compile on a fresh machine, so these run with the slow tests (`pytest -m slow`,
# and .ci/run); the strategy-text parsing they share is tested by default (test_search_api.py).
pytestmark = pytest.mark.slow

GAME = get_game("tiandi")


def _states(seeds=range(4), every=3):
    """Games at decisions reached by strong play (a few per hand)."""
    strong = kernel_player("strong")
    out = []
    for seed in seeds:
        g = Game(seed=seed, dealer=seed % 3)
        i = 0
        while not g.done:
            if i % every == 1:
                out.append(g.clone())
            g.step(g._kernel_code(g.actor, strong))
            i += 1
    return out


def _gen(seed):
    return np.array([np.uint64(seed)], dtype=np.uint64)


def test_the_seats_observation_is_kept():
    for g in _states():
        seat = g.actor
        world = g.resample(seat, np.random.default_rng(1))
        assert np.array_equal(world.observation(seat).array, g.observation(seat).array)
        assert world.card_total() == g.card_total() == 84
        assert world.legal_actions() == g.legal_actions()


def test_unseen_cards_land_in_each_hidden_place_at_their_rate():
    g = _states(seeds=[5], every=7)[2]
    seat = g.actor
    places = [(base, p) for p in range(3) if p != seat for base in (E.HAND, E.DOWN)]
    s = g.state
    sizes = np.array([s[b + p * N_TYPES:b + (p + 1) * N_TYPES].sum() for b, p in places])
    pool = sum(s[b + p * N_TYPES:b + (p + 1) * N_TYPES].astype(np.int64) for b, p in places)
    assert sizes.sum() > 20 and (sizes > 0).sum() >= 3
    counts = np.zeros((len(places), N_TYPES))
    out = np.empty_like(s)
    gen = _gen(11)
    n = 400
    for _ in range(n):
        resample_world(s, seat, out, gen)
        for i, (b, p) in enumerate(places):
            counts[i] += out[b + p * N_TYPES:b + (p + 1) * N_TYPES]
    expected = n * np.outer(sizes, pool) / sizes.sum()
    cells = expected > 5
    stat = ((counts - expected) ** 2 / np.where(cells, expected, 1))[cells].sum()
    dof = cells.sum() - (sizes > 0).sum() - (pool > 0).sum() + 1
    assert chi2.sf(stat, dof) > 1e-3
    # and it has power: a redraw that keeps the true hands fails it
    stuck = n * np.array([s[b + p * N_TYPES:b + (p + 1) * N_TYPES] for b, p in places], dtype=float)
    bad = ((stuck - expected) ** 2 / np.where(cells, expected, 1))[cells].sum()
    assert chi2.sf(bad, dof) < 1e-6


def test_worlds_are_canonical():
    for g in _states(seeds=[1, 2]):
        seat = g.actor
        other = g.resample(seat, np.random.default_rng(7))
        a, b = np.empty_like(g.state), np.empty_like(g.state)
        resample_world(g.state, seat, a, _gen(99))
        resample_world(other.state, seat, b, _gen(99))
        assert np.array_equal(a, b)


def test_the_choice_does_not_depend_on_hidden_cards():
    player = SearchPlayer(get_strategy("tiandi", "search(k=3)").params, "search(k=3)")
    for g in _states(seeds=[3], every=4):
        seat = g.actor
        other = g.resample(seat, np.random.default_rng(5))
        g.rng[:] = other.rng[:] = 1234
        assert g._search_code(seat, player) == other._search_code(seat, player)


def _spec(strategies, n=6, seed=4, rules=None):
    return RunSpec(game="tiandi", workload="play", rules=rules or {}, strategies=strategies,
                   seed=seed, hands=n, shard_size=n)


@pytest.mark.parametrize("rules", [{}, {"dealer_rule": "winner_keeps"}])
def test_batch_and_driver_rows_agree_and_repeat(rules):
    wl = GAME.workload("play")
    spec = _spec(("search(k=2,width=2)", "strong", "greedy"), rules=rules)
    batch = pl.from_arrow(wl.play(spec, 0, 6))
    assert batch.equals(pl.from_arrow(wl.play(spec, 0, 6)))
    assert batch.slice(3, 3).equals(pl.from_arrow(wl.play(spec, 3, 3)))
    infos = [get_strategy("tiandi", n) for n in spec.strategies]
    python = pl.from_arrow(wl.play_python(spec, 0, 6, infos))
    assert batch.equals(python)
    assert batch["strategy_0"][0] == "search(k=2,width=2)"


def test_rollout_must_be_compiled():
    from sim.errors import PaijuError

    wl = GAME.workload("play")
    with pytest.raises(PaijuError):
        wl.play(_spec(("search(k=2,rollout=nosuch)", "strong", "strong")), 0, 1)


def test_run_and_show_replay_a_search_hand(tmp_path):
    from click.testing import CliRunner

    from sim.cli import main

    out = tmp_path / "run"
    run = CliRunner().invoke(main, ["run", "tiandi", "-n", "3", "-j", "1", "--strategies",
                                    "search(k=2),strong,strong", "-o", str(out)],
                             catch_exceptions=False)
    assert run.exit_code == 0, run.output
    shown = CliRunner().invoke(main, ["show", str(out), "--hand", "2"], catch_exceptions=False)
    assert "it matches row 2 of the run" in shown.output
