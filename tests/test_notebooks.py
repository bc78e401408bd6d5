"""Every notebook runs top to bottom on small seeded runs, for every game.

The parameters are injected as papermill injects them: a cell after the one tagged
``parameters`` that sets the test's values. Every notebook is executed for every game;
all of them are ``slow`` (``pytest -m slow`` runs them).
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from sim.games import game_names


# end to end (processes, clusters, notebooks or the command line): run by `pytest -m slow`;
# one xdist worker runs them in turn, since kernels started by two workers at once can race
# for the same port (ZMQError: Address already in use)
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("notebooks")]

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))
PER_GAME = [p for p in NOTEBOOKS if not p.stem.startswith("06_")]
SIDE_BY_SIDE = Path(__file__).parent.parent / "notebooks" / "06_seven_games.ipynb"
OTHER_GAMES = [g for g in game_names() if g != "zipai"]


def inject(book: nbformat.NotebookNode, values: dict) -> int:
    """Insert a cell setting ``values`` after the ``parameters`` cell; return its index."""
    at = next((i for i, c in enumerate(book.cells) if "parameters" in c.metadata.get("tags", [])), None)
    assert at is not None, "the notebook has a cell tagged 'parameters'"
    source = "\n".join(f"{k} = {v!r}" for k, v in values.items())
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata["tags"] = ["injected-parameters"]
    book.cells.insert(at + 1, cell)
    return at + 1


def execute(path: Path, values: dict) -> nbformat.NotebookNode:
    """Run the notebook with ``values`` injected; fail on any error, require a plot."""
    book = nbformat.read(path, as_version=4)
    inject(book, values)
    NotebookClient(book, timeout=1200, startup_timeout=180, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = [out for cell in book.cells for out in cell.get("outputs", []) if out.get("output_type") == "error"]
    assert not errors
    images = sum(1 for cell in book.cells if cell.cell_type == "code"
                 for out in cell.get("outputs", []) if "image/png" in out.get("data", {}))
    assert images >= 1, "every notebook shows at least one plot"
    return book


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 6 and SIDE_BY_SIDE in NOTEBOOKS


def test_every_notebook_has_a_parameters_cell_naming_its_game():
    for path in NOTEBOOKS:
        book = nbformat.read(path, as_version=4)
        cells = [c for c in book.cells if "parameters" in c.metadata.get("tags", [])]
        assert len(cells) == 1, path.name
        wanted = "GAMES = [" if path == SIDE_BY_SIDE else 'GAME = "zipai"'
        assert wanted in cells[0].source, path.name


def test_injected_parameters_override_the_defaults(tmp_path):
    book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell('GAME = "zipai"'),
                                           nbformat.v4.new_code_cell("print(GAME)")])
    book.cells[0].metadata["tags"] = ["parameters"]
    at = inject(book, {"GAME": "dama"})
    assert at == 1
    NotebookClient(book, timeout=120, startup_timeout=180, kernel_name="python3").execute()
    assert book.cells[2].outputs[0]["text"].strip() == "dama"


@pytest.mark.parametrize("path", PER_GAME, ids=[p.stem for p in PER_GAME])
def test_notebook_runs_for_zipai(path, tmp_path, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    execute(path, {"GAME": "zipai", "HANDS": 2000, "RUNS": str(tmp_path)})


@pytest.mark.slow
@pytest.mark.parametrize("game", OTHER_GAMES)
@pytest.mark.parametrize("path", PER_GAME, ids=[p.stem for p in PER_GAME])
def test_notebook_runs_for_every_game(path, game, tmp_path, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    execute(path, {"GAME": game, "HANDS": 200, "RUNS": str(tmp_path)})


@pytest.mark.slow
def test_seven_games_side_by_side(tmp_path, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    book = execute(SIDE_BY_SIDE, {"HANDS": 100, "RUNS": str(tmp_path)})
    html = "".join(out.get("data", {}).get("text/html", "") for cell in book.cells
                   for out in cell.get("outputs", []))
    assert "跑胡子" in html and "打马" in html
    assert html.count("<tr>") >= 1 + len(game_names())  # a header and one row per game
