"""The report of a balance run: ``report.md``, a tornado chart and a panel per measure.

:func:`write_balance_report` is what ``paiju balance`` and ``paiju report`` call on a
balance directory; the numbers come from :func:`sim.balance.analyse`.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import polars as pl
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

from sim import plots
from sim.balance import EDGE, PERCENT_UNITS, PRESET, SEATS_EQUAL, SPREAD, Balance, analyse, command_for, estimate
from sim.games import get_game
from sim.games.base import Section
from sim.display import markdown_table, write_markdown

RAISES, LOWERS, UNSURE, SAME = plots.COLOURS[1], plots.COLOURS[0], "#b8b8b8", "#444444"


def _order(result: Balance) -> list[str]:
    """Variants grouped by option, the options that move the dealer edge most first."""
    options = result.ranking["option"].to_list() if result.ranking.height else []
    runs = list(result.experiment.runs)
    return [label for option in options for label in runs if label.partition("=")[0] == option
            and label != PRESET]


def _scale(unit: str) -> float:
    return 100.0 if unit in PERCENT_UNITS else 1.0


def _unit_label(unit: str) -> str:
    return "percentage points" if unit in PERCENT_UNITS else unit


def _preset_value(row: pl.DataFrame) -> str:
    """The preset's value of a measure, as the panel titles show it."""
    if not row.height:
        return "—"
    value, unit = row["value"][0], row["unit"][0]
    if unit == "%":
        return f"{100 * value:.3g}%"
    if unit in PERCENT_UNITS:
        return f"{100 * value:+.3g} pp"
    return f"{value:.3g}" + ("" if unit == "mean per hand" else f" {unit}")


def _bands(ax, labels: list[str]) -> None:
    """Shade every other option's rows so the groups read at a glance."""
    y = np.arange(len(labels))[::-1]
    option, shade, start = None, False, None
    for i, label in enumerate(labels + [None]):
        name = label.partition("=")[0] if label else None
        if name != option:
            if option is not None and shade:
                ax.axhspan(y[i - 1] - 0.5, y[start] + 0.5, color="#f1f1f1", zorder=0)
            if option is not None:
                shade = not shade
            option, start = name, i


def tornado(result: Balance, path: Path) -> Path:
    """The dealer edge under each option value, as a bar from the preset's edge."""
    labels = _order(result)
    edge = result.values.filter(pl.col("metric") == EDGE)
    base = edge.filter(pl.col("variant") == PRESET).row(0, named=True)
    diffs = result.differences.filter(pl.col("measure") == EDGE)
    identical = dict(zip(result.verdicts["variant"], result.verdicts["identical"]))
    fig, ax = plt.subplots(figsize=(9, 2.2 + 0.36 * max(len(labels), 1)))
    y = np.arange(len(labels))[::-1]
    b = base["value"] * 100
    _bands(ax, labels)
    for yi, label in zip(y, labels):
        row = diffs.filter(pl.col("variant") == label).row(0, named=True)
        d = (row["diff"] or 0.0) * 100
        if identical.get(label):
            ax.plot([b], [yi], marker="|", color=SAME, markersize=14, mew=2)
            ax.annotate("no effect (identical hands)", (b, yi), xytext=(8, 0), textcoords="offset points",
                        va="center", fontsize=8, color=SAME)
            continue
        colour = (RAISES if d > 0 else LOWERS) if row["significant"] else UNSURE
        ax.barh(yi, d, left=b, height=0.62, color=colour, zorder=2)
        ax.plot([b + d], [yi], marker="o", color=colour if d else SAME, markersize=4, zorder=3)
        ax.errorbar(b + d, yi, xerr=[[max(d - row["low"] * 100, 0)], [max(row["high"] * 100 - d, 0)]],
                    fmt="none", ecolor="#222", elinewidth=1.3, capsize=3, zorder=3)
    ax.axvline(b, color="#222", linewidth=1.2, zorder=1)
    ax.axvline(0, color="#888", linestyle="--", linewidth=1, zorder=1)
    ax.set_yticks(y, [label.replace("=", " = ") for label in labels])
    ax.set_ylim(-0.7, len(labels) - 0.3)
    ax.set_xlabel("dealer win rate − average seat's (percentage points); whisker: 95% paired interval")
    ax.set_title(f"Dealer edge by option value (preset: {b:+.2f} pp, solid line; dashed: no edge)")
    ax.grid(axis="y", visible=False)
    ax.legend(handles=[Patch(color=RAISES, label="raises the edge (Holm)"),
                       Patch(color=LOWERS, label="lowers the edge (Holm)"),
                       Patch(color=UNSURE, label="not significant")],
              loc="upper center", bbox_to_anchor=(0.5, -0.62 / (0.36 * max(len(labels), 1) + 1.2)), ncol=3,
              fontsize=8, frameon=False)
    return plots.save(fig, path)


def panels(result: Balance, path: Path) -> Path:
    """One panel per measure: each variant's paired difference from the preset."""
    labels = _order(result)
    table = result.differences.filter(pl.col("measure") != SEATS_EQUAL)
    measures = table["measure"].unique(maintain_order=True).to_list()
    cols = 3
    rows_n = math.ceil(len(measures) / cols)
    height = 1.7 + 0.24 * max(len(labels), 1)
    fig, axes = plt.subplots(rows_n, cols, figsize=(13, rows_n * height), squeeze=False, sharey=True)
    y = np.arange(len(labels))[::-1]
    base = result.values.filter(pl.col("variant") == PRESET)
    for ax, measure in zip(np.ravel(axes), measures):
        part = table.filter(pl.col("measure") == measure)
        unit = part["unit"][0]
        s = _scale(unit)
        _bands(ax, labels)
        for yi, label in zip(y, labels):
            rows = part.filter(pl.col("variant") == label)
            if rows.height == 0 or rows["diff"][0] is None:
                continue
            r = rows.row(0, named=True)
            colour = (RAISES if r["diff"] > 0 else LOWERS) if r["significant"] else UNSURE
            lo = r["low"] if r["low"] is not None else r["diff"]
            hi = r["high"] if r["high"] is not None else r["diff"]
            ax.errorbar(r["diff"] * s, yi, xerr=[[max((r["diff"] - lo) * s, 0)], [max((hi - r["diff"]) * s, 0)]],
                        fmt="o", color=colour, ecolor=colour, elinewidth=2, capsize=3, markersize=4.5, zorder=3)
        ax.axvline(0, color="#888", linestyle="--", linewidth=1)
        at = base.filter(pl.col("metric") == measure)
        ax.set_title(f"{measure}\n(preset: {_preset_value(at)})", fontsize=9)
        ax.xaxis.set_major_locator(MaxNLocator(nbins=5))
        ax.set_xlabel(f"change ({_unit_label(unit)})", fontsize=8)
        ax.tick_params(axis="x", labelsize=8)
        ax.grid(axis="y", visible=False)
    for i, ax in enumerate(np.ravel(axes)):
        if i % cols == 0:
            ax.set_yticks(y, [label.replace("=", " = ") for label in labels], fontsize=8)
        if i >= len(measures):
            ax.set_visible(False)
    fig.suptitle("Each measure under each option value, against the preset on the same deals "
                 "(95% paired intervals; colour = significant after Holm)", fontweight="bold", fontsize=11,
                 y=1.0 + 0.25 / (rows_n * height))
    return plots.save(fig, path)


def _preset_line(result: Balance) -> str:
    """One sentence on the preset itself: its dealer edge, seat spread and seat equality."""
    base = result.values.filter(pl.col("variant") == PRESET)
    edge = base.filter(pl.col("metric") == EDGE).row(0, named=True)
    spread = base.filter(pl.col("metric") == SPREAD).row(0, named=True)
    test = result.differences.filter((pl.col("variant") == PRESET) & (pl.col("measure") == SEATS_EQUAL))
    holm = test["p_holm"][0] if test.height else None
    seats = ("the seats win equally often as far as the data can tell" if holm is None or holm >= 0.05
             else "the seats do not win equally often")
    return (f"Under the preset the dealer edge is {estimate(edge, 'value')} and the seat spread "
            f"{estimate(spread, 'value')}; {seats} (Cochran's Q, Holm p = "
            f"{'—' if holm is None else f'{holm:.3g}'}).")


def sections(result: Balance, figures: Path, directory: Path) -> tuple[str, list[Section], str]:
    """Title, sections and opening facts of the report."""
    exp = result.experiment
    out = [_verdicts_section(result)]
    if result.ranking.height:
        out.append(_ranking_section(result))
    out += _figure_sections(result, figures)
    out += _table_sections(result)
    out.append(_choice_section(result))
    return f"{get_game(exp.game).title}: rule balance", out, _facts(result, directory)


def _facts(result: Balance, directory: Path) -> str:
    """The opening lines: variants, hands, seed, players and the command that regenerates it."""
    exp = result.experiment
    spec = exp.runs[PRESET]
    sizes = _hands(directory, exp)
    budget = (f"{sizes[PRESET]:,} hands per variant" if len(set(sizes.values())) == 1
              else f"{min(sizes.values()):,} to {max(sizes.values()):,} hands per variant (--until-ci "
                   f"{exp.params['until']['target']} on the dealer edge)")
    return (
        f"{len(exp.runs)} variants — the preset `{exp.params['preset']}` and one option changed at a "
        f"time — on the same deals: {budget}, root seed {spec.seed}. Strategies that played: "
        f"{', '.join(result.strategies)}. The numbers are only as real as those players.\n\n"
        f"Regenerate with `{command_for(exp)}`."
    )


def _verdicts_section(result: Balance) -> Section:
    verdicts = result.verdicts.select("variant", "verdict", "dealer edge change", "Holm p") \
        if result.verdicts.height else result.verdicts
    return Section(
        "Verdicts",
        f"Each variant against the preset on the same deals. {result.tests} tests in all (every "
        "paired difference and every all-seats-equal test of the run) are adjusted together by "
        "Holm's method at 5%; *significant* here always means after that adjustment, and the "
        "Holm p of the dealer edge is shown. A variant whose hands are all identical to the "
        "preset's has no effect and is not tested (the game does not read that option when it plays "
        "hands, or these strategies never meet the rule).\n\n" + _preset_line(result) + "\n\n" + markdown_table(verdicts),
    )


def _ranking_section(result: Balance) -> Section:
    ranking = result.ranking.drop("edge move", "spread move")
    return Section(
        "Ranking",
        "Options ordered by how far their largest change moves the dealer edge (edge rank), "
        "with the rank by the seat spread beside it (* = significant after Holm). The fairest "
        "value of each option is the one whose dealer edge is closest to zero (the smaller "
        "seat spread breaks ties), among the values under which at least half as many hands have "
        "a winner as under the preset (a rule under which nobody wins has no dealer edge, but "
        "it is no fair game); its own 95% interval and its paired difference from the "
        "preset's edge say how sure that choice is.\n\n" + markdown_table(ranking),
    )


GRID_ABOVE = 24  # option values beyond which the measures are drawn as one grid, not panels


def grid(result: Balance, path: Path) -> Path:
    """Every measure under every option value as one grid: a row per value, a column per
    measure, each cell the change from the preset — coloured by its direction where it is
    significant after Holm (deeper the more intervals it lies from zero), pale where not."""
    from matplotlib.colors import TwoSlopeNorm

    labels = _order(result)
    table = result.differences.filter(pl.col("measure") != SEATS_EQUAL)
    measures = table["measure"].unique(maintain_order=True).to_list()
    strength = np.full((len(labels), len(measures)), np.nan)
    text = [["" for _ in measures] for _ in labels]
    for j, measure in enumerate(measures):
        part = table.filter(pl.col("measure") == measure)
        s = _scale(part["unit"][0])
        for i, label in enumerate(labels):
            rows = part.filter(pl.col("variant") == label)
            if rows.height == 0 or rows["diff"][0] is None:
                continue
            r = rows.row(0, named=True)
            text[i][j] = f"{r['diff'] * s:+.2g}" if r["diff"] else "0"
            half = ((r["high"] or r["diff"]) - (r["low"] or r["diff"])) / 2
            if r["significant"]:
                strength[i, j] = np.clip(r["diff"] / half if half > 0 else 3 * np.sign(r["diff"]), -3, 3)
            else:
                strength[i, j] = 0.0
    fig, ax = plt.subplots(figsize=(3.2 + 0.95 * len(measures), 2.0 + 0.27 * len(labels)))
    ax.imshow(strength, aspect="auto", cmap="RdBu_r", norm=TwoSlopeNorm(0, -3, 3), interpolation="nearest")
    for i in range(len(labels)):
        for j in range(len(measures)):
            if text[i][j]:
                deep = abs(strength[i, j]) > 2 if np.isfinite(strength[i, j]) else False
                ax.text(j, i, text[i][j], ha="center", va="center", fontsize=6.5,
                        color="white" if deep else ("#222" if strength[i, j] else "#999"))
    base = result.values.filter(pl.col("variant") == PRESET)
    heads = []
    for m in measures:
        unit = table.filter(pl.col("measure") == m)["unit"][0]
        heads.append(f"{m}\n({_unit_label(unit)}; preset {_preset_value(base.filter(pl.col('metric') == m))})")
    ax.set_xticks(np.arange(len(measures)), heads, rotation=40, ha="left", fontsize=7)
    ax.xaxis.tick_top()
    ax.set_yticks(np.arange(len(labels)), [label.replace("=", " = ") for label in labels], fontsize=7)
    for i in range(1, len(labels)):
        if labels[i].partition("=")[0] != labels[i - 1].partition("=")[0]:
            ax.axhline(i - 0.5, color="white", linewidth=2)
    ax.set_xticks(np.arange(len(measures) + 1) - 0.5, minor=True)
    ax.grid(which="minor", color="white", linewidth=0.6)
    ax.grid(which="major", visible=False)
    ax.tick_params(which="minor", length=0)
    ax.set_xlabel("change from the preset on the same deals; red raises, blue lowers (significant after "
                  "Holm; deeper: further from zero in units of its 95% interval); pale: within chance",
                  fontsize=8)
    return plots.save(fig, path)


def _figure_sections(result: Balance, figures: Path) -> list[Section]:
    many = len(_order(result)) > GRID_ABOVE
    every = (Section(
        "Every measure",
        "One row per option value and one column per measure: the change from the preset on the "
        "same deals, written in each cell in the measure's unit. Coloured cells are significant "
        "after Holm (red raises, blue lowers; the deeper, the further the change lies from zero "
        "in units of its 95% interval); pale cells are within chance.",
        grid(result, figures / "measures.png"),
    ) if many else Section(
        "Every measure",
        "One panel per measure: the change from the preset under each option value, on the same "
        "deals, with its 95% paired interval (the seat spread's by a paired bootstrap).",
        panels(result, figures / "measures.png"),
    ))
    return [
        Section(
            "Dealer edge by option value",
            "Each bar runs from the preset's dealer edge (solid line) to the edge under one option "
            "value, measured on the same deals; the whisker is the 95% interval of that paired "
            "difference. Orange raises the edge and blue lowers it (significant after Holm); grey "
            "bars are within chance.",
            tornado(result, figures / "tornado.png"),
        ),
        every,
    ]


def _table_sections(result: Balance) -> list[Section]:
    key = [EDGE, "dealer points per hand", SPREAD, SEATS_EQUAL]
    values = result.values.filter(pl.col("metric").is_in(key) | pl.col("metric").str.contains(" rate"))
    wide = (values.with_columns(pl.struct("value", "low", "high", "unit").map_elements(
        lambda r: f"{r['value']:.4g}" if r["unit"] == "p" else estimate(r, "value"), return_dtype=pl.String
    ).alias("estimate")).pivot(on="metric", index="variant", values="estimate"))
    full = result.differences.with_columns(
        pl.struct("diff", "low", "high", "unit").map_elements(lambda r: estimate(r), return_dtype=pl.String)
        .alias("change [95% interval]")
    ).select("variant", "measure", "change [95% interval]", "p", "p_holm", "significant")
    return [
        Section(
            "Values per variant",
            "The dealer edge, the seat spread (largest minus smallest seat win rate; 95% bootstrap "
            "interval), the p-value of the test that all seats win equally often (Cochran's Q, "
            "before adjustment) and the outcome rates, with 95% intervals.\n\n" + markdown_table(wide),
        ),
        Section("Every comparison", markdown_table(full)),
    ]


def _choice_section(result: Balance) -> Section:
    """How the variants were chosen, what was not played and which tables had other seats."""
    skipped = result.experiment.params.get("skipped") or {}
    notes = ("Values tried: a yes/no option both ways, an option with a list of allowed values every "
             "one of them, a numeric range its two ends and its thirds (with the preset's value). "
             "Each variant changes one option and keeps the preset's other options.")
    if skipped:
        notes += "\n\nNot played:\n\n" + "\n".join(f"- `{k}`: {v}" for k, v in skipped.items())
    table_sizes = {k: v for k, v in result.seats.items() if v != result.seats[PRESET]}
    if table_sizes:
        notes += ("\n\nVariants with another number of seats deal different hands, so their pairs "
                  "with the preset are independent (still a valid difference, without the narrowing "
                  "of common deals); the dealer edge is still against the average seat of that table: "
                  + ", ".join(f"`{k}` ({v} seats)" for k, v in table_sizes.items()) + ".")
    return Section("How the variants were chosen", notes)


def _hands(directory: Path, exp) -> dict[str, int]:
    from sim import experiments, store

    return {label: int(store.read_manifest(experiments.run_path(directory, label))["hands"])
            for label in exp.runs}


def write_balance_report(directory: str | os.PathLike, *, to: str | os.PathLike | None = None,
                         result: Balance | None = None) -> Path:
    """Write ``report.md`` and ``figures/`` for a balance directory (into it, or ``to``).

    ``result`` is the directory's :func:`~sim.balance.analyse`, if already computed.
    """
    path = Path(directory)
    target = Path(to) if to is not None else path
    plots.setup_style()
    result = result if result is not None else analyse(path)
    target.mkdir(parents=True, exist_ok=True)
    return write_markdown(target, *sections(result, target / "figures", path))
