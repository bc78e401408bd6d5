"""A notebook plays what it says it plays."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).parent.parent / "notebooks" / "01_win_rates_and_dealer_edge.ipynb"


def test_win_rates_notebook_plays_greedy_in_every_seat(tmp_path, monkeypatch):
    book = nbformat.read(NOTEBOOK, as_version=4)
    assert "`greedy` strategy in every seat" in book.cells[0].source
    monkeypatch.setenv("PAIJU_RUNS", str(tmp_path))
    monkeypatch.setenv("PAIJU_HANDS", "300")
    monkeypatch.setenv("MPLBACKEND", "agg")
    NotebookClient(book, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    manifests = sorted(tmp_path.rglob("manifest.json"))
    assert manifests
    for path in manifests:
        manifest = json.loads(path.read_text(encoding="utf-8"))
        named = [n for n in ("greedy", "expert", "shape", "random") if n in path.parent.name]
        for name in named:  # a directory named after a strategy holds that strategy's hands
            assert set(manifest["strategies"]) == {name}, path.parent.name
    assert any("greedy" in p.parent.name for p in manifests)
