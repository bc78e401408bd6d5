"""The project's own documents tell the truth about the project and stand on their own."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_does_not_ask_to_delete_numba_caches_by_hand():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    developing = text[text.index("## Developing"):]
    assert "-delete" not in developing and "nb[ic]" not in developing
    assert "sim/stale_cache.py" in developing


# notes that live beside the project, not in it: a reader cannot follow a reference to them
_UNAVAILABLE = ("RUL" + "INGS", "research" + "/", "research" + " §", "games" + "-gaps",
                "games" + "-anchors", "anchors" + ".md", "seeds" + "/", "seed " + "000",
                "seed " + "002", "seed " + "003")
_SKIP_DIRS = {".git", ".venv", "runs", "build", "dist", "__pycache__", ".pytest_cache"}
_TEXT = {".md", ".py", ".toml", ".txt", ".sh", ".ipynb", ".cfg", ".yml", ".yaml", ".json"}


def _project_files():
    for path in ROOT.rglob("*"):
        rel = path.relative_to(ROOT)
        if path.is_file() and path.suffix in _TEXT and not any(
                p in _SKIP_DIRS or p.endswith(".egg-info") for p in rel.parts):
            yield rel, path


def test_no_project_file_cites_notes_outside_the_project():
    cited = []
    for rel, path in _project_files():
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            cited += [f"{rel}:{n}: {word}" for word in _UNAVAILABLE if word in line]
    assert cited == [], "name the source by its title instead: " + "; ".join(cited[:10])


def test_every_rules_page_names_its_sources():
    for page in sorted((ROOT / "docs" / "rules").glob("*.md")):
        text = page.read_text(encoding="utf-8")
        assert "Sources" in text, f"{page.name} does not name its sources"
