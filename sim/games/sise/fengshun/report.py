"""The 丰顺 parts of ``paiju report``: how hands end (with intervals) and winning scores."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from sim import plots
from sim.games.base import RunSpec, Section
from sim.stats import mean_interval, rate_interval, seat_count


def end_table(frame: pl.LazyFrame, *, level: float = 0.95) -> pl.DataFrame:
    """Share of hands won, drawn, won on a discard (点炮), with several winners, self-drawn."""
    df = frame.select("n_winners", "pao", "self_drawn").collect()
    n = max(df.height, 1)
    rows = []
    for name, hits in (("won", int((df["n_winners"] > 0).sum())),
                       ("drawn (nobody won)", int((df["n_winners"] == 0).sum())),
                       ("self-drawn win", int(df["self_drawn"].sum())),
                       ("点炮 (won on a discard)", int((df["pao"] >= 0).sum())),
                       ("several winners on one discard", int((df["n_winners"] > 1).sum()))):
        lo, hi = rate_interval(hits, n, level=level, method="clopper-pearson")
        rows.append({"end": name, "hits": hits, "n": df.height, "rate": hits / n,
                     "ci_low": float(lo), "ci_high": float(hi)})
    return pl.DataFrame(rows)


def play_sections(spec: RunSpec, frame: pl.LazyFrame, figures: Path) -> list[Section]:
    """How hands end (with intervals), and the histogram of winners' scores."""
    from sim.display import markdown_table

    table = end_table(frame)
    fig = plots.interval_chart(table["end"].to_list(), table["rate"].to_list(),
                               table["ci_low"].to_list(), table["ci_high"].to_list(),
                               title="丰顺: how hands end",
                               xlabel="share of all hands (%), 95% Clopper–Pearson interval",
                               annotate=True)
    n = seat_count(frame)
    df = frame.select([f"score_{s}" for s in range(n)] + [f"won_{s}" for s in range(n)]).collect()
    scores = [df.filter(pl.col(f"won_{s}"))[f"score_{s}"].to_numpy() for s in range(n)]
    import numpy as np

    allw = np.concatenate(scores) if scores else np.zeros(0)
    mean, lo, hi = mean_interval(allw) if len(allw) else (float("nan"),) * 3
    hist = plots.histogram_chart({"winning hands": allw}, title="丰顺: score of each winner",
                                 xlabel="score (the best grouping of the winning hand)")
    return [
        Section("How hands end", "Share of all hands by how they ended.\n\n" + markdown_table(table),
                plots.save(fig, figures / "fengshun_ends.png")),
        Section("Scores of winners",
                f"Mean score of a winner: {mean:.2f} (95% interval {lo:.2f} to {hi:.2f}); with "
                "several winners on one discard each counts once.",
                plots.save(hist, figures / "fengshun_scores.png")),
    ]
