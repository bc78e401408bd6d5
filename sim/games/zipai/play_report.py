"""The 跑胡子 part of ``paiju report`` for played hands: 天胡 by kind against exact odds."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from sim import exact, plots
from sim.games.base import RunSpec, Section
from sim.stats import rate_interval

NATURAL_KINDS = ("天胡三提", "天胡五坎")


def tianhu_section(spec: RunSpec, frame: pl.LazyFrame, figures: Path) -> list[Section]:
    """How often each kind of 天胡 ends a hand, with the exact value where one exists.

    The dealer wins a 三提五坎 whenever his 21 dealt cards hold one (he comes first), so
    the rate of "dealer wins by 三提五坎" must match the exact probability for 21 cards —
    unless hands with several 提 at the deal are redealt.
    """
    df = frame.select("win_kind", "winner", "dealer").collect()
    n = df.height
    kinds = df["win_kind"].cast(pl.String)
    rows = []
    for kind in kinds.unique().sort().to_list():
        if kind.startswith("天胡"):
            rows.append((kind, int((kinds == kind).sum()), None))
    natural = kinds.is_in(list(NATURAL_KINDS))
    dealer_natural = int((natural & (df["winner"] == df["dealer"])).sum())
    redeal = spec.rules.get("multi_qishou_ti") == "redeal"
    p_dealer = None if redeal else float(exact.natural_win_probability(hand=21))
    rows.append(("dealer wins by 三提五坎", dealer_natural, p_dealer))
    labels = [r[0] for r in rows]
    hits = [r[1] for r in rows]
    lo, hi = rate_interval(hits, [max(n, 1)] * len(rows), method="clopper-pearson")
    fig = plots.interval_chart(
        labels, [h / max(n, 1) for h in hits], list(lo), list(hi), log=True,
        title="天胡 (natural wins) by kind", annotate=True,
        xlabel="share of hands (%, log scale), 95% Clopper–Pearson interval",
        markers=[r[2] for r in rows], marker_label="exact probability",
    )
    table = pl.DataFrame({"kind": labels, "hits": hits, "rate": [h / max(n, 1) for h in hits],
                          "ci_low": list(lo), "ci_high": list(hi), "exact": [r[2] for r in rows]},
                         schema_overrides={"exact": pl.Float64})
    from sim.report import markdown_table

    note = ("" if p_dealer is not None else
            " (no exact value: hands with several 提 at the deal are redealt under these rules)")
    return [Section(
        "天胡",
        "How often a hand ends in each kind of 天胡: 三提 or 五坎 at the deal, the dealer's 21 "
        "dealt cards forming a win, or a non-dealer winning on the 亮张. The dealer wins every "
        "三提五坎 he is dealt, so that row is held against its exact probability (◇)" + note
        + ".\n\n" + markdown_table(table),
        plots.save(fig, figures / "tianhu.png"),
    )]
