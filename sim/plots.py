"""Figures for reports: consistent style, intervals drawn as error bars, Chinese labels.

Matplotlib needs a font with Chinese glyphs for labels such as 荒庄 or 天胡;
:func:`setup_style` picks the first one installed (Noto Sans CJK, Source Han Sans,
WenQuanYi, SimHei, …) and reports whether it found one.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Sequence
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
from matplotlib import font_manager

CJK_FONTS = (
    "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "Source Han Sans CN",
    "WenQuanYi Micro Hei", "WenQuanYi Zen Hei", "SimHei", "Microsoft YaHei", "PingFang SC",
    "Heiti SC", "Sarasa Gothic SC",
)
COLOURS = ("#3b6ea8", "#d0743c", "#5a9e5a", "#a04f9c", "#8c8c8c", "#c4a000")


_CJK_FILE_HINTS = ("wqy", "cjk", "sourcehan", "simhei", "msyh", "pingfang", "sarasa", "notosanssc")


@functools.cache
def cjk_font() -> str | None:
    """The family name of an installed font with Chinese glyphs, or ``None``.

    Matplotlib caches its font list, so a font installed after the cache was built is
    added here from the system font folders.
    """
    installed = {f.name for f in font_manager.fontManager.ttflist}
    found = next((name for name in CJK_FONTS if name in installed), None)
    if found is None:
        for path in font_manager.findSystemFonts():
            if any(hint in path.lower().replace("-", "").replace("_", "") for hint in _CJK_FILE_HINTS):
                try:
                    font_manager.fontManager.addfont(path)
                except (OSError, RuntimeError, ValueError):
                    continue
        installed = {f.name for f in font_manager.fontManager.ttflist}
        found = next((name for name in CJK_FONTS if name in installed), None)
    return found


def setup_style() -> bool:
    """Apply the report style; return whether a Chinese font is available."""
    import logging

    logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)  # no bold CJK weight
    font = cjk_font()
    plt.rcParams.update({
        "font.family": "sans-serif",
        "font.sans-serif": ([font] if font else []) + ["DejaVu Sans"],
        "axes.spines.top": False,
        "axes.spines.right": False,
        "axes.grid": True,
        "grid.alpha": 0.3,
        "figure.dpi": 110,
        "savefig.dpi": 110,
        "axes.titleweight": "bold",
    })
    if font is None:
        # one warning of ours instead of one from matplotlib per missing glyph
        warnings.filterwarnings("ignore", message=r"Glyph \d+ .*missing from", category=UserWarning)
        _warn_no_font()
    return font is not None


@functools.cache
def _warn_no_font() -> None:
    warnings.warn(
        "no font with Chinese glyphs is installed; Chinese labels will show as boxes "
        "(install fonts-noto-cjk or fonts-wqy-microhei)", stacklevel=3,
    )


def save(fig: plt.Figure, path: Path) -> Path:
    """Save a figure as PNG (tight layout) and close it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(path, bbox_inches="tight")
    plt.close(fig)
    return path


def interval_chart(
    labels: Sequence[str], values: Sequence[float], lows: Sequence[float], highs: Sequence[float],
    *, title: str, xlabel: str, percent: bool = True, reference: float | None = None,
    reference_label: str = "", colours: Sequence[str] | None = None,
    markers: Sequence[float | None] | None = None, marker_label: str = "",
    annotate: bool = False, log: bool = False,
) -> plt.Figure:
    """A horizontal dot-and-whisker chart: one row per label, the interval as a bar."""
    n = len(labels)
    fig, ax = plt.subplots(figsize=(7.5, 0.9 + 0.42 * n))
    y = np.arange(n)[::-1]
    scale = 100.0 if percent else 1.0
    v = np.asarray(values, dtype=float) * scale
    lo = np.asarray(lows, dtype=float) * scale
    hi = np.asarray(highs, dtype=float) * scale
    cols = list(colours) if colours else [COLOURS[0]] * n
    for i in range(n):
        ax.errorbar(v[i], y[i], xerr=[[max(v[i] - lo[i], 0)], [max(hi[i] - v[i], 0)]], fmt="o",
                    color=cols[i], ecolor=cols[i], elinewidth=2.2, capsize=4, markersize=6)
    if annotate:
        span = np.nanmax(hi) - np.nanmin(lo) if n else 1.0
        for i in range(n):
            ax.annotate(f"{v[i]:.3g}{'%' if percent else ''}", (hi[i], y[i]),
                        xytext=(6, 0), textcoords="offset points", va="center", fontsize=8)
        ax.set_xlim(right=np.nanmax(hi) + 0.15 * max(span, 1e-9))
    if markers is not None:
        mx = [(m * scale if m is not None else np.nan) for m in markers]
        ax.scatter(mx, y, marker="D", s=36, facecolors="none", edgecolors="black", zorder=5,
                   label=marker_label)
    if log:
        ax.set_xscale("log")
    if reference is not None:
        ax.axvline(reference * scale, color="#888", linestyle="--", linewidth=1, label=reference_label)
    if reference_label or marker_label:
        ax.legend(loc="best", fontsize=8, frameon=False)
    ax.set_yticks(y, labels)
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    ax.grid(axis="y", visible=False)
    return fig


def histogram_chart(
    series: dict[str, np.ndarray], *, title: str, xlabel: str, integer: bool = True,
    log: bool = False,
) -> plt.Figure:
    """Overlaid step histograms of one or more series (shares of hands)."""
    fig, ax = plt.subplots(figsize=(7.5, 3.8))
    values = [np.asarray(s) for s in series.values() if len(s)]
    if not values:
        ax.text(0.5, 0.5, "no data", ha="center", transform=ax.transAxes)
        return fig
    lo = min(float(v.min()) for v in values)
    hi = max(float(v.max()) for v in values)
    bins = np.arange(np.floor(lo) - 0.5, np.ceil(hi) + 1.5, 1.0) if integer and hi - lo < 200 else 40
    for i, (label, s) in enumerate(series.items()):
        if len(s):
            weights = np.full(len(s), 100.0 / len(s))
            ax.hist(s, bins=bins, weights=weights, histtype="step", linewidth=1.8,
                    color=COLOURS[i % len(COLOURS)], label=label)
    if log:
        ax.set_yscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of hands (%)")
    ax.set_title(title)
    if len(series) > 1:
        ax.legend(fontsize=8, frameon=False)
    return fig
