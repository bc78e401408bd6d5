"""Figures for reports: consistent style, intervals drawn as error bars, Chinese labels.

Matplotlib needs a font with Chinese glyphs for labels such as 荒庄 or 天胡. paiju
depends on a package that ships Noto Sans SC (``pylopdf-fonts-zh-cn``, SIL Open Font
License) and registers it with matplotlib, so figures are right on a fresh machine;
an installed system font (Noto Sans CJK, Source Han Sans, WenQuanYi, SimHei …) is used
when that package is missing. :func:`setup_style` reports whether one was found.
"""

from __future__ import annotations

import functools
import sys
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
FONT_PACKAGE = "pylopdf-fonts-zh-cn"
NO_FONT = (f"paiju: no font with Chinese glyphs was found, so figure labels show boxes; "
           f"pip install {FONT_PACKAGE} (or install fonts-noto-cjk)")

_CJK_FILE_HINTS = ("wqy", "cjk", "sourcehan", "simhei", "msyh", "pingfang", "sarasa", "notosanssc")


def _packaged_font() -> str | None:
    """The file of the Noto Sans SC that the font package ships, or ``None`` if it is missing."""
    try:
        from importlib.resources import files

        path = files("pylopdf_fonts_zh_cn") / "NotoSansSC-Regular.otf"
    except (ImportError, ModuleNotFoundError, TypeError):
        return None
    return str(path) if path.is_file() else None


def _installed(families: Sequence[str]) -> str | None:
    names = {f.name for f in font_manager.fontManager.ttflist}
    return next((name for name in families if name in names), None)


@functools.cache
def cjk_font() -> str | None:
    """The family name of a font with Chinese glyphs, registered with matplotlib, or ``None``.

    The font shipped by the font package comes first; failing that, an installed one.
    Matplotlib caches its font list, so a font installed after the cache was built is
    added here from the system font folders.
    """
    packaged = _packaged_font()
    if packaged is not None:
        try:
            font_manager.fontManager.addfont(packaged)
            return font_manager.FontProperties(fname=packaged).get_name()
        except (OSError, RuntimeError, ValueError):
            pass
    found = _installed(CJK_FONTS)
    if found is None:
        for path in font_manager.findSystemFonts():
            if any(hint in path.lower().replace("-", "").replace("_", "") for hint in _CJK_FILE_HINTS):
                try:
                    font_manager.fontManager.addfont(path)
                except (OSError, RuntimeError, ValueError):
                    continue
        found = _installed(CJK_FONTS)
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
        # one line of ours instead of one warning from matplotlib per missing glyph
        warnings.filterwarnings("ignore", message=r"Glyph \d+ .*missing from", category=UserWarning)
        _warn_no_font()
    return font is not None


@functools.cache
def _warn_no_font() -> None:
    print(NO_FONT, file=sys.stderr)


def save(fig: plt.Figure | None, path: Path) -> Path | None:
    """Save a figure as PNG (tight layout) and close it; ``None`` (nothing to draw) saves nothing.

    A figure left from an earlier report at ``path`` is removed when there is nothing to draw.
    """
    if fig is None:
        path.unlink(missing_ok=True)
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    with warnings.catch_warnings():  # a legend under a one-row chart: the tight box still holds it
        warnings.filterwarnings("ignore", message="Tight layout not applied", category=UserWarning)
        # a figure title keeps a band of its own above the panels' titles
        top = 1 - 0.45 / fig.get_figheight() if fig.get_suptitle() else 1
        fig.tight_layout(rect=(0, 0, 1, top))
    fig.savefig(path, bbox_inches="tight")
    plt.close(fig)
    return path


def nothing_drawn(path: Path | None, what: str) -> str:
    """A sentence for a section whose figure was not drawn because nothing happened ('' if drawn)."""
    return "" if path is not None else f"\n\n{what}, so there is no figure."


def _pct(value: float, percent: bool) -> str:
    return f"{value:.3g}{'%' if percent else ''}"


def interval_chart(
    labels: Sequence[str], values: Sequence[float], lows: Sequence[float], highs: Sequence[float],
    *, title: str, xlabel: str, percent: bool = True, reference: float | None = None,
    reference_label: str = "", colours: Sequence[str] | None = None,
    markers: Sequence[float | None] | None = None, marker_label: str = "",
    annotate: bool = False, log: bool = False,
) -> plt.Figure | None:
    """A horizontal dot-and-whisker chart: one row per label, the interval as a bar.

    A row whose value is 0 (nothing happened) is drawn as an upper bound: an arrow from
    its interval's upper end towards zero. With ``annotate`` each row is labelled with
    its value (``< bound`` for such rows) and, where ``markers`` gives one, the exact
    value beside it. Returns ``None`` when there is nothing to draw: no rows, or no row
    with a value above 0.
    """
    n = len(labels)
    scale = 100.0 if percent else 1.0
    v = np.asarray(values, dtype=float).reshape(-1) * scale
    lo = np.asarray(lows, dtype=float).reshape(-1) * scale
    hi = np.asarray(highs, dtype=float).reshape(-1) * scale
    mx = np.array([np.nan if m is None else m * scale for m in (markers or [None] * n)], dtype=float)
    if n == 0 or not np.any(np.nan_to_num(np.abs(v)) > 0):
        return None
    bound = (v == 0) & (hi > 0)  # nothing happened: only the upper end is known
    fig, ax = plt.subplots(figsize=(7.5, 0.9 + 0.42 * n))
    y = np.arange(n)[::-1]
    cols = list(colours) if colours else [COLOURS[0]] * n
    left, right = _x_limits(np.concatenate([v, lo, hi, mx]), log=log, annotate=annotate)
    if log:
        ax.set_xscale("log")
    ax.set_xlim(left, right)
    _draw_intervals(ax, y, v, lo, hi, bound, cols, left=left, log=log)
    if markers is not None:
        ax.scatter(mx, y, marker="D", s=36, facecolors="none", edgecolors="black", zorder=5,
                   label=marker_label)
    if annotate:
        _annotate_rows(ax, y, v, hi, mx, bound, percent=percent)
    if reference is not None:
        ax.axvline(reference * scale, color="#888", linestyle="--", linewidth=1, label=reference_label)
    if bound.any():
        ax.plot([], [], color=cols[int(np.argmax(bound))], marker="<", linewidth=1.6,
                label="never seen: below the upper bound")
    if log:
        _log_ticks(ax, left, right, percent=percent)
    elif percent and right > 100:  # room for the labels, but no tick past 100%
        ax.set_xticks([t for t in ax.get_xticks() if left <= t <= 100])
    if reference_label or marker_label or bound.any():
        _legend_below(fig, ax)
    ax.set_yticks(y, labels)
    ax.set_ylim(-0.6, n - 0.4)
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    ax.grid(axis="y", visible=False)
    return fig


def _x_limits(values: np.ndarray, *, log: bool, annotate: bool) -> tuple[float, float]:
    """The x range that shows every value, with room on the right for labels."""
    shown = values[np.isfinite(values)]
    if log:
        positive = shown[shown > 0]
        top, bottom = float(positive.max()), float(positive.min())
        decades = max(np.log10(top / bottom), 0.5)
        return (10 ** (np.log10(bottom) - 0.08 * decades - 0.05),
                10 ** (np.log10(top) + (0.45 if annotate else 0.08) * decades + 0.05))
    top, bottom = float(shown.max()), min(float(shown.min()), 0.0)
    span = max(top - bottom, 1e-12)
    return bottom - 0.03 * span, top + (0.3 if annotate else 0.05) * span


def _draw_intervals(ax, y: np.ndarray, v: np.ndarray, lo: np.ndarray, hi: np.ndarray,
                    bound: np.ndarray, cols: Sequence[str], *, left: float, log: bool) -> None:
    """Each row's value with its interval; a row that never happened as an upper bound."""
    for i in range(len(y)):
        if bound[i]:
            start = left if log else 0.0
            ax.annotate("", xy=(start, y[i]), xytext=(hi[i], y[i]),
                        arrowprops={"arrowstyle": "->", "color": cols[i], "lw": 1.6})
            ax.plot([hi[i]], [y[i]], marker="|", markersize=12, color=cols[i])
            continue
        if not np.isfinite(v[i]) or (log and v[i] <= 0):
            continue
        low = lo[i] if not log or lo[i] > 0 else left
        ax.errorbar(v[i], y[i], xerr=[[max(v[i] - low, 0)], [max(hi[i] - v[i], 0)]], fmt="o",
                    color=cols[i], ecolor=cols[i], elinewidth=2.2, capsize=4, markersize=6)


def _annotate_rows(ax, y: np.ndarray, v: np.ndarray, hi: np.ndarray, mx: np.ndarray,
                   bound: np.ndarray, *, percent: bool) -> None:
    """Each row's value (``< bound`` where nothing happened) and its exact value beside it."""
    for i in range(len(y)):
        if not np.isfinite(v[i]):
            continue
        text = f"< {_pct(hi[i], percent)}" if bound[i] else _pct(v[i], percent)
        if np.isfinite(mx[i]):
            text += f"  (exact {_pct(mx[i], percent)})"
        at = np.nanmax([hi[i], mx[i]]) if np.isfinite(hi[i]) else v[i]
        ax.annotate(text, (at, y[i]), xytext=(6, 0), textcoords="offset points", va="center",
                    fontsize=8)


def _log_ticks(ax, left: float, right: float, *, percent: bool) -> None:
    """Ticks at the powers of ten in range (a share never passes 100%: none beyond it)."""
    from matplotlib.ticker import FuncFormatter

    whole = 100.0 if percent else np.inf
    ticks = [10.0 ** k for k in range(int(np.floor(np.log10(left))), int(np.ceil(np.log10(right))) + 1)
             if left <= 10.0 ** k <= min(right, whole)]
    ax.set_xticks(ticks)
    ax.xaxis.set_minor_locator(plt.NullLocator())
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:g}{'%' if percent else ''}"))


def _legend_below(fig, ax) -> None:
    """The legend under the x label, in up to three columns."""
    from matplotlib.transforms import offset_copy

    below = offset_copy(ax.transAxes, fig=fig, y=-34, units="points")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, 0.0), bbox_transform=below,
              ncol=3, fontsize=8, frameon=False)


def histogram_chart(
    series: dict[str, np.ndarray], *, title: str, xlabel: str, integer: bool = True,
    log: bool = False,
) -> plt.Figure | None:
    """Overlaid step histograms of one or more series (shares of hands); ``None`` if all are empty."""
    fig, ax = plt.subplots(figsize=(7.5, 3.8))
    values = [np.asarray(s) for s in series.values() if len(s)]
    if not values:
        plt.close(fig)
        return None
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
