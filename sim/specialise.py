"""Compile a hand loop once per tuple of strategies, and keep it in numba's disk cache.

A batch driver takes its strategies as function arguments, so adding a strategy never
touches the engine. Numba compiles such a function once per tuple of strategies, but
cannot cache that on disk: every process (every worker of every run) would compile it
again. :func:`specialise` instead writes a small module in which the strategy
parameters are module-level names bound to the chosen kernels, with a copy of the
functions that take them; numba caches ordinary functions of a module on disk, so each
tuple compiles once per machine.

The module's name hashes every source file of the packages involved (``sim`` and
``strategies``), so any change gives a fresh module (numba does not notice changes to
callees by itself).
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
from types import ModuleType, SimpleNamespace

import numba

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
    tops = {Path(sys.modules[m.__name__.split(".")[0]].__file__) for m in modules}
    # a package: all its files; a single-file module (a user's strategy on PYTHONPATH): itself
    files = sorted({(f.parent, p) for f in tops if f.name == "__init__.py" for p in f.parent.rglob("*.py")}
                   | {(f.parent, f) for f in tops if f.name != "__init__.py"})
    for root, path in files:
        blob.update(str(path.relative_to(root)).encode())
        blob.update(path.read_bytes())
    blob.update(numba.__version__.encode())
    return blob.digest()


def _strip_params(source: str, params: Sequence[str]) -> str:
    pattern = r"\b" + r"\s*,\s*".join(map(re.escape, params)) + r"\s*,\s*"
    return re.sub(pattern, "", source)


def _function_source(func: Callable, params: Sequence[str]) -> str:
    py = getattr(func, "py_func", func)
    source = textwrap.dedent(inspect.getsource(py))
    body = source[re.search(r"^def ", source, re.M).start() :]  # drop the decorator
    return "@_njit(cache=True)\n" + _strip_params(body, params)


def _importable(module: str, attr: str, kernel: Callable) -> bool:
    """Whether a worker can import ``kernel`` by name (not so for ``__main__`` or locals)."""
    if module == "__main__":
        return False
    try:
        return getattr(importlib.import_module(module), attr, None) is kernel
    except ImportError:
        return False


def _unspecialised(functions: Sequence[Callable], params: Sequence[str],
                   kernels: Sequence[Callable]) -> SimpleNamespace:
    """The same calls, passing the kernels as arguments (compiled per process, not cached).

    Used for strategies defined in a notebook, a script or a function body.
    """
    out = {}
    for func in functions:
        names = list(inspect.signature(getattr(func, "py_func", func)).parameters)
        if params[0] not in names:
            continue
        at = names.index(params[0])

        def call(*args, _func=func, _at=at):
            return _func(*args[:_at], *kernels, *args[_at:])

        out[func.__name__] = call
    return SimpleNamespace(**out)


def specialise(
    sources: Sequence[ModuleType],
    functions: Sequence[Callable],
    params: Sequence[str],
    kernels: Sequence[Callable],
) -> ModuleType:
    """A module whose copies of ``functions`` call ``kernels`` in place of ``params``.

    ``sources`` are the modules whose names the functions use (their globals are copied
    in, the copies override them); ``functions`` take ``params`` as one run of
    consecutive arguments and pass them on in the same order; ``kernels`` are compiled
    strategies, one per parameter. Kernels that a worker cannot import by name (defined
    in ``__main__`` or inside a function) get the generic, per-process compiled functions.
    """
    kernel_refs = [(k.__module__, getattr(k, "__name__", None) or k.py_func.__name__) for k in kernels]
    if not all(_importable(module, attr, k) for (module, attr), k in zip(kernel_refs, kernels)):
        return _unspecialised(functions, params, kernels)
    strategy_modules = [importlib.import_module(m) for m, _ in kernel_refs]
    key = hashlib.sha256()
    key.update(_package_sources([*sources, *strategy_modules]))
    key.update(repr(([s.__name__ for s in sources], [f.__name__ for f in functions], list(params),
                     kernel_refs)).encode())
    name = f"paiju_kernels_{key.hexdigest()[:20]}"
    if name in _LOADED:
        return _LOADED[name]
    folder = cache_dir()
    path = folder / f"{name}.py"
    if not path.exists():
        lines = [
            f'"""Generated by sim.specialise: {", ".join(f.__name__ for f in functions)} with '
            f'{", ".join(f"{p}={m}.{n}" for p, (m, n) in zip(params, kernel_refs))}."""',
            "import importlib as _importlib",
            "from numba import njit as _njit",
        ]
        for src in sources:
            lines.append(
                f"globals().update({{k: v for k, v in vars(_importlib.import_module({src.__name__!r})).items()"
                f" if not k.startswith('__')}})"
            )
        for p, (module, attr) in zip(params, kernel_refs):
            lines.append(f"{p} = getattr(_importlib.import_module({module!r}), {attr!r})")
        lines += ["", ""] + [_function_source(f, params) + "\n" for f in functions]
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text("\n".join(lines), encoding="utf-8")
        os.replace(tmp, path)  # atomic: concurrent workers write identical files
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    _LOADED[name] = module
    return module
