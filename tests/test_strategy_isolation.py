"""A Python strategy is handed its observation, the legal choices and its generator, and
nothing from which the engine or another seat's concealed cards can be reached.

The strategy below walks every object reachable from its three arguments (through
``gc.get_referents``, a few levels deep) and records what it should not meet: a game object
(a driver, the 升级 or 打马 game), one of the game's own arrays (its engine state, its hands,
its buffers — or a view of one), or another seat's concealed cards (as text or as counts).
It plays all seven games through the runner's path for Python strategies
(``Workload.play_python``) and through each Python driver directly.
"""

from __future__ import annotations

import gc
import sys
import types
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from sim.games import game_names, get_game
from sim.games.base import RunSpec
from sim.games.driver import DriverGame
from sim import registry as base
from sim.registry import StrategyInfo

GAME_TYPES = (DriverGame,)
GAMES = tuple(game_names())
MODULES = {g: get_game(g).driver.__module__ for g in GAMES}
DEPTH = 4
EVERY = 5  # after the first 30 decisions, walk every fifth (a long 打马 game has hundreds)


def _parsers() -> dict[str, Callable[[str], np.ndarray]]:
    from sim.games.chuanpai.cards import parse_cards as chuanpai
    from sim.games.shengji.cards import parse_hand as shengji
    from sim.games.sise.cards import COLOURS, parse_counts
    from sim.games.zipai.cards import parse_hand as zipai

    return {"zipai": zipai, "shengji": shengji, "tiandi": chuanpai, "pairs": chuanpai,
            "guangshui": lambda t: parse_counts(t, COLOURS["guangshui"]),
            "fengshun": lambda t: parse_counts(t, COLOURS["fengshun"])}


def _module_dicts() -> set[int]:
    return {id(m.__dict__) for m in list(sys.modules.values()) if m is not None}


class Watch:
    """The game about to ask a strategy (recorded when it builds the observation)."""

    def __init__(self, game: str) -> None:
        self.game_name = game
        self.current: Any = None
        self.calls = 0
        self.leaks: list[str] = []
        self.skip: set[int] | None = None

    def forbidden_arrays(self, g: Any, rng: Any) -> dict[int, str]:
        """``id`` of every array the game object holds (directly or in a tuple/list)."""
        out: dict[int, str] = {}
        for name, value in vars(g).items():
            items = value if isinstance(value, (tuple, list)) else (value,)
            for v in items:
                if isinstance(v, np.ndarray) and v is not rng:
                    out[id(v)] = f"the game's array {name!r}"
        return out

    def hidden(self, g: Any, seat: int) -> tuple[set[str], list[np.ndarray]]:
        """Other seats' concealed hands as text and as count vectors."""
        if not hasattr(g, "hand"):
            return set(), []
        seats = range(_seats(self.game_name, g))
        own = g.hand(seat)
        parse = _parsers().get(self.game_name)
        if parse is None:  # a game without card notation: only arrays and game objects count
            return set(), []
        texts, counts = set(), []
        for s in seats:
            text = g.hand(s)
            if s == seat or not text or text == own or len(text.split()) < 2:
                continue
            texts.add(text)
            counts.append(np.asarray(parse(text)))
        return texts, counts

    def walk(self, seat: int, *args: Any) -> None:
        """Record every forbidden object reachable from ``args``."""
        g = self.current
        self.calls += 1
        if self.calls > 30 and self.calls % EVERY:
            return
        forbidden = self.forbidden_arrays(g, args[2])
        texts, counts = self.hidden(g, seat)
        if self.skip is None:
            self.skip = _module_dicts()
        skip = self.skip
        seen: set[int] = set()
        frontier = list(args)
        for depth in range(DEPTH):
            nxt = []
            for obj in frontier:
                if id(obj) in seen or id(obj) in skip:
                    continue
                seen.add(id(obj))
                if isinstance(obj, (type, types.ModuleType, types.CodeType, types.FrameType)):
                    continue
                what = self.forbidden(obj, forbidden, texts, counts)
                if what:
                    self.leaks.append(f"{what} at depth {depth} ({type(obj).__name__})")
                    continue
                nxt.extend(gc.get_referents(obj))
                if isinstance(obj, np.ndarray) and obj.base is not None:
                    nxt.append(obj.base)
            frontier = nxt

    @staticmethod
    def forbidden(obj: Any, arrays: dict[int, str], texts: set[str],
                  counts: list[np.ndarray]) -> str | None:
        if isinstance(obj, GAME_TYPES):
            return f"a game object {type(obj).__name__}"
        if isinstance(obj, np.ndarray):
            if id(obj) in arrays:
                return arrays[id(obj)]
            for c in counts:
                if obj.shape == c.shape and obj.dtype.kind in "iu" and np.array_equal(obj, c):
                    return "another seat's concealed cards (counts)"
        if isinstance(obj, str) and obj in texts:
            return "another seat's concealed cards (text)"
        return None


WALKED = 250  # decisions of a hand whose arguments are walked


def _choose(game: str, watch: Watch) -> Callable[[Any, Any, Any], Any]:
    def choose(observation: Any, legal: Any, rng: Any) -> Any:
        g = watch.current
        seat = g.actor
        if watch.calls < WALKED:  # every stage of a hand is met early; 打马 races run ~900 throws
            watch.walk(seat, observation, legal, rng)
        if game == "shengji":
            return legal.suggest()
        return legal[0]

    return choose


def _family(cls: type) -> list[type]:
    """``cls`` and every class below it (a game's driver may sit under a family driver)."""
    return [cls, *(c for sub in cls.__subclasses__() for c in _family(sub))]


def _watched(monkeypatch: pytest.MonkeyPatch, game: str) -> Watch:
    watch = Watch(game)
    from importlib import import_module

    for module in MODULES.values():
        import_module(module)
    for cls in {c for base in GAME_TYPES for c in _family(base)}:
        if "observation" not in vars(cls):
            continue
        original = vars(cls)["observation"]

        def observation(self, *a, _original=original, **k):
            watch.current = self
            return _original(self, *a, **k)

        monkeypatch.setattr(cls, "observation", observation)
    return watch




@pytest.mark.parametrize("game", GAMES)
def test_a_python_strategy_through_the_runner_reaches_nothing_hidden(game, monkeypatch):
    watch = _watched(monkeypatch, game)
    workload = get_game(game).workload("play")
    seats = workload.seat_count({})
    info = StrategyInfo(game=game, name="walker", description="walks its arguments",
                        choose=_choose(game, watch))
    monkeypatch.setitem(base._REGISTRY, (game, "walker"), info)
    spec = RunSpec(game=game, workload="play", rules={}, strategies=("walker",) * seats, seed=3,
                   hands=1, shard_size=1)
    workload.play_python(spec, 0, 1, [info] * seats)
    assert watch.calls > 0
    assert watch.leaks == [], sorted(set(watch.leaks))[:5]


def _seats(game: str, g: Any) -> int:
    return get_game(game).workload("play").seat_count(g.rules.to_dict())


def _direct(game: str, player: Callable[..., Any]) -> None:
    g = get_game(game).new_game(seed=4)
    g.play([player] * _seats(game, g))


@pytest.mark.parametrize("game", GAMES)
def test_a_python_strategy_on_the_driver_reaches_nothing_hidden(game, monkeypatch):
    watch = _watched(monkeypatch, game)
    _direct(game, _choose(game, watch))
    assert watch.calls > 0
    assert watch.leaks == [], sorted(set(watch.leaks))[:5]
