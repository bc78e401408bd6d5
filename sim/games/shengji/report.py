"""The 升级 part of ``paiju report``: attacker points against the level table."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from sim import plots
from sim.games.base import RunSpec, Section
from sim.stats import mean_interval_from_sums, rate_interval

THRESHOLDS = (0, 80, 160, 240, 320)  # the seed's level table: attackers take the deal at 160


def points_section(spec: RunSpec, frame: pl.LazyFrame, figures: Path) -> list[Section]:
    """Attacker points (after 扣底) with the level-table thresholds, and the level changes."""
    import matplotlib.pyplot as plt

    df = frame.select("attacker_points", "attacker_points_raw", "kou_di", "level_side", "levels").collect()
    n = df.height
    pts = df["attacker_points"].to_numpy().astype(np.float64)
    raw = df["attacker_points_raw"].to_numpy().astype(np.float64)
    fig, ax = plt.subplots(figsize=(8, 3.8))
    bins = np.arange(min(-100.0, pts.min()) - 5, max(500.0, pts.max()) + 10, 10)
    ax.hist(raw, bins=bins, weights=np.full(n, 100.0 / n), histtype="step", linewidth=1.6,
            color=plots.COLOURS[4], label="before 扣底")
    ax.hist(pts, bins=bins, weights=np.full(n, 100.0 / n), histtype="step", linewidth=1.8,
            color=plots.COLOURS[0], label="after 扣底")
    for t in THRESHOLDS:
        ax.axvline(t, color="#aa3333" if t == 160 else "#999", linestyle="--", linewidth=1)
    lo_x = min(-20.0, float(np.percentile(pts, 0.1)) - 20)
    hi_x = max(340.0, float(np.percentile(pts, 99.9)) + 20)
    ax.set_xlim(lo_x, hi_x)
    ax.set_xlabel("attacker points (dashed: level-table steps; red: the deal changes hands at 160)")
    ax.set_ylabel("share of hands (%)")
    ax.set_title("Attacker points per hand")
    ax.legend(fontsize=8, frameon=False)
    fig_points = plots.save(fig, figures / "attacker_points.png")

    mean, lo, hi = mean_interval_from_sums(n, float(pts.sum()), float((pts * pts).sum()))
    changes = (df.group_by("level_side", "levels").len().sort("level_side", "levels"))
    labels = [f"{side} +{levels}" for side, levels, _ in changes.iter_rows()]
    hits = changes["len"].to_list()
    clo, chi = rate_interval(hits, [n] * len(hits), method="clopper-pearson")
    fig_levels = plots.interval_chart(
        labels, [h / n for h in hits], list(clo), list(chi), title="Level changes",
        xlabel="share of hands (%), 95% Clopper–Pearson interval", annotate=True,
    )
    return [
        Section(
            "Attacker points",
            f"The attackers' points per hand before and after 扣底, against the steps of the seed's "
            f"level table. Mean after 扣底: {mean:.1f} (95% interval {lo:.1f} to {hi:.1f}).",
            fig_points,
        ),
        Section("Level changes", "Which side went up, and by how many levels.",
                plots.save(fig_levels, figures / "level_changes.png")),
    ]
