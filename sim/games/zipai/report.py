"""The 跑胡子 part of ``paiju report`` for played hands: 天胡 by kind against exact odds."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from sim import plots
from sim.games.base import RunSpec, Section, Workload
from sim.games.zipai import exact
from sim.stats import exact_agreement, rate_interval


def tianhu_section(workload: Workload, spec: RunSpec, frame: pl.LazyFrame, figures: Path) -> list[Section]:
    """How often 天胡 (every kind) ends a hand, each kind beneath, exact values beside.

    The same kinds as the run's summary (:meth:`ZipaiPlay.outcome_kinds`); a kind that
    never happened keeps its row with its Clopper–Pearson upper bound. The dealer wins a
    三提五坎 whenever his 21 dealt cards hold one (he comes first), so "三提五坎 won by the
    dealer" must match the exact probability for 21 cards — unless hands with several 提
    at the deal are redealt.
    """
    kinds = workload.outcome_kinds()["natural"]
    exact_values = workload.exact_rates(spec)
    df = frame.select("outcome", "win_kind", "winner", "dealer").collect()
    n = df.height
    natural_dealer = (pl.col("win_kind").cast(pl.String).is_in(list(workload.natural_kinds)[:2])
                      & (pl.col("winner") == pl.col("dealer")))
    redeal = spec.rules.get("multi_qishou_ti") == "redeal"
    rows = [("天胡 (all kinds)", int((df["outcome"].cast(pl.String) == "natural").sum()), None)]
    rows += [(f"· {name}", int(df.select(expr.sum()).item() or 0), exact_values.get(name))
             for name, expr in kinds.items()]
    rows.append(("三提五坎 won by the dealer", int(df.select(natural_dealer.sum()).item() or 0),
                 None if redeal else float(exact.natural_win_probability(hand=21))))
    labels = [r[0] for r in rows]
    hits = [r[1] for r in rows]
    lo, hi = rate_interval(hits, [max(n, 1)] * len(rows), method="clopper-pearson")
    p, agrees = exact_agreement(hits, n, [r[2] for r in rows])
    fig = plots.interval_chart(
        labels, [h / max(n, 1) for h in hits], lo, hi, log=True, title="天胡 (natural wins) by kind",
        annotate=True, markers=[r[2] for r in rows], marker_label="exact probability",
        xlabel="share of hands (log scale), 95% Clopper–Pearson interval",
    )
    table = pl.DataFrame({"kind": labels, "hits": hits, "rate": [h / max(n, 1) for h in hits],
                          "ci_low": list(lo), "ci_high": list(hi), "exact": [r[2] for r in rows],
                          "p": p, "agrees": agrees},
                         schema_overrides={"exact": pl.Float64, "p": pl.Float64, "agrees": pl.Boolean})
    from sim.display import markdown_table

    figure = plots.save(fig, figures / "tianhu.png")
    note = ("" if not redeal else
            " (no exact values: hands with several 提 at the deal are redealt under these rules)")
    return [Section(
        "天胡",
        "天胡 is every natural win: 三提 or 五坎 at the deal, the dealer's 21 dealt cards forming "
        "a win, or a non-dealer winning on the 亮张; each kind is listed beneath, and a kind "
        "that never happened keeps its row with the upper bound of its 95% Clopper–Pearson "
        "interval. 三提 and 五坎 at the deal, and the 三提五坎 the dealer wins (he comes first), "
        "are held against their exact probabilities (◇; p unadjusted, agrees after Holm's "
        "adjustment over the rows)" + note + ".\n\n" + markdown_table(table)
        + plots.nothing_drawn(figure, f"No 天胡 of any kind in these {n:,} hands"),
        figure,
    )]
