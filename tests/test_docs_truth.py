"""The project's own documents tell the truth about the project and stand on their own."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_does_not_ask_to_delete_numba_caches_by_hand():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    developing = text[text.index("## Developing"):]
    assert "-delete" not in developing and "nb[ic]" not in developing
    assert "sim/stale_cache.py" in developing
