"""Tables and pages for people: plain text for the terminal, Markdown for reports.

Every layer may use these helpers (games hand their report sections to them); they
import nothing of paiju's.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import polars as pl

PERCENT_COLUMNS = ("rate", "ci_low", "ci_high", "exact")
REPORT = "report.md"  # the file name of every written report


def _percent(value: float | None) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    pct = 100.0 * value
    if pct == 0:
        return "0%"
    digits = max(2, 3 - int(math.floor(math.log10(abs(pct)))))
    return f"{pct:.{min(digits, 6)}f}%"


def _cell(column: str, value) -> str:
    if column in PERCENT_COLUMNS:
        return _percent(value)
    if isinstance(value, bool):
        return "yes" if value else "NO  ◀"
    if value is None:
        return "—"
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def units(word: str) -> str:
    """The plural of a unit: hands, matches."""
    return word + ("es" if word.endswith(("s", "ch", "sh", "x")) else "s")


def _width(text: str) -> int:
    return sum(2 if ord(ch) > 0x2E7F else 1 for ch in text)


def format_table(frame: pl.DataFrame) -> str:
    """Align a small DataFrame as text; rates print as percentages, CJK counts double width."""
    headers = list(frame.columns)
    rows = [[_cell(c, v) for c, v in zip(headers, row)] for row in frame.iter_rows()]
    widths = [max([_width(h)] + [_width(r[i]) for r in rows]) for i, h in enumerate(headers)]

    def line(cells: list[str]) -> str:
        parts = []
        for i, cell in enumerate(cells):
            pad = " " * (widths[i] - _width(cell))
            parts.append(cell + pad if i < 2 else pad + cell)
        return "  ".join(parts).rstrip()

    out = [line(headers), line(["-" * w for w in widths])]
    out += [line(r) for r in rows]
    return "\n".join(out)


# What each column of the summary tables means, for the legend printed under them.
COLUMN_NOTES = {
    "n": "n = hands counted",
    "hits": "hits = hands won (seat, strategy and dealer rows) or that ended so (outcome and kind rows)",
    "rate": "rate = hits / n, with its 95% interval ci_low–ci_high",
    "points": "points = mean points per hand, with its 95% interval points_low–points_high",
    "exact": "exact = the exact probability",
    "p": "p = the unadjusted two-sided binomial p-value of the exact value",
    "agrees": "agrees = the exact value passes the test after Holm's adjustment over the rows",
}
_EDGE_NOTE = ("the dealer edge row is the dealer minus the seat average, per hand "
              "(rate in percentage points)")


def legend(frame: pl.DataFrame) -> str:
    """A few lines naming the columns of a summary table that are present."""
    notes = [text for column, text in COLUMN_NOTES.items() if column in frame.columns]
    if "hits" in frame.columns and "group" not in frame.columns:  # a table of events, not of wins
        notes[list(c for c in COLUMN_NOTES if c in frame.columns).index("hits")] = (
            "hits = hands in which the row's event happened")
    if "group" in frame.columns and "dealer edge" in frame["group"].to_list():
        notes.append(_EDGE_NOTE)
    if not notes:
        return ""
    return "\n".join(["", "Columns: " + notes[0]] + ["         " + n for n in notes[1:]])


def outcome_codes(names: dict[str, str]) -> str:
    """One line: the codes the data's ``outcome`` column stores and what each means."""
    if not names:
        return ""
    first = next(iter(names))
    return ("outcome codes in the data (column outcome): "
            + ", ".join(f"{code} = {name}" for code, name in names.items())
            + f"; filter with pl.col(\"outcome\") == \"{first}\"")


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def rules_diff(rules, preset: str) -> dict[str, Any]:
    """The options of ``rules`` (a RuleSet) that differ from the preset ``preset``."""
    base = type(rules).from_options(preset=preset).to_dict()
    return {k: v for k, v in rules.to_dict().items() if base.get(k) != v}


def nearest_preset(rules) -> str:
    """The preset that ``rules`` differ least from (``seed`` on a tie)."""
    presets = list(type(rules).PRESETS)
    return min(presets, key=lambda p: (len(rules_diff(rules, p)), p != "seed", presets.index(p)))


def rules_text(rules, *, preset: str | None = None) -> str:
    """``preset "seed"`` or ``preset "seed" + min_huxi=10``, and the rules hash.

    The preset's name is quoted (the preset called ``seed`` follows the seed document; it
    is not the root seed printed beside it).
    """
    preset = preset if preset is not None else nearest_preset(rules)
    diff = rules_diff(rules, preset)
    changes = " + " + ", ".join(f"{k}={_value_text(v)}" for k, v in diff.items()) if diff else ""
    return f'preset "{preset}"{changes} (rules hash {rules.digest()})'


def _markdown_cell(column: str, value) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    if isinstance(value, bool):  # as on the terminal
        return "yes" if value else "**no** ◀"
    if column in PERCENT_COLUMNS:
        return f"{100 * value:.3g}%"
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def markdown_table(frame: pl.DataFrame) -> str:
    """A DataFrame as a Markdown table (rates as percentages)."""
    head = "| " + " | ".join(frame.columns) + " |"
    rule = "| " + " | ".join("---" for _ in frame.columns) + " |"
    body = ["| " + " | ".join(_markdown_cell(c, v) for c, v in zip(frame.columns, row)) + " |"
            for row in frame.iter_rows()]
    return "\n".join([head, rule, *body])


def write_markdown(target: Path, title: str, sections: list[Any], facts: str) -> Path:
    """Write ``report.md`` in ``target``: the title, the opening facts, then each section."""
    lines = [f"# {title}", "", facts, ""]
    for section in sections:
        lines += [f"## {section.title}", "", section.text, ""]
        if section.figure is not None:
            lines += [f"![{section.title}]({section.figure.relative_to(target).as_posix()})", ""]
    out = target / REPORT
    out.write_text("\n".join(lines), encoding="utf-8")
    return out
