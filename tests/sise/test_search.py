"""The 四色 sampled-world search: its compiled resample and the ``search`` strategy, for
广水 and 丰顺.

Checked: the seat's observation stays the same in a resample; each unseen card lands in each
hidden place at its expected rate (χ², with a control that a biased deal fails it); the
resample is canonical (a resample of a resample gives the same world for the same generator
state); the search chooses the same in a hand and in a resample of it, so hidden cards
cannot reach its choice; a run's rows are the same in the batch, in shards and in the
Python driver, and ``paiju show`` replays a search hand to its row.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from sim import runner
from sim.games import get_game
from sim.games.base import RunSpec
from sim.games.sise.cards import N_KINDS
from sim.games.sise.fengshun import search as fengshun_search
from sim.games.sise.fengshun import state as fengshun_state
from sim.games.sise.guangshui import search as guangshui_search
from sim.games.sise.guangshui import state as guangshui_state
from sim.registry import get_strategy
from sim.replay import show
from sim.search import SearchParams, SearchPlayer

# The search players' hand loops (search, world drawing and rollouts compiled together) take
# minutes to compile on a fresh machine, so these run with the slow tests (`pytest -m slow`,
# and .ci/run); the strategy-text parsing they share is tested by default (test_search_api.py).
pytestmark = pytest.mark.slow

GAMES = {"guangshui": (guangshui_state, guangshui_search), "fengshun": (fengshun_state, fengshun_search)}
NAMES = sorted(GAMES)


def _stock_end(game, T) -> int:
    return T.STOCK + (int(game.state[T.SE]) if hasattr(T, "SE") else T.STOCK_CARDS)


def _seats(game, T) -> int:
    return int(game.state[T.NS]) if hasattr(T, "NS") else T.N_SEATS


def _states(name: str, *, seed: int, every: int = 3, limit: int = 10):
    """Decision states of a hand played by strong in every seat (random every 4th step)."""
    info = get_game(name)
    game = info.new_game(seed=seed)
    strong = get_strategy(name, "strong").kernel
    rng = np.random.default_rng(seed)
    step = 0
    out = []
    while not game.done and len(out) < limit:
        legal = game.legal_actions()
        if step % every == 0 and len(legal) > 1:
            out.append(game.clone())
        if step % 4 == 3:
            game.step(legal[int(rng.integers(len(legal)))])
        else:
            obs = game.observation_array(game.actor)
            buf = np.array([a.code for a in legal], dtype=np.int64)
            game.step(int(strong(obs, buf, len(buf), np.array([seed + step], dtype=np.uint64))))
        step += 1
    return out


@pytest.mark.parametrize("name", NAMES)
def test_a_resample_keeps_what_the_seat_sees(name):
    T, _ = GAMES[name]
    checked = 0
    for seed in (1, 2):
        for game in _states(name, seed=seed):
            seat = game.actor
            for k in range(3):
                other = game.resample(seat, np.random.default_rng([seed, checked, k]))
                assert np.array_equal(other.observation_array(seat), game.observation_array(seat))
                assert [a.code for a in other.legal_actions()] == [a.code for a in game.legal_actions()]
                assert other.card_total() == game.card_total()
            checked += 1
    assert checked >= 10


def _placements(name: str, game, seat: int, draws: int) -> tuple[np.ndarray, np.ndarray]:
    """Over ``draws`` resamples, the count of each kind in each hidden place (each other
    seat's hand, the first and the last stock card), and its expectation."""
    T, S = GAMES[name]
    s = game.state
    end = _stock_end(game, T)
    others = [p for p in range(_seats(game, T)) if p != seat]
    sizes = [int(s[T.HAND + p * N_KINDS: T.HAND + (p + 1) * N_KINDS].sum()) for p in others]
    unseen = sum(s[T.HAND + p * N_KINDS: T.HAND + (p + 1) * N_KINDS] for p in others)
    unseen = unseen + np.bincount(s[T.STOCK + int(s[T.SP]): end], minlength=N_KINDS)
    share = unseen / unseen.sum()
    expected = np.array([share * n for n in sizes] + [share, share]) * draws
    seen = np.zeros_like(expected)
    out = np.empty_like(s)
    gen = np.array([12345], dtype=np.uint64)
    for _ in range(draws):
        S.resample_world(s, seat, out, gen)
        for i, p in enumerate(others):
            seen[i] += out[T.HAND + p * N_KINDS: T.HAND + (p + 1) * N_KINDS]
        seen[len(others), out[T.STOCK + int(s[T.SP])]] += 1
        seen[len(others) + 1, out[end - 1]] += 1
    return seen, expected


def _chi2_p(seen: np.ndarray, expected: np.ndarray) -> float:
    live = expected > 0
    chi2 = float((((seen - expected) ** 2)[live] / expected[live]).sum())
    dof = int(live.sum()) - int(live.any(axis=1).sum())
    return float(stats.chi2.sf(chi2, dof))


@pytest.mark.parametrize("name", NAMES)
def test_each_unseen_card_lands_in_each_hidden_place_at_its_rate(name):
    game = _states(name, seed=3, limit=4)[-1]
    seen, expected = _placements(name, game, game.actor, 1500)
    assert _chi2_p(seen, expected) > 1e-3
    # the test has power: the hand as it really is, repeated, is far from uniform
    T, _ = GAMES[name]
    s = game.state
    fixed = np.zeros_like(seen)
    others = [p for p in range(_seats(game, T)) if p != game.actor]
    for i, p in enumerate(others):
        fixed[i] = s[T.HAND + p * N_KINDS: T.HAND + (p + 1) * N_KINDS] * 1500
    fixed[len(others), s[T.STOCK + int(s[T.SP])]] = 1500
    fixed[len(others) + 1, s[_stock_end(game, T) - 1]] = 1500
    assert _chi2_p(fixed, expected) < 1e-6


@pytest.mark.parametrize("name", NAMES)
def test_the_resample_is_canonical(name):
    T, S = GAMES[name]
    for game in _states(name, seed=4):
        seat = game.actor
        twin = game.resample(seat, np.random.default_rng(7))
        a, b = np.empty_like(game.state), np.empty_like(game.state)
        S.resample_world(game.state, seat, a, np.array([99], dtype=np.uint64))
        S.resample_world(twin.state, seat, b, np.array([99], dtype=np.uint64))
        assert np.array_equal(a, b)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("params", [SearchParams(k=3), SearchParams(k=2, width=2)])
def test_the_search_chooses_the_same_in_a_resample(name, params):
    player = SearchPlayer(params)
    choices = set()
    for game in _states(name, seed=5, limit=6):
        seat = game.actor
        twin = game.resample(seat, np.random.default_rng(11))
        game.rng[:] = twin.rng[:] = 2024
        code = game._search_code(seat, player)
        assert code == twin._search_code(seat, player)
        assert code in [a.code for a in game.legal_actions()]
        choices.add(code)
    assert len(choices) > 1


def _spec(name: str, hands: int, strategies=("search(k=2)", "strong", "strong")) -> RunSpec:
    return RunSpec(game=name, workload="play", rules={}, strategies=strategies, seed=3, hands=hands,
                   shard_size=2)


@pytest.mark.parametrize("name", NAMES)
def test_search_rows_are_the_same_in_shards_and_in_the_driver(name):
    spec = _spec(name, 4)
    work = get_game(name).workload("play")
    assert work.python_players(spec) is None  # search seats stay on the batch path
    whole = work.play(spec, 0, 4)
    assert whole.column("strategy_0").to_pylist() == ["search(k=2)"] * 4
    assert whole.equals(_concat(work.play(spec, 0, 2), work.play(spec, 2, 2)))
    players = [get_strategy(name, n) for n in spec.strategies]  # as python_players gives them
    assert work.play_python(spec, 0, 4, players).equals(whole)


def _concat(a, b):
    import pyarrow as pa

    return pa.concat_tables([a, b]).combine_chunks()


@pytest.mark.parametrize("name", NAMES)
def test_a_search_run_replays_to_its_rows(name, tmp_path):
    import sim

    runner.run(_spec(name, 3), tmp_path / name, progress=False)
    rows = sim.load(tmp_path / name).collect().to_dicts()
    assert len(rows) == 3
    for row in rows:
        assert show(tmp_path / name, row["hand"]).row == row


def test_a_rollout_without_a_kernel_is_refused():
    from sim.errors import OptionError

    work = get_game("guangshui").workload("play")
    with pytest.raises(OptionError, match="cannot roll out with 'search'"):
        work.play(_spec("guangshui", 1, ("search(k=1,rollout=search)", "strong", "strong")), 0, 1)
