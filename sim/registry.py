"""The registry of strategies, shared by every game; built-in and outside strategies alike.

A strategy is registered under ``(game, name)``. It carries up to two implementations of
the same policy: ``kernel``, a compiled function that a game's batch driver calls
directly (its signature is fixed by that game's engine), and ``choose``, a plain Python
``choose(observation, legal, rng)`` for the Python driver. Parameters are frozen
dataclasses; randomness comes only from the generator the engine hands in.

Strategies come from entry points of the :data:`ENTRY_POINT_GROUP` group, paiju's own
included (its ``pyproject.toml`` declares them like any plug-in). An entry point is one of

* a **strategy package** for a game: the entry point is named after the game and names a
  module (``zipai = "strategies.zipai"``); importing it registers its strategies with
  :func:`register`. It is imported the first time that game's strategies are asked for;
* **one strategy**: ``fast = "mypkg.mine:fast"``, where ``fast`` is a :class:`StrategyInfo`
  (of one game), a numba kernel or a ``choose`` function (either fits any game).

A strategy may also be named ``module:attr``: ``attr`` of a module importable on
``PYTHONPATH`` (``mypkg.mine:fast``), of the same three kinds. A run stores only the
name, so every worker imports the module itself; :func:`import_paths` gives the folders
it must find it in, and :func:`strategy_source` the module, version and source hash a
manifest records.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import importlib.metadata as metadata
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from sim.errors import OptionError

ENTRY_POINT_GROUP = "paiju.strategies"


@dataclasses.dataclass(frozen=True, kw_only=True)
class StrategyInfo:
    """A named strategy of one game."""

    game: str
    name: str
    description: str
    kernel: Callable[..., Any] | None = None
    choose: Callable[..., Any] | None = None
    searcher: Callable[..., Any] | None = None  # a Python search(view, rng) (sim.search)
    params: Any = None  # a frozen dataclass; ``name(key=value,...)`` sets its fields
    module: str = ""  # for strategies from outside the package: where they come from
    distribution: str = ""


_REGISTRY: dict[tuple[str, str], StrategyInfo] = {}
_LOADED: set[str] = set()  # games whose strategy packages are imported


def register(info: StrategyInfo) -> StrategyInfo:
    """Add a strategy to the registry (a later registration of the same name replaces it)."""
    _REGISTRY[(info.game, info.name)] = info
    return info


def strategy_names(game: str) -> list[str]:
    """The names of the strategies registered for ``game`` (entry points included)."""
    _load(game)
    names = {name for g, name in _REGISTRY  # module:attr and name(params): ad hoc
             if g == game and ":" not in name and "(" not in name}
    for ep in _strategy_entry_points():
        if ep.name not in names and _entry_point_info(game, ep) is not None:
            names.add(ep.name)
    return sorted(names)


def get_strategy(game: str, name: str) -> StrategyInfo:
    """The strategy ``name`` of ``game``, or a one-line error listing the choices.

    ``name(key=value,...)`` is the strategy ``name`` with those fields of its ``params``
    set (:mod:`sim.search`), registered under that text."""
    _load(game)
    if (game, name) in _REGISTRY:
        return _REGISTRY[(game, name)]
    if "(" in name or ")" in name:
        from sim.search import bind_params, canonical_text, parse_strategy_text

        base, values = parse_strategy_text(name)
        info = get_strategy(game, base)
        text = canonical_text(base, values)
        if (game, text) in _REGISTRY:
            return _REGISTRY[(game, text)]
        params = bind_params(info.params, values, strategy=text)
        return register(dataclasses.replace(info, name=text, params=params))
    info = _from_module(game, name) if ":" in name else None
    if info is None:
        for ep in _strategy_entry_points():
            if ep.name == name:
                info = _entry_point_info(game, ep)
                if info is not None:
                    break
    if info is None:
        known = ", ".join(strategy_names(game))
        if not known:
            raise OptionError(f"{game} has no strategies registered: is paiju installed "
                              "(pip install -e . in its folder)?")
        raise OptionError(f"{game} has no strategy {name!r}; choose one of: {known}, "
                          "or name your own as module:attr")
    return register(info)


def builtin_kernels(game: str) -> list[Callable[..., Any]]:
    """The compiled kernels of ``game``'s strategy packages (``strategies.zipai`` …), by
    name: the palette every hand loop of the game is compiled with (:mod:`sim.specialise`),
    so any seating of them shares one compile."""
    _load(game)
    packages = tuple(ep.module for ep in _entry_points() if ep.name == game and ep.attr is None)
    kernels: list[Callable[..., Any]] = []
    for (g, _), info in sorted(_REGISTRY.items()):
        k = info.kernel
        if (g == game and k is not None and k.__module__.startswith(packages)
                and all(k is not x for x in kernels)):
            kernels.append(k)
    return kernels


def _load(game: str) -> None:
    """Import the strategy packages declared for ``game`` (once; each registers itself)."""
    if game in _LOADED:
        return
    _LOADED.add(game)
    for ep in _entry_points():
        if ep.name == game and ep.attr is None:
            try:
                importlib.import_module(ep.module)
            except ImportError as exc:
                raise OptionError(f"the strategies of {game} ({ep.module}) cannot be imported "
                                  f"({exc}); reinstall the package that declares them") from None


def _entry_points() -> list[metadata.EntryPoint]:
    return list(metadata.entry_points(group=ENTRY_POINT_GROUP))


def _strategy_entry_points() -> list[metadata.EntryPoint]:
    """The entry points that name one strategy (``module:attr``), not a game's package."""
    return [ep for ep in _entry_points() if ep.attr is not None]


def _as_info(game: str, name: str, obj: Any, module: str, distribution: str = "") -> StrategyInfo:
    """A registry entry for an imported object: a StrategyInfo, a kernel or a ``choose``."""
    if isinstance(obj, StrategyInfo):
        if obj.game != game:
            raise OptionError(f"strategy {name!r} is a {obj.game} strategy, not a {game} one")
        return dataclasses.replace(obj, name=name, module=module, distribution=distribution)
    if hasattr(obj, "py_func"):
        return StrategyInfo(game=game, name=name, description=f"compiled kernel from {module}",
                            kernel=obj, module=module, distribution=distribution)
    if callable(obj):
        return StrategyInfo(game=game, name=name, description=f"Python choose() from {module}",
                            choose=obj, module=module, distribution=distribution)
    raise OptionError(f"strategy {name!r} is a {type(obj).__name__}; give a StrategyInfo, a numba "
                      "kernel or a choose(observation, legal, rng) function")


def _from_module(game: str, name: str) -> StrategyInfo:
    module, _, attr = name.partition(":")
    if not module or not attr:
        raise OptionError(f"cannot read strategy {name!r}; write it as module:attr (e.g. mypkg.mine:fast)")
    try:
        mod = importlib.import_module(module)
    except ImportError as exc:
        raise OptionError(f"cannot import {module!r} for strategy {name!r} ({exc}); put its folder "
                          "on PYTHONPATH or install it") from None
    if not hasattr(mod, attr):
        raise OptionError(f"module {module!r} has no {attr!r} (strategy {name!r})")
    return _as_info(game, name, getattr(mod, attr), module)


def _entry_point_info(game: str, ep: metadata.EntryPoint) -> StrategyInfo | None:
    """The entry point's strategy if it is one of ``game``'s (bare functions fit any game)."""
    try:
        obj = ep.load()
    except ImportError as exc:
        raise OptionError(f"entry point {ep.name!r} ({ep.value}) cannot be imported ({exc}); "
                          "reinstall the package that declares it") from None
    if isinstance(obj, StrategyInfo) and obj.game != game:
        return None
    dist = ep.dist.name if getattr(ep, "dist", None) is not None else ""
    return _as_info(game, ep.name, obj, ep.module, dist)


def _distribution_version(info: StrategyInfo) -> tuple[str, str]:
    if info.distribution:
        return info.distribution, metadata.version(info.distribution)
    top = info.module.split(".")[0]
    for dist in metadata.packages_distributions().get(top, []):
        return dist, metadata.version(dist)
    return "", ""


def _module_files(module: str) -> list[Path]:
    mod = importlib.import_module(module)
    path = Path(getattr(mod, "__file__", "") or "")
    if path.name == "__init__.py":
        return sorted(path.parent.rglob("*.py"))
    return [path] if path.is_file() else []


def source_hash(module: str) -> str:
    """A short SHA-256 of a module's source (of every file of its package, if a package)."""
    blob = hashlib.sha256()
    for path in _module_files(module):
        blob.update(path.name.encode())
        blob.update(path.read_bytes())
    return blob.hexdigest()[:16]


def strategy_source(game: str, name: str) -> dict[str, str] | None:
    """Where an outside strategy comes from (module, distribution, version, source hash),
    or ``None`` for a built-in one."""
    info = get_strategy(game, name)
    if not info.module:
        return None
    dist, version = _distribution_version(info)
    return {"strategy": name, "module": info.module, "distribution": dist,
            "version": version or f"source {source_hash(info.module)}",
            "source_sha256": source_hash(info.module),
            "kind": "compiled" if info.kernel is not None else "python"}


def import_paths(game: str, names: Iterable[str]) -> list[str]:
    """The ``sys.path`` folders the outside strategies among ``names`` are imported from.

    Workers started elsewhere (a Dask or Ray worker, a reused loky process) may not have
    them on their path; :func:`sim.runner` hands them over with each task.
    """
    out: list[str] = []
    for name in dict.fromkeys(names):
        info = get_strategy(game, name)
        if not info.module:
            continue
        top = sys.modules[info.module.split(".")[0]]
        where = Path(getattr(top, "__file__", "") or "").resolve()
        if where.name == "__init__.py":
            where = where.parent
        for entry in sys.path:
            folder = Path(entry or os.getcwd()).resolve()
            if where.parent == folder:
                out.append(str(folder))
                break
        if info.distribution:
            dist = metadata.distribution(info.distribution)
            out.append(str(dist.locate_file("")))
    return list(dict.fromkeys(out))


def add_import_paths(paths: Iterable[str]) -> None:
    """Put ``paths`` on ``sys.path`` (at its end) if missing, so outside strategies import."""
    added = False
    for p in paths:
        if p not in sys.path:
            sys.path.append(p)
            added = True
    if added:
        importlib.invalidate_caches()
