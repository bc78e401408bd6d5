"""The 广水 parts of ``paiju report``: winning levels, 楼 and bonuses; 付 of winning hands."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from sim import plots
from sim.games.base import RunSpec, Section
from sim.stats import mean_interval


def play_sections(spec: RunSpec, frame: pl.LazyFrame, figures: Path, *,
                  summary: pl.DataFrame) -> list[Section]:
    """Levels of winning hands (with intervals), and the 付 histogram of winning hands;
    ``summary`` is the workload's summary table of the run."""
    from sim.display import markdown_table

    table = summary.filter(pl.col("group").is_in(
        ["level", "楼 of the winner", "winning hand holds", "won on", "hand had"]))
    shown = table.filter(pl.col("hits") > 0)
    labels = [f"{g}: {name}" for g, name in shown.select("group", "name").iter_rows()]
    fig = plots.interval_chart(labels, shown["rate"].to_list(), shown["ci_low"].to_list(),
                               shown["ci_high"].to_list(), title="广水: levels, 楼 and bonuses",
                               xlabel="share of all hands (%), 95% Clopper–Pearson interval",
                               annotate=True)
    fu = frame.filter(pl.col("outcome") == "win").select("fu").collect()["fu"].to_numpy()
    mean, lo, hi = mean_interval(fu) if len(fu) else (float("nan"),) * 3
    hist = plots.histogram_chart({"winning hands": fu}, title="付 of winning hands",
                                 xlabel="付 (the most of any partition of the winning 31 cards)")
    figure = plots.save(fig, figures / "guangshui_levels.png")
    return [
        Section("Winning levels, 楼 and bonuses",
                "Share of all hands (穿牌 included) by the winner's level in 牌, his 楼, the "
                "bonuses his winning hand held, and how he won.\n\n" + markdown_table(table)
                + plots.nothing_drawn(figure, "Nobody won any of these hands"),
                figure),
        Section("付 of winning hands",
                (f"Mean 付 of a winning hand: {mean:.1f} (95% interval {lo:.1f} to {hi:.1f}); "
                 if len(fu) > 1 else "No hand was won, so there is no figure; " if not len(fu) else "")
                + "the 一牌 minimum is 48 付 without 楼.",
                plots.save(hist, figures / "guangshui_fu.png")),
    ]
