"""The report of a balance ladder: ``report.md`` and a figure of the dealer edge per player.

:func:`write_ladder_report` is what ``paiju balance --ladder`` and ``paiju report`` call on a
ladder directory; the numbers come from :func:`sim.balance_ladder.analyse_ladder`, and each
rung's own balance report is written into its sub-directory beside it.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import polars as pl

from sim import plots
from sim.balance import EDGE, PRESET, command_for
from sim.balance_ladder import DEPENDS, FLIPS, HOLDS, IDENTICAL, NONE, UNCHANGED, Ladder, analyse_ladder
from sim.balance_report import write_balance_report
from sim.display import markdown_table, write_markdown
from sim.games import get_game
from sim.games.base import Section


def edge_figure(result: Ladder, path: Path) -> Path | None:
    """Every variant's change of the dealer edge under each player, side by side."""
    edge = result.robustness.filter(pl.col("measure") == EDGE) if result.robustness.height else result.robustness
    still = set(edge.filter(pl.col("verdict").is_in([UNCHANGED, IDENTICAL]))["variant"]) if edge.height else set()
    first = next(iter(result.rungs.values()))
    labels = [v for v in first.experiment.runs if v != PRESET and v not in still]
    if not labels:
        return plots.save(None, path)
    names = result.names
    fig, ax = plt.subplots(figsize=(9, 1.6 + 0.42 * len(labels)))
    y = np.arange(len(labels))[::-1].astype(float)
    step = 0.7 / max(len(names), 1)
    for k, name in enumerate(names):
        diffs = result.rungs[name].differences.filter(pl.col("measure") == EDGE)
        colour = plots.COLOURS[k % len(plots.COLOURS)]
        for yi, label in zip(y, labels):
            part = diffs.filter(pl.col("variant") == label)
            if not part.height or part["diff"][0] is None:
                continue
            r = part.row(0, named=True)
            yk = yi + 0.35 - step * (k + 0.5)
            d, lo, hi = r["diff"] * 100, r["low"] * 100, r["high"] * 100
            ax.errorbar(d, yk, xerr=[[max(d - lo, 0)], [max(hi - d, 0)]], fmt="o", color=colour,
                        markerfacecolor=colour if r["significant"] else "white", markersize=5,
                        elinewidth=1.3, capsize=2, label=name if yi == y[0] else None)
    ax.axvline(0, color="#888", linestyle="--", linewidth=1)
    ax.set_yticks(y, [label.replace("=", " = ") for label in labels])
    ax.set_ylim(-0.6, len(labels) - 0.4)
    ax.set_xlabel("change of the dealer edge against the preset (percentage points); "
                  "filled: significant (Holm), whisker: 95% paired interval")
    ax.set_title("Does each option's effect on the dealer edge survive better players?")
    ax.grid(axis="y", visible=False)
    ax.legend(title="player in every seat", loc="best", fontsize=8, title_fontsize=8)
    return plots.save(fig, path)


def _edge_section(result: Ladder, figures: Path) -> Section:
    edge = result.robustness.filter(pl.col("measure") == EDGE) if result.robustness.height else result.robustness
    table = edge.select("variant", *result.names, "verdict") if edge.height else edge
    counts = edge["verdict"].value_counts() if edge.height else pl.DataFrame({"verdict": [], "count": []})
    said = {r["verdict"]: r["count"] for r in counts.iter_rows(named=True)}
    summary = ", ".join(f"{said[w]} {w}" for w in (HOLDS, FLIPS, DEPENDS, NONE, UNCHANGED, IDENTICAL) if w in said)
    path = edge_figure(result, figures / "ladder-edge.png")
    return Section(
        "The dealer edge under each player",
        "Each variant's paired change of the dealer edge against the preset, on the same deals, "
        "under each player of the ladder in every seat (* = significant after the Holm "
        f"adjustment of that player's run). Verdicts: {summary or 'none'}.\n\n"
        f"- **{HOLDS}**: significant with the same sign under every player — a fact of the rules;\n"
        f"- **{FLIPS}**: significant with opposite signs under two players — a fact of the players;\n"
        f"- **{DEPENDS}**: significant under some players only;\n"
        f"- **{NONE}**: significant under no player;\n"
        f"- **{UNCHANGED}**: the dealer edge is the preset's in every hand under every player "
        "(left out of the figure);\n"
        f"- **{IDENTICAL}**: every hand unchanged under every player.\n\n" + markdown_table(table)
        + plots.nothing_drawn(path, "No variant changes the dealer edge in any hand"),
        path,
    )


def _rates_section(result: Ladder) -> Section:
    if not result.robustness.height:
        return Section("Every measure", "No variant was played.")
    rest = result.robustness.filter(pl.col("measure") != EDGE)
    moved = rest.filter(pl.col("verdict").is_in([HOLDS, FLIPS, DEPENDS]))
    table = moved.select("variant", "measure", *result.names, "verdict")
    return Section(
        "The dealer's points and the outcome rates",
        "The same question for the dealer's points per hand, the share of hands with a winner "
        "and every outcome rate. Only the rows where some player sees a significant effect are "
        f"listed ({moved.height} of {rest.height}); the others are significant under no "
        "player or identical.\n\n" + (markdown_table(table) if table.height else "No such row."),
    )


def _ranking_section(result: Ladder) -> Section:
    if not result.ranking.height:
        return Section("Ranking", "No option was varied.")
    return Section(
        "Ranking",
        "Each option's rank by how far it moves the dealer edge, under each player, its fairest "
        "value under each (see each player's own report), and the least robust verdict among its "
        "values for the dealer edge: an option marked *holds* changes the edge the same way "
        "whoever plays; *flips* or *depends on the player* marks a conclusion that better play "
        "would change.\n\n" + markdown_table(result.ranking),
    )


def _facts(result: Ladder, directory: Path) -> str:
    first = next(iter(result.rungs.values()))
    exp = first.experiment
    spec = exp.runs[PRESET]
    links = ", ".join(f"[{name}]({result.dirs[name].relative_to(directory).as_posix()}/report.md)"
                      for name in result.names)
    command = command_for(exp).replace(f" --strategies {shlex.quote(result.names[0])}", "") \
        + f" --ladder {shlex.quote(','.join(result.names))}"
    return (
        f"The same balance — {len(exp.runs)} variants, {spec.hands:,} hands each, root seed "
        f"{spec.seed} — played by each of {len(result.names)} players in every seat, weakest "
        f"first: {', '.join(f'`{n}`' for n in result.names)}. Each player's own report: {links}.\n\n"
        f"Regenerate with `{command}`."
    )


def write_ladder_report(directory: str | os.PathLike, *, to: str | os.PathLike | None = None,
                        result: Ladder | None = None) -> Path:
    """Write ``report.md`` and ``figures/`` for a ladder directory (and each rung's own report)."""
    path = Path(directory)
    target = Path(to) if to is not None else path
    plots.setup_style()
    result = result if result is not None else analyse_ladder(path)
    for name, b in result.rungs.items():
        write_balance_report(result.dirs[name], result=b,
                             to=None if to is None else target / result.dirs[name].name)
    target.mkdir(parents=True, exist_ok=True)
    sections = [_edge_section(result, target / "figures"), _rates_section(result), _ranking_section(result)]
    title = f"{get_game(result.game).title}: rule balance across players"
    return write_markdown(target, title, sections, _facts(result, path))
