"""The 天地人和 part of ``paiju report`` for played hands: levels, 摆牌 and misdeals."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from sim import plots
from sim.games.base import RunSpec, Section
from sim.games.chuanpai.tiandi.rules import TiandiRules
from sim.stats import rate_interval


def play_sections(spec: RunSpec, frame: pl.LazyFrame, figures: Path) -> list[Section]:
    """How hands end (level, 翻, 脱手, 包牌), the 摆牌 per seat, and misdeals against exact."""
    from sim.games.chuanpai.tiandi.exact import misdeal_probability
    from sim.display import markdown_table

    rules = TiandiRules(**spec.rules)
    df = frame.select("outcome", "level", "fan", "bao", "bao_paid", "misdeals", "dealer",
                      "laid_0", "laid_1", "laid_2").collect()
    n = max(df.height, 1)
    outcome, level = df["outcome"].cast(pl.String), df["level"].cast(pl.String)
    rows = [
        ("黄牌: nobody at 16", int((outcome == "draw").sum())),
        ("脱手 (draw)", int((outcome == "tuoshou_draw").sum())),
        ("脱手 (win)", int((outcome == "tuoshou_win").sum())),
        ("小胡", int((level == "小胡").sum())),
        ("一甲", int((level == "一甲").sum())),
        ("两甲", int((level == "两甲").sum())),
        ("a win with 翻", int((df["fan"] > 0).sum())),
        ("包牌 lead made", int((df["bao"] >= 0).sum())),
        ("包牌 paid", int(df["bao_paid"].sum())),
    ]
    labels = [r[0] for r in rows]
    hits = [r[1] for r in rows]
    lo, hi = rate_interval(hits, [n] * len(hits), method="clopper-pearson")
    fig = plots.interval_chart(labels, [h / n for h in hits], list(lo), list(hi), log=True,
                               title="How 天地人和 hands end", annotate=True,
                               xlabel="share of hands (%, log scale), 95% Clopper–Pearson interval")
    ends = Section(
        "How hands end",
        f"Share of hands ending each way (a hand is won at {rules.win_at} 摆牌; 一甲 at "
        f"{rules.yijia_at}, 两甲 at {rules.liangjia_at}; 脱手 is a "
        f"{'draw' if rules.tuoshou == 'draw' else rules.tuoshou}).\n\n"
        + markdown_table(pl.DataFrame({"event": labels, "hits": hits, "rate": [h / n for h in hits],
                                       "ci_low": list(lo), "ci_high": list(hi)})),
        plots.save(fig, figures / "tiandi_ends.png"),
    )
    laid = {}
    for rel, name in enumerate(("dealer", "dealer's next", "dealer's last")):
        seat_cols = [pl.when(pl.col("dealer") == s).then(pl.col(f"laid_{(s + rel) % 3}"))
                     for s in range(3)]
        laid[name] = df.select(pl.coalesce(seat_cols)).to_series().to_numpy().astype(np.int64)
    hist = plots.histogram_chart(laid, title="摆牌 at the end of the hand, by position",
                                 xlabel=f"摆牌 (hard cards included; {rules.win_at} wins)")
    spread = Section("摆牌 by position", "The cards each position has laid when the hand ends.",
                     plots.save(hist, figures / "tiandi_laid.png"))
    sections = [ends, spread]
    if rules.misdeal == "redeal":
        void = int(df["misdeals"].sum())
        deals = void + df.height
        mlo, mhi = rate_interval(void, deals, method="clopper-pearson")
        p = float(misdeal_probability())
        sections.append(Section(
            "Misdeals (无天无九)",
            f"{void:,} of {deals:,} deals were void ({void / deals:.4%}, 95% interval "
            f"{mlo:.4%} to {mhi:.4%}); the exact chance that some hand holds none of 天 红九 黑九 "
            f"is {p:.4%} ({'inside' if mlo <= p <= mhi else 'OUTSIDE'} the interval).",
        ))
    return sections
