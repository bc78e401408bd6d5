"""Compile a hand loop once per palette of strategies, and keep it in numba's disk cache.

A batch driver calls its strategies through one parameter, ``choose``: ``choose(slot,
*args)`` runs the strategy in palette slot ``slot``, and a runtime array ``slots`` says
which slot plays each seat. Adding a strategy never touches the engine, and which seat
plays which strategy is data, not code: every seating of the same strategies is the same
compiled loop.

Numba cannot cache a function that takes functions as arguments on disk, so
:func:`specialise` writes a small module instead, in which ``choose`` is a module-level
dispatcher over the palette's kernels, with a copy of the functions that take it; numba
caches ordinary functions of a module on disk, so each palette compiles once per
machine. A game's palette is its built-in compiled strategies
(:func:`sim.registry.builtin_kernels`) and any others a run names, so one compile serves
every tuple of built-in strategies.

The module's name hashes every source file of the packages involved (``sim`` and
``strategies``), so any change gives a fresh module (numba does not notice changes to
callees by itself). Kernels that a worker cannot import by name (defined in ``__main__``
or inside a function) get the same module built in memory, compiled once per process.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import os
import re
import sys
import tempfile
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

import numba
import numpy as np

_LOADED: dict[str, ModuleType] = {}


def cache_dir() -> Path:
    """Where generated modules live: ``$PAIJU_CACHE_DIR`` or ``~/.cache/paiju/kernels``.

    Falls back to the system's temporary folder when that cannot be written.
    """
    base = os.environ.get("PAIJU_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache"), "paiju"
    )
    for folder in (Path(base) / "kernels", Path(tempfile.gettempdir()) / "paiju-kernels"):
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        if os.access(folder, os.W_OK):
            return folder
    raise OSError("no writable folder for compiled hand loops; set PAIJU_CACHE_DIR")


def _package_sources(modules: Sequence[ModuleType]) -> bytes:
    """A hash of every source file of the top-level packages (or single-file modules) the
    modules belong to.

    The compiled loop links in everything it calls (rules, generator, strategies), so any
    change anywhere in those packages must give a new module.
    """
    blob = hashlib.sha256()
    tops = [sys.modules[m.__name__.split(".")[0]] for m in modules]
    files_of = {Path(t.__file__) for t in tops if getattr(t, "__file__", None) is not None}
    # a package: all its files; a single-file module (a user's strategy on PYTHONPATH): itself;
    # a namespace package (a folder without __init__.py): all the files of its folders
    roots = ({f.parent for f in files_of if f.name == "__init__.py"}
             | {Path(p) for t in tops if getattr(t, "__file__", None) is None for p in t.__path__})
    files = sorted({(r, p) for r in roots for p in r.rglob("*.py")}
                   | {(f.parent, f) for f in files_of if f.name != "__init__.py"})
    for root, path in files:
        blob.update(str(path.relative_to(root)).encode())
        blob.update(path.read_bytes())
    blob.update(numba.__version__.encode())
    return blob.digest()


CHOOSE = "choose"  # the parameter through which a hand loop calls its strategies
SLOTS = "slots"  # the runtime array: the palette slot of each seat's strategy


def _strip_choose(source: str) -> str:
    return re.sub(r"\b" + CHOOSE + r"\s*,\s*", "", source)


def _named(entry: Callable | tuple[str, Callable]) -> tuple[str, Callable]:
    """A function to compile and the name it takes in the module (its own, or the name a
    ``(name, func)`` pair gives it: a template's call of ``name`` then reaches it)."""
    if isinstance(entry, tuple):
        return entry
    return getattr(entry, "py_func", entry).__name__, entry


def inlined(func: Callable) -> Callable:
    """Mark ``func`` to be inlined wherever the functions :func:`specialise` compiles call
    it (numba's ``inline="always"``): the small primitives a hand loop calls at every
    decision, whose calls would otherwise cost more than their bodies (each array argument
    is reference-counted on the way in and out)."""
    func._paiju_inline = True  # type: ignore[attr-defined]
    return func


def _function_source(entry: Callable | tuple[str, Callable]) -> str:
    name, func = _named(entry)
    py = getattr(func, "py_func", func)
    source = textwrap.dedent(inspect.getsource(py))
    body = source[re.search(r"^def ", source, re.M).start() :]  # drop the decorator
    body = re.sub(r"^def " + py.__name__ + r"\(", f"def {name}(", body, count=1)
    inline = ', inline="always"' if getattr(py, "_paiju_inline", False) else ""
    return f"@_njit(cache=_CACHE{inline})\n" + _strip_choose(body)


def _ref(kernel: Callable) -> tuple[str, str]:
    return kernel.__module__, getattr(kernel, "__name__", None) or kernel.py_func.__name__


def _importable(kernel: Callable) -> bool:
    """Whether a worker can import ``kernel`` by name (not so for ``__main__`` or locals)."""
    module, attr = _ref(kernel)
    if module == "__main__":
        return False
    try:
        return getattr(importlib.import_module(module), attr, None) is kernel
    except ImportError:
        return False


def _table(kernels: Sequence[Callable], palette: Sequence[Callable]) -> list[Callable]:
    """The palette's kernels, then the others ``kernels`` name (by module and name): the
    same set of strategies gives the same table whatever the seats."""
    table: list[Callable] = []
    for k in palette:
        if all(k is not t for t in table):
            table.append(k)
    extra = [k for i, k in enumerate(kernels)
             if all(k is not t for t in table) and all(k is not e for e in kernels[:i])]
    return table + sorted(extra, key=lambda k: (_ref(k), id(k)))


def _module_text(sources: Sequence[ModuleType], functions: Sequence[Callable],
                 table: Sequence[Callable], *, in_memory: bool) -> str:
    refs = [_ref(k) for k in table]
    lines = [
        f'"""Generated by sim.specialise: {", ".join(_named(f)[0] for f in functions)} with '
        f'the palette {", ".join(f"{m}.{n}" for m, n in refs)}."""',
        "import importlib as _importlib",
        "from numba import njit as _njit",
        f"_CACHE = {not in_memory}",
    ]
    for src in sources:
        lines.append(
            f"globals().update({{k: v for k, v in vars(_importlib.import_module({src.__name__!r})).items()"
            f" if not k.startswith('__')}})"
        )
    for i, (module, attr) in enumerate(refs):
        lines.append(f"_k{i} = _KERNELS[{i}]" if in_memory
                     else f"_k{i} = getattr(_importlib.import_module({module!r}), {attr!r})")
    lines += ["", "", "@_njit(cache=_CACHE)", f"def {CHOOSE}(slot, *args):",
              f'    """The strategy in palette slot ``slot`` (0 … {len(table) - 1}) decides."""']
    for i in range(len(table) - 1):
        lines += [f"    if slot == {i}:", f"        return _k{i}(*args)"]
    lines += [f"    return _k{len(table) - 1}(*args)", "", ""]
    lines += [_function_source(f) + "\n" for f in functions]
    return "\n".join(lines)


class Loop:
    """The specialised functions, with the seats' ``slots`` filled in: each takes the
    arguments of its source less ``choose`` and ``slots``."""

    def __init__(self, module: ModuleType, functions: Sequence[Callable], slots: np.ndarray) -> None:
        self.module = module
        self.slots = slots
        for entry in functions:
            name, func = _named(entry)
            compiled = getattr(module, name)
            names = [n for n in inspect.signature(getattr(func, "py_func", func)).parameters if n != CHOOSE]
            if SLOTS in names:
                at = names.index(SLOTS)

                def call(*args, _f=compiled, _at=at):
                    return _f(*args[:_at], self.slots, *args[_at:])

                call.__name__ = name
                call.compiled = compiled
                setattr(self, name, call)
            else:
                setattr(self, name, compiled)


def _load(name: str, text: str, *, in_memory: bool, table: Sequence[Callable]) -> ModuleType:
    if in_memory:
        module = ModuleType(name)
        module._KERNELS = list(table)
        exec(compile(text, f"<{name}>", "exec"), module.__dict__)
        return module
    folder = cache_dir()
    path = folder / f"{name}.py"
    if not path.exists():
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)  # atomic: concurrent workers write identical files
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def specialise(
    sources: Sequence[ModuleType],
    functions: Sequence[Callable],
    kernels: Sequence[Callable],
    *,
    palette: Sequence[Callable] = (),
) -> Loop:
    """``functions`` compiled with ``choose`` bound to a dispatcher over ``palette`` and the
    ``kernels`` (one per seat, or per slot of a search loop), which ``slots`` index.

    ``sources`` are the modules whose names the functions use (their globals are copied
    in, the copies override them); a ``(name, func)`` entry compiles ``func`` under
    ``name``, so a template's call of ``name`` reaches it; each function takes ``choose`` and passes it on
    (``choose(slots[seat], …)`` calls a seat's strategy). A palette of the same kernels
    is one module, on disk once per machine; kernels a worker cannot import by name give
    a module in memory, compiled once per process.
    """
    kernels = list(kernels)
    in_memory = not all(_importable(k) for k in [*kernels, *palette])
    table = _table(kernels, [] if in_memory else palette)
    slots = np.array([next(i for i, t in enumerate(table) if t is k) for k in kernels], dtype=np.int64)
    key = hashlib.sha256()
    if in_memory:
        key.update(repr([id(k) for k in table]).encode())
    else:
        strategy_modules = [importlib.import_module(m) for m, _ in map(_ref, table)]
        key.update(_package_sources([*sources, *strategy_modules]))
    key.update(repr(([s.__name__ for s in sources], [(n, f.__name__) for n, f in map(_named, functions)],
                     [_ref(k) for k in table])).encode())
    name = f"paiju_kernels_{key.hexdigest()[:20]}"
    if name not in _LOADED:
        text = _module_text(sources, functions, table, in_memory=in_memory)
        _LOADED[name] = _load(name, text, in_memory=in_memory, table=table)
    return Loop(_LOADED[name], functions, slots)
