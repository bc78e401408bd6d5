"""The registry of strategies, shared by every game.

A strategy is registered under ``(game, name)``. It carries up to two implementations of
the same policy: ``kernel``, a compiled function that a game's batch driver calls
directly (its signature is fixed by that game's engine), and ``choose``, a plain Python
``choose(observation, legal, rng)`` for the Python driver. Parameters are frozen
dataclasses; randomness comes only from the generator the engine hands in.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from sim.errors import OptionError


@dataclasses.dataclass(frozen=True, kw_only=True)
class StrategyInfo:
    """A named strategy of one game."""

    game: str
    name: str
    description: str
    kernel: Callable[..., Any] | None = None
    choose: Callable[..., Any] | None = None
    params: Any = None


_REGISTRY: dict[tuple[str, str], StrategyInfo] = {}


def register(info: StrategyInfo) -> StrategyInfo:
    """Add a strategy to the registry (a later registration of the same name replaces it)."""
    _REGISTRY[(info.game, info.name)] = info
    return info


def strategy_names(game: str) -> list[str]:
    """The names of the strategies registered for ``game``."""
    _load(game)
    return sorted(name for g, name in _REGISTRY if g == game)


def get_strategy(game: str, name: str) -> StrategyInfo:
    """The strategy ``name`` of ``game``, or a one-line error listing the choices."""
    _load(game)
    if (game, name) not in _REGISTRY:
        known = ", ".join(strategy_names(game)) or "none yet"
        raise OptionError(f"{game} has no strategy {name!r}; choose one of: {known}")
    return _REGISTRY[(game, name)]


def _load(game: str) -> None:
    import importlib

    try:
        importlib.import_module(f"strategies.{game}")
    except ModuleNotFoundError as exc:
        if exc.name != f"strategies.{game}":
            raise
