"""The pairing-game part of ``paiju report`` for played hands: how hands end, who wins, 偷."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from sim import plots
from sim.games.base import RunSpec, Section
from sim.games.chuanpai.pairs.rules import PairsRules, deal_sizes_of
from sim.stats import rate_interval


def play_sections(spec: RunSpec, frame: pl.LazyFrame, figures: Path) -> list[Section]:
    """How hands end, win rate by position from the 头家 (and so by hand size), and 偷."""
    from sim.display import markdown_table

    rules = PairsRules(**spec.rules)
    n = rules.players
    sizes = deal_sizes_of(n, rules.deal, rules.decks)
    df = frame.select("outcome", "winner", "dealer", "length", "tou", "fan").collect()
    total = max(df.height, 1)
    outcome = df["outcome"].cast(pl.String)
    rows = [("胡 (a win in play)", int((outcome == "win").sum())),
            ("天胡 (complete after the deal-time 偷)", int((outcome == "natural").sum())),
            ("荒 (stock ran out)", int((outcome == "draw").sum()))]
    if rules.tuo:
        rows.append(("a win with 番", int((df["fan"] > 0).sum())))
    labels = [r[0] for r in rows]
    hits = [r[1] for r in rows]
    lo, hi = rate_interval(hits, [total] * len(hits), method="clopper-pearson")
    ends = Section(
        "How hands end",
        f"{n} players, deal {rules.deal} ({'/'.join(map(str, sizes))} cards from the 头家), pairs "
        f"to {rules.pair_sums}.\n\n" + markdown_table(pl.DataFrame(
            {"event": labels, "hits": hits, "rate": [h / total for h in hits],
             "ci_low": list(lo), "ci_high": list(hi)})))
    rel = ((df["winner"].to_numpy().astype(np.int64) - df["dealer"].to_numpy()) % n)
    won = df["winner"].to_numpy() >= 0
    pos_hits = [int(((rel == j) & won).sum()) for j in range(n)]
    plo, phi = rate_interval(pos_hits, [total] * n, method="clopper-pearson")
    names = [f"{'头家' if j == 0 else f'头家 + {j}'} ({sizes[j]} cards)" for j in range(n)]
    fig = plots.interval_chart(names, [h / total for h in pos_hits], list(plo), list(phi),
                               title="Win rate by position from the 头家", annotate=True,
                               xlabel="share of hands won (%), 95% Clopper–Pearson interval")
    by_pos = Section(
        "Win rate by position and hand size",
        "Who wins, counted from the 头家 (who holds one card more and discards first); short "
        "hands are the 5th and 6th seats.\n\n" + markdown_table(pl.DataFrame(
            {"position": names, "wins": pos_hits, "rate": [h / total for h in pos_hits],
             "ci_low": list(plo), "ci_high": list(phi)})),
        plots.save(fig, figures / "pairs_positions.png"))
    hist = plots.histogram_chart({"turns": df["length"].to_numpy().astype(np.int64)},
                                 title="Hand length", xlabel="turns (discards and turned-up cards)")
    length = Section(
        "Hand length and 偷",
        f"Mean {df['length'].mean():.2f} turns per hand; mean {df['tou'].mean():.2f} cards stolen "
        f"(偷) per hand.", plots.save(hist, figures / "pairs_length.png"))
    return [ends, by_pos, length]
