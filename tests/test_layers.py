"""The layers point down (DESIGN.md, the game contract): read from the sources' imports.

kernels and helpers ← games ← run layer (runner, store, warmup, stopping, replay) ←
analysis ← cli; ``sim`` never
imports ``strategies`` (strategies register through entry points); no import cycle in
``sim``, counting imports made inside functions too.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUN_AND_ANALYSIS = ("sim.report", "sim.balance", "sim.balance_report", "sim.balance_ladder",
                    "sim.balance_ladder_report", "sim.experiments", "sim.tournament", "sim.runner",
                    "sim.store", "sim.warmup", "sim.stopping", "sim.replay", "sim.cli")


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted((ROOT / "sim").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _imported(module: str) -> set[str]:
    """Every module name ``module`` imports, at any depth of its code.

    ``from package import submodule`` counts as importing the submodule only: Python
    initialises parent packages first, so that is never a cycle.
    """
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            for alias in node.names:  # a submodule by name, else a name of the module itself
                full = f"{base}.{alias.name}"
                names.add(full if full in MODULES else base)
    return names


def _within_sim(name: str) -> str | None:
    """The module of ``sim`` that an imported name belongs to (``None`` outside ``sim``)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


GRAPH = {m: {d for d in map(_within_sim, _imported(m)) if d and d != m} for m in MODULES}


def test_sim_never_imports_strategies():
    offenders = sorted(m for m in MODULES
                       if any(n == "strategies" or n.startswith("strategies.") for n in _imported(m)))
    assert offenders == []


def test_games_import_neither_the_run_nor_the_analysis_layer():
    offenders = sorted((m, d) for m in MODULES if m.startswith("sim.games")
                       for d in GRAPH[m] if d in RUN_AND_ANALYSIS or d.startswith("sim.cli."))
    assert offenders == []


def test_no_import_cycle_in_sim():
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in MODULES:
        if module not in index:
            visit(module)
    assert cycles == []


def test_the_run_layer_list_names_modules_that_exist():
    """A renamed module would slip out of the check above unnoticed."""
    assert [m for m in RUN_AND_ANALYSIS if m not in MODULES] == []
    assert {m for m in MODULES if m.startswith("sim.balance_ladder")} <= set(RUN_AND_ANALYSIS)


def test_the_graph_holds_known_imports():
    """The graph is read right (relative and function-level imports included)."""
    assert "sim.games.base" in GRAPH["sim.games.zipai.play"]
    assert "sim.display" in GRAPH["sim.report"]
