"""Parametrised strategy names and the searchers' interface (sim.search), on the toy game."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from sim.errors import OptionError
from sim.games.driver import KernelPlayer
from sim.registry import StrategyInfo, get_strategy, register, strategy_names
from sim.search import (SearchParams, Searcher, SeatView, is_compiled_search, parse_strategy_text,
                        sampled_world_choice, split_strategies)
from tests.toy_game import Game, SWAP_LOW, points


def test_split_keeps_commas_inside_parameters():
    assert split_strategies("search(k=8,width=2), strong,greedy") == ["search(k=8,width=2)", "strong", "greedy"]
    assert split_strategies("a,,b") == ["a", "", "b"]


@pytest.mark.parametrize("text, expected", [
    ("strong", ("strong", {})),
    ("search(k=32)", ("search", {"k": "32"})),
    (" search( k = 4 , width=2 ) ", ("search", {"k": "4", "width": "2"})),
    ("search()", ("search", {})),
])
def test_parse(text, expected):
    assert parse_strategy_text(text) == expected


@pytest.mark.parametrize("text", ["search(k=3", "search(k)", "search(k=1,k=2)", "search)k=1(", "s(k=(1))"])
def test_parse_refuses_in_one_line(text):
    with pytest.raises(OptionError) as err:
        parse_strategy_text(text)
    assert "\n" not in str(err.value)


@dataclasses.dataclass(frozen=True, kw_only=True)
class _Knobs:
    depth: int = 2
    bold: bool = False
    name: str = "x"


def test_parameters_bind_by_type_and_register_under_their_text():
    register(StrategyInfo(game="toy", name="knobs", description="test", kernel=SWAP_LOW.kernel,
                          params=_Knobs()))
    register(StrategyInfo(game="toy", name="plain", description="test", kernel=SWAP_LOW.kernel))
    info = get_strategy("toy", "knobs(depth=5,bold=true)")
    assert info.params == _Knobs(depth=5, bold=True) and info.name == "knobs(depth=5,bold=true)"
    assert get_strategy("toy", "knobs( depth=5, bold=true )") is info  # one canonical text
    assert "knobs" in strategy_names("toy") and "knobs(depth=5,bold=true)" not in strategy_names("toy")
    for bad, words in [("knobs(deep=1)", "no parameter 'deep'"), ("knobs(depth=x)", "not a int"),
                       ("knobs(bold=maybe)", "not a bool"), ("plain(k=1)", "takes no parameters")]:
        with pytest.raises(OptionError, match=words):
            get_strategy("toy", bad)


def test_search_params_check_their_values():
    assert SearchParams(k=3, width=2).k == 3
    with pytest.raises(OptionError, match="k >= 1"):
        SearchParams(k=0)
    with pytest.raises(OptionError, match="width"):
        SearchParams(width=-1)
    assert is_compiled_search(StrategyInfo(game="toy", name="s", description="", params=SearchParams()))
    assert not is_compiled_search(SWAP_LOW)


def _score(game, seat):
    return float(points(game._s)[seat])


def _searcher(view, rng):
    return sampled_world_choice(view, rng, k=6, rollout=[KernelPlayer(SWAP_LOW.kernel, "swap_low")] * 2,
                                score=_score)


def test_a_searchers_worlds_keep_its_observation():
    game = Game(seed=11)
    view = SeatView(game, game.actor)
    for i in range(5):
        world = view.world(np.random.default_rng(i))
        assert np.array_equal(world.observation_array(view.seat), game.observation_array(view.seat))
        assert world is not game


def test_a_searcher_plays_through_the_driver_and_ignores_hidden_cards():
    for seed in range(40):
        game = Game(seed=seed)
        game.play([Searcher(_searcher, "pimc"), KernelPlayer(SWAP_LOW.kernel, "swap_low")])
        assert game.done and sum(points(game._s)) == 0
        # the choice depends on what the seat has seen only: same answer in a resample
        fresh = Game(seed=seed)
        twin = fresh.resample(0, np.random.default_rng(seed))
        assert (_searcher(SeatView(fresh, 0), fresh.rng.copy()).code
                == _searcher(SeatView(twin, 0), fresh.rng.copy()).code)
