"""Plain-text tables for the terminal."""

from __future__ import annotations

import math

import polars as pl

PERCENT_COLUMNS = ("rate", "ci_low", "ci_high", "exact")


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
