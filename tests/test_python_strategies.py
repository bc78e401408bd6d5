"""Plain Python strategies in the five games played through :mod:`sim.games.python_play`.

For each game: built-in kernels played through the Python driver give the compiled
batch's table exactly; a Python ``choose`` that hands the kernel its arguments
(:func:`~sim.games.python_play.kernel_choose`) gives the same table too, which shows it
gets the same observation array, the same legal codes and the same generator as the
kernel in the batch; and a run with a Python seat writes the same rows sequentially, on
loky workers and on Dask.
"""

from __future__ import annotations

import dataclasses

import pytest

from sim import runner
from sim.errors import IllegalActionError, OptionError
from sim.games import get_game
from sim.games.base import RunSpec
from sim.games.python_play import kernel_choose
from sim import registry as base
from sim.registry import StrategyInfo, get_strategy
from tests.conftest import read_rows


# end to end (processes, clusters, notebooks or the command line): run by `pytest -m slow`
pytestmark = pytest.mark.slow

# kernels per seat, the tuples the games' own batch tests compile (one compile per suite;
# random ones draw from the hand's generator), and a plain Python strategy for seat 0
GAMES = {
    "guangshui": (("strong", "greedy", "random"), "strategies.examples:uniform"),
    "fengshun": (("strong", "greedy", "random"), "strategies.examples:uniform"),
    "tiandi": (("random", "greedy", "strong"), "strategies.examples:uniform"),
    "pairs": (("strong", "greedy", "random", "strong"), "strategies.examples:uniform"),
    "dama": (("random", "strong"), "strategies.examples:uniform"),
}
HANDS = {"dama": 12}  # 打马 games are long; the others play 24 hands


def _spec(game: str, strategies: tuple[str, ...], hands: int, *, seed: int = 5,
          shard_size: int | None = None) -> RunSpec:
    return RunSpec(game=game, workload="play", rules={}, strategies=strategies, seed=seed,
                   hands=hands, shard_size=shard_size or hands)


@pytest.fixture(scope="module")
def dask_scheduler():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                                  dashboard_address=None, silence_logs=40) as cluster:
        yield cluster.scheduler_address


@pytest.fixture
def wrapped():
    """Registers, per seat, a Python ``choose`` that asks that seat's kernel."""
    added: list[tuple[str, str]] = []

    def make(game: str, names: tuple[str, ...]) -> tuple[str, ...]:
        out = []
        for name in names:
            info = StrategyInfo(game=game, name=f"test-python-{name}", description="kernel via choose",
                                choose=kernel_choose(get_strategy(game, name).kernel))
            base.register(info)
            added.append((game, info.name))
            out.append(info.name)
        return tuple(out)

    yield make
    for key in added:
        base._REGISTRY.pop(key, None)


@pytest.mark.parametrize("game", GAMES)
def test_kernels_through_the_python_driver_give_the_batch_table(game, wrapped):
    kernels, _ = GAMES[game]
    workload = get_game(game).workload("play")
    hands = HANDS.get(game, 24)
    spec = _spec(game, kernels, hands)
    compiled = workload.play(spec, 3, hands)
    infos = [get_strategy(game, n) for n in kernels]
    assert workload.play_python(spec, 3, hands, infos).equals(compiled)
    # every seat a Python choose() that hands its kernel what it gets: the same table
    python = _spec(game, wrapped(game, kernels), hands)
    workload.check(python)
    table = workload.play(python, 3, hands)
    names = [f"strategy_{s}" for s in range(len(kernels))]
    assert table.drop(names).equals(compiled.drop(names))
    assert [table.column(c)[0].as_py() for c in names] == list(python.strategies)
    assert table.schema.equals(compiled.schema)


@pytest.mark.parametrize("game", GAMES)
def test_a_python_strategy_plays_the_same_rows_everywhere(game, dask_scheduler, tmp_path):
    kernels, python = GAMES[game]
    hands = HANDS.get(game, 24)
    spec = _spec(game, (python,) + kernels[1:], hands, seed=8, shard_size=hands // 3)
    runner.run(spec, tmp_path / "seq", backend="sequential", progress=False)
    runner.run(spec, tmp_path / "loky", jobs=2, backend="loky", progress=False)
    runner.run(spec, tmp_path / "dask", backend="dask", scheduler=dask_scheduler, progress=False)
    rows = read_rows(tmp_path / "seq")
    assert read_rows(tmp_path / "loky").equals(rows)
    assert read_rows(tmp_path / "dask").equals(rows)
    assert rows.height == hands and rows["hand"].to_list() == list(range(hands))
    assert rows["strategy_0"].cast(str).unique().to_list() == [python]
    # deterministic: the same rows again from any start, in other shards
    workload = get_game(game).workload("play")
    again = workload.play(dataclasses.replace(spec, shard_size=hands), 1, hands - 1)
    assert again.to_pylist() == workload.play(spec, 0, hands).slice(1).to_pylist()


def _illegal(observation, legal, rng):
    return 10_000


def test_an_illegal_python_choice_is_a_one_line_error():
    base.register(StrategyInfo(game="tiandi", name="test-python-illegal", description="",
                               choose=_illegal))
    workload = get_game("tiandi").workload("play")
    spec = _spec("tiandi", ("test-python-illegal", "strong", "strong"), 2)
    try:
        with pytest.raises(IllegalActionError, match="test-python-illegal") as info:
            workload.play(spec, 0, 2)
        assert "\n" not in str(info.value) and "legal:" in str(info.value)
    finally:
        base._REGISTRY.pop(("tiandi", "test-python-illegal"))


def test_guangshui_matches_still_need_kernels():
    workload = get_game("guangshui").workload("match")
    spec = RunSpec(game="guangshui", workload="match", rules={}, seed=1, hands=1, shard_size=1,
                   strategies=("strategies.examples:uniform", "strong", "strong"))
    with pytest.raises(OptionError, match="no compiled kernel"):
        workload.check(spec)


def test_python_path_follows_the_session_chain_under_zhanzhuang():
    """占庄 (dealer_rule=winner_keeps): a Python-path batch that starts inside a session
    replays its earlier hands to learn the dealer, as the compiled batch does."""
    kernels, _ = GAMES["tiandi"]
    workload = get_game("tiandi").workload("play")
    spec = dataclasses.replace(_spec("tiandi", kernels, 20), rules={"dealer_rule": "winner_keeps"})
    compiled = workload.play(spec, 47, 20)
    infos = [get_strategy("tiandi", n) for n in kernels]
    python = workload.play_python(spec, 47, 20, infos)
    assert python.equals(compiled)
    dealers = python.column("dealer").to_pylist()
    assert len(set(dealers)) > 1 and "session" in python.column_names
