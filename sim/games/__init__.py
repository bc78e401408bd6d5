"""The registry of games, filled from the ``paiju.games`` entry points.

A game is a package exposing one :class:`~sim.games.base.GameInfo` as ``GAME``; it is
registered by one entry point, ``name = "package:GAME"`` — paiju's own games in its
``pyproject.toml``, an outside game in its own distribution's (``docs/adding-a-game.md``).
Games are imported only when asked for; each lists its aliases in its ``GameInfo``.
"""

from __future__ import annotations

import importlib
import importlib.metadata as metadata

from sim.errors import OptionError
from sim.games.base import GameInfo

ENTRY_POINT_GROUP = "paiju.games"

# name -> "module" or "module:attr" (default attr GAME): the entry points, read on import,
# plus any game registered in this process (register_game)
_MODULES: dict[str, str] = {ep.name: ep.value for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)}


def register_game(name: str, target: str) -> None:
    """Register a game in this process only (``target`` = ``"module:attr"`` or ``"module"``).

    Entry points are the way to make a game known to every process (workers included);
    this is for games made on the fly, as in tests that run in one process.
    """
    _MODULES[name] = target


def game_names() -> list[str]:
    """The names of the games paiju can play."""
    return sorted(_MODULES)


def _load(name: str) -> GameInfo:
    module, _, attr = _MODULES[name].partition(":")
    try:
        return getattr(importlib.import_module(module), attr or "GAME")
    except (ImportError, AttributeError) as exc:
        raise OptionError(f"game {name!r} ({_MODULES[name]}) cannot be loaded ({exc}); "
                          "reinstall the package that declares it") from None


def get_game(name: str) -> GameInfo:
    """The game called ``name`` (or one of its aliases), or a one-line error."""
    if name in _MODULES:
        return _load(name)
    for key in game_names():
        game = _load(key)
        if name in game.aliases:
            return game
    if not _MODULES:
        raise OptionError("no games are registered: is paiju installed (pip install -e . in its folder)?")
    raise OptionError(f"unknown game {name!r}; choose one of: {', '.join(game_names())}")


def game_name_of(driver: type) -> str:
    """The registered name of the game whose Python driver is ``driver`` (or a subclass of
    it): the registry's name, whatever package the game lives in (a plug-in game's
    included). A driver no registered game claims is named by its module."""
    drivers = {}
    for key in game_names():
        try:
            drivers[key] = _load(key).driver
        except OptionError:  # a broken plug-in does not hide the others
            continue
    for key, cls in drivers.items():  # the game's own driver first, then one it extends
        if cls is driver:
            return key
    for key, cls in drivers.items():
        if isinstance(cls, type) and issubclass(driver, cls):
            return key
    return driver.__module__
