"""The README's example of each adapter runs as printed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def _example(section: str) -> str:
    text = README.read_text(encoding="utf-8")
    part = text.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", part, flags=re.S)
    assert blocks, f"the README's {section} section has no Python example"
    return blocks[0]


@pytest.mark.parametrize("section, module", [("OpenSpiel", "pyspiel"), ("PettingZoo", "pettingzoo"),
                                             ("Gymnasium", "gymnasium")])
def test_the_readme_example_runs(section, module, capsys):
    pytest.importorskip(module, reason=f"{module} is not installed (pip install 'paiju[interop]')")
    code = _example(section)
    assert len(code.strip().splitlines()) <= 14  # an example a reader takes in at a glance
    exec(compile(code, f"README.md ({section})", "exec"), {})
    assert capsys.readouterr().out.strip()  # it printed its result
