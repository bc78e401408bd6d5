"""The 打马 part of ``paiju report``: the 函谷关 race, pot flows and hits, by seat."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from sim import plots
from sim.games.base import RunSpec, Section
from sim.stats import mean_interval, rate_interval


def play_sections(spec: RunSpec, frame: pl.LazyFrame, figures: Path) -> list[Section]:
    """Who takes the 函谷关 half pot and what it is worth; 帖 and pot flows per seat."""
    df = frame.collect()
    seats = sum(1 for c in df.columns if c.startswith("won_"))
    labels, rates, lows, highs = [], [], [], []
    lines = ["| seat | took 函谷关 | wins after taking it | wins otherwise |", "| --- | --- | --- | --- |"]
    for s in range(seats):
        took = df["hangu"] == s
        k = int(took.sum())
        win_took = int((took & df[f"won_{s}"]).sum())
        win_not = int((~took & df[f"won_{s}"]).sum())
        for label, hits, n in ((f"seat {s} took 函谷关", k, df.height),
                               (f"seat {s} wins | took it", win_took, k),
                               (f"seat {s} wins | did not", win_not, df.height - k)):
            lo, hi = rate_interval(hits, max(n, 1))
            labels.append(label)
            rates.append(hits / max(n, 1))
            lows.append(float(lo))
            highs.append(float(hi))
        lines.append(f"| {s} | {100 * k / df.height:.2f}% | {100 * win_took / max(k, 1):.2f}% | "
                     f"{100 * win_not / max(df.height - k, 1):.2f}% |")
    fig = plots.interval_chart(labels, rates, lows, highs, title="The 函谷关 race",
                               xlabel="share (%), 95% Wilson interval", annotate=True)
    race = Section(
        "The 函谷关 race",
        "The first player to bring ten horses to 函谷关 takes half the pot. How often each seat "
        "wins that race, and how often it then wins the game.\n\n" + "\n".join(lines),
        plots.save(fig, figures / "hangu_race.png"))
    labels, means, lows, highs = [], [], [], []
    rows = ["| seat | 帖 flows | pot flows | horses hit | horses it hit |", "| --- | --- | --- | --- | --- |"]
    for s in range(seats):
        cells = []
        for label, col in (("帖", f"tie_{s}"), ("pot", f"pot_{s}")):
            m, lo, hi = mean_interval(df[col].to_numpy().astype(np.float64))
            labels.append(f"seat {s} {label}")
            means.append(m)
            lows.append(lo)
            highs.append(hi)
            cells.append(f"{m:+.2f} ({lo:+.2f} to {hi:+.2f})")
        hit = df[f"hits_taken_{s}"].mean()
        gave = df[f"hits_given_{s}"].mean()
        rows.append(f"| {s} | {cells[0]} | {cells[1]} | {hit:.1f} | {gave:.1f} |")
    fig = plots.interval_chart(labels, means, lows, highs, title="Mean 帖 per game by seat",
                               xlabel="帖 per game (95% interval)", percent=False, reference=0.0)
    flows = Section(
        "Pot flows",
        "What each seat wins or loses per game: 帖 between players (赏 and 本采 throws, another's "
        "本采, 撞, 罚, hits, fly-outs) and the pot (stake in; 函谷关, wipe-out and final pots out).\n\n"
        + "\n".join(rows),
        plots.save(fig, figures / "pot_flows.png"))
    return [race, flows]
