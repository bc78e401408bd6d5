"""Every game's play workload: same rows whatever the workers, shards or global RNG state."""

from __future__ import annotations

import random

import numpy as np
import pytest

from sim import runner
from sim.games import game_names, get_game
from sim.games.base import RunSpec
from tests.conftest import read_rows

PLAY_GAMES = [g for g in game_names() if "play" in get_game(g).workloads]


def small_spec(game: str, shard_size: int) -> RunSpec:
    return RunSpec(game=game, workload="play", rules=get_game(game).rules().to_dict(), seed=31,
                   hands=240, shard_size=shard_size)


@pytest.mark.parametrize("game", PLAY_GAMES)
def test_workers_and_shard_size_do_not_change_the_rows(game, tmp_path):
    runner.run(small_spec(game, 240), tmp_path / "one", jobs=1, progress=False)
    runner.run(small_spec(game, 70), tmp_path / "two", jobs=2, progress=False)
    assert read_rows(tmp_path / "one").equals(read_rows(tmp_path / "two"))


@pytest.mark.parametrize("game", PLAY_GAMES)
def test_global_random_state_is_ignored(game):
    workload = get_game(game).workload("play")
    spec = small_spec(game, 240)
    np.random.seed(1)
    random.seed(1)
    first = workload.play(spec, 0, 60)
    np.random.seed(2)
    random.seed(2)
    np.random.random(1000)
    assert workload.play(spec, 0, 60).equals(first)


@pytest.mark.parametrize("game", PLAY_GAMES)
def test_points_balance_in_every_hand(game, tmp_path):
    table = get_game(game).workload("play").play(small_spec(game, 240), 0, 200).to_pandas()
    seats = [c for c in table.columns if c.startswith("points_")]
    assert (table[seats].sum(axis=1) == 0).all()
