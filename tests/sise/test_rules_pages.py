"""The rules pages of 广水 and 丰顺 show the observation layout the engines fill."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.games import get_game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def _section(text: str, title: str) -> str:
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


@pytest.mark.parametrize("game", ["guangshui", "fengshun"])
def test_the_rules_page_shows_the_observation_spec(game):
    section = _section((DOCS / f"{game}.md").read_text(encoding="utf-8"), "What a strategy sees")
    table = "\n".join(line for line in section.splitlines() if line.startswith("|"))
    assert table == get_game(game).observation_spec.table()
