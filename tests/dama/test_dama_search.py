"""打马's compiled resample and search: the board is kept and only the dice to come are redrawn,
worlds are canonical, the search's choice cannot depend on the game's own future dice, and its
rows are the same through the batch and the driver."""

import numpy as np
import polars as pl
import pytest

from sim.games import get_game
from sim.games.base import RunSpec
from sim.games.dama import codes as C
from sim.games.dama import state as S
from sim.games.dama.game import Game
from sim.games.dama.search import rank_keys
from sim.games.dama.world import resample_world
from sim.games.driver import kernel_player
from sim.registry import get_strategy
from sim.search import SearchPlayer

# The search players' hand loops (search, world drawing and rollouts compiled together) take
# minutes to compile on a fresh machine, so these run with the slow tests (`pytest -m slow`,
# and .ci/run); the strategy-text parsing they share is tested by default (test_search_api.py).
pytestmark = pytest.mark.slow

GAME = get_game("dama")


def _states(seeds=range(3), every=25, most=6):
    """Games at decisions reached by strong play (a few per game)."""
    strong = kernel_player("dama", "strong")
    out = []
    for seed in seeds:
        g = Game(seed=seed)
        i = 0
        while not g.done and len(out) < most * (seed + 1):
            if i % every == 3:
                out.append(g.clone())
            g.step(g._kernel_code(g.actor, strong))
            i += 1
    return out


def _gen(seed):
    return np.array([np.uint64(seed)], dtype=np.uint64)


def test_the_seats_observation_is_kept_and_the_dice_change():
    for g in _states():
        seat = g.actor
        world = g.resample(seat, np.random.default_rng(1))
        assert np.array_equal(world.observation(seat).array, g.observation(seat).array)
        assert world.legal_actions() == g.legal_actions()
        s = g._loop_state()
        out = np.empty_like(s)
        resample_world(s, seat, out, _gen(3))
        assert np.array_equal(out[:S.SIZE], g.state[:S.SIZE])
        assert out[S.DICE] != s[S.DICE]


def test_worlds_are_canonical():
    for g in _states(seeds=[1, 2]):
        seat = g.actor
        other = g.resample(seat, np.random.default_rng(7))
        assert other._dice[0] != g._dice[0]
        a, b = np.empty(S.LOOP_SIZE, dtype=np.int64), np.empty(S.LOOP_SIZE, dtype=np.int64)
        resample_world(g._loop_state(), seat, a, _gen(99))
        resample_world(other._loop_state(), seat, b, _gen(99))
        assert np.array_equal(a, b)
        resample_world(g._loop_state(), seat, b, _gen(100))
        assert a[S.DICE] != b[S.DICE]  # another generator, another dice stream


def test_the_choice_does_not_depend_on_the_future_dice():
    player = SearchPlayer(get_strategy("dama", "search(k=2,width=3)").params, "search(k=2,width=3)")
    for g in _states(seeds=[3], most=4):
        seat = g.actor
        other = g.resample(seat, np.random.default_rng(5))
        g.rng[:] = other.rng[:] = 1234
        before = g.state
        assert g._search_code(seat, player) == other._search_code(seat, player)
        assert np.array_equal(g.state, before)  # the search leaves the game as it was


def test_the_ranking_puts_the_longest_walks_first():
    from sim.games.dama import engine as E

    seen = 0
    for g in _states(seeds=[0], most=5):
        n = g._legal()
        keys = np.zeros(n, dtype=np.int64)
        s = g._loop_state()
        rank_keys(s, g.actor, g._buf, n, keys)
        p, t = int(s[S.TURN]), int(s[S.CUR_THROW])
        for code, key in zip(g._buf[:n].tolist(), keys.tolist()):
            station, horses = C.station(code), C.horses(code)
            dest = E.target(s, p, t, code)
            assert key == (0 if dest < 0 else -horses * (min(dest, 91) - station))
            seen += dest > station
    assert seen > 0


def _spec(strategies, n=4, seed=4, rules=None):
    return RunSpec(game="dama", workload="play", rules=rules or {}, strategies=strategies,
                   seed=seed, hands=n, shard_size=n)


@pytest.mark.parametrize("strategies, rules", [
    (("search(k=2,width=2)", "strong"), {}),
    (("greedy", "search(k=1,width=2,rollout=greedy)", "strong"), {"players": 3}),
])
def test_batch_and_driver_rows_agree_and_repeat(strategies, rules):
    wl = GAME.workload("play")
    spec = _spec(strategies, rules=rules)
    batch = pl.from_arrow(wl.play(spec, 0, 4))
    assert batch.equals(pl.from_arrow(wl.play(spec, 0, 4)))
    assert batch.slice(2, 2).equals(pl.from_arrow(wl.play(spec, 2, 2)))
    infos = [get_strategy("dama", n) for n in spec.strategies]
    python = pl.from_arrow(wl.play_python(spec, 0, 4, infos))
    assert batch.equals(python)
    plain = pl.from_arrow(wl.play(_spec(("strong",) * len(strategies), rules=rules), 0, 4))
    assert not batch.drop([c for c in batch.columns if c.startswith("strategy_")]).equals(
        plain.drop([c for c in plain.columns if c.startswith("strategy_")]))
    assert batch["strategy_0"][0] == strategies[0]


def test_rollout_must_be_compiled():
    from sim.errors import PaijuError

    wl = GAME.workload("play")
    with pytest.raises(PaijuError):
        wl.play(_spec(("search(k=2,rollout=nosuch)", "strong")), 0, 1)


def test_run_and_show_replay_a_search_hand(tmp_path):
    from click.testing import CliRunner

    from sim.cli import main

    out = tmp_path / "run"
    run = CliRunner().invoke(main, ["run", "dama", "-n", "2", "-j", "1", "--strategies",
                                    "search(k=2),strong", "-o", str(out)],
                             catch_exceptions=False)
    assert run.exit_code == 0, run.output
    shown = CliRunner().invoke(main, ["show", str(out), "--hand", "1"], catch_exceptions=False)
    assert "it matches row 1 of the run" in shown.output, shown.output
