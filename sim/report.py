"""``paiju report DIR``: a Markdown report with PNG figures for a run or an experiment.

The report is written into the directory itself (``report.md`` and ``figures/``). Every
figure is introduced by a sentence that says what it shows, and every number carries
its interval.
"""

from __future__ import annotations

import math
import os
import shlex
from pathlib import Path

import numpy as np
import polars as pl

from sim import experiments, plots, store
from sim.display import REPORT, markdown_table, units, write_markdown
from sim.errors import RunDirError
from sim.games import get_game
from sim.games.base import RunSpec, Section
from sim.stats import dealer_edge, play_summary, seat_count

FIGURES = "figures"


def _rule_args(game_name: str, rules: dict) -> list[str]:
    """``--preset P --rule NAME=VALUE …``: the nearest preset and the options that differ."""
    from sim.display import nearest_preset, rules_diff

    rule_set = get_game(game_name).rules(**rules)
    preset = nearest_preset(rule_set)
    parts = [] if preset == "seed" else ["--preset", preset]
    for name, value in rules_diff(rule_set, preset).items():
        parts += ["--rule", f"{name}={str(value).lower() if isinstance(value, bool) else value}"]
    return parts


def command_for(spec: RunSpec, out: str | os.PathLike | None = None) -> str:
    """The command line that plays ``spec`` (into ``out`` when given)."""
    command = {"play": ["run"], "match": ["run", "--matches"]}.get(spec.workload, [spec.workload])
    parts = ["paiju", *command, spec.game, "-n", str(spec.hands), "--seed", str(spec.seed),
             "--shard-size", str(spec.shard_size)]
    if spec.strategies:
        parts += ["--strategies", ",".join(spec.strategies)]
    if spec.mode == "counts":
        parts.append("--counts")
    parts += _rule_args(spec.game, dict(spec.rules))
    if out is not None:
        parts += ["-o", shlex.quote(str(out))]
    return " ".join(parts)


def experiment_command(exp: experiments.Experiment, out: str | os.PathLike | None = None) -> str:
    """The command line that plays the comparison or sweep ``exp`` (into ``out``)."""
    spec = next(iter(exp.runs.values()))
    if exp.kind == "comparison":
        parts = ["paiju", "compare", exp.game, "--a", exp.params["a"], "--b", exp.params["b"],
                 "--others", exp.params["others"]]
        rules = dict(spec.rules)
    else:
        parts = ["paiju", "sweep", exp.game]
        parts += [f"--vary {name}={','.join(values)}" for name, values in exp.params["vary"].items()]
        if spec.strategies:
            parts += ["--strategies", ",".join(spec.strategies)]
        rules = {k: v for k, v in spec.rules.items() if k not in exp.params["vary"]}
        rules = get_game(exp.game).rules(**rules).to_dict()
    parts += ["-n", str(spec.hands), "--seed", str(spec.seed), "--shard-size", str(spec.shard_size)]
    parts += _rule_args(exp.game, rules)
    if out is not None:
        parts += ["-o", shlex.quote(str(out))]
    return " ".join(parts)


def _play_sections(spec: RunSpec, frame: pl.LazyFrame, figures: Path) -> list[Section]:
    workload = get_game(spec.game).workload(spec.workload)
    df = frame.collect()
    summary = play_summary(df, outcome_names=workload.outcome_names, kinds=workload.outcome_kinds())
    return [
        _win_rate_section(df, summary, figures),
        _dealer_edge_section(df, figures),
        _outcome_section(summary, figures),
        *_distribution_sections(df, workload.length_unit, figures),
        _summary_table_section(workload, spec, frame),
    ]


def _win_rate_section(df: pl.DataFrame, summary: pl.DataFrame, figures: Path) -> Section:
    rows = summary.filter(pl.col("group").is_in(["seat", "strategy", "dealer"]))
    labels = [f"{g}: {n}" if g != "dealer" else "dealer" for g, n in rows.select("group", "name").iter_rows()]
    average = float(np.mean([df[f"won_{s}"].mean() for s in range(seat_count(df))]))
    colours = [plots.COLOURS[{"seat": 0, "strategy": 1, "dealer": 2}[g]] for g in rows["group"]]
    fig = plots.interval_chart(
        labels, rows["rate"].to_list(), rows["ci_low"].to_list(), rows["ci_high"].to_list(),
        title="Win rate by seat, strategy and for the dealer", xlabel="hands won (%), 95% interval",
        reference=average, reference_label=f"average seat ({100 * average:.2f}%)", colours=colours,
    )
    figure = plots.save(fig, figures / "win_rates.png")
    return Section(
        "Win rates",
        "How often each seat, each strategy (over every seat it sat in) and the dealer won a "
        "hand; the bar is the 95% Wilson interval and the dashed line the average seat."
        + plots.nothing_drawn(figure, f"Nobody won any of these {df.height:,} hands"),
        figure,
    )


def _dealer_edge_section(df: pl.DataFrame, figures: Path) -> Section:
    import matplotlib.pyplot as plt

    edge = dealer_edge(df)
    drawable = all(math.isfinite(v) for v in edge.select("edge", "edge_low", "edge_high").to_numpy().ravel())
    fig, axes = plt.subplots(1, 2, figsize=(8, 2.6))
    for ax, row, unit, scale in zip(axes, edge.iter_rows(named=True), ("percentage points", "points per hand"), (100, 1)):
        ax.errorbar([row["edge"] * scale], [0], xerr=[[(row["edge"] - row["edge_low"]) * scale],
                    [(row["edge_high"] - row["edge"]) * scale]], fmt="o", color=plots.COLOURS[2],
                    elinewidth=2.5, capsize=5)
        ax.axvline(0, color="#888", linestyle="--", linewidth=1)
        ax.set_yticks([])
        ax.set_xlabel(f"dealer − average seat ({unit})")
        ax.set_title(f"Dealer edge: {row['measure']}")
    if not drawable:
        plt.close(fig)
    figure = plots.save(fig if drawable else None, figures / "dealer_edge.png")
    return Section(
        "Dealer edge",
        "The dealer's advantage over the average seat, per hand, with its 95% interval: an "
        "interval clear of the dashed zero line means the deal position matters.\n\n"
        + markdown_table(edge)
        + plots.nothing_drawn(figure, f"{df.height:,} hands are too few for an interval"),
        figure,
    )


def _outcome_section(summary: pl.DataFrame, figures: Path) -> Section:
    outcomes = summary.filter((pl.col("group") == "outcome") | pl.col("group").str.ends_with(" kind"))
    labels = [name if g == "outcome" else f"  · {name}" for g, name in outcomes.select("group", "name").iter_rows()]
    colours = [plots.COLOURS[0] if g == "outcome" else plots.COLOURS[4] for g in outcomes["group"]]
    fig = plots.interval_chart(
        labels, outcomes["rate"].to_list(), outcomes["ci_low"].to_list(), outcomes["ci_high"].to_list(),
        title="How hands end", xlabel="share of hands (%), 95% Clopper–Pearson interval",
        annotate=True, colours=colours,
    )
    return Section(
        "Outcomes",
        "The share of hands that ended in each way, each kind beneath its outcome (grey); a kind "
        "that never happened keeps its row, with the upper bound of its interval.",
        plots.save(fig, figures / "outcomes.png"),
    )


def _distribution_sections(df: pl.DataFrame, unit: str, figures: Path) -> list[Section]:
    points = {f"seat {s}": df[f"points_{s}"].to_numpy() for s in range(seat_count(df))}
    fig = plots.histogram_chart(points, title="Points per hand by seat", xlabel="points won or lost in a hand",
                                log=True)
    scores = Section(
        "Score distribution",
        "The distribution of each seat's score per hand (log scale: big wins are rare).",
        plots.save(fig, figures / "scores.png"),
    )
    fig = plots.histogram_chart({"all hands": df["length"].to_numpy()}, title="Hand length",
                                xlabel=f"{unit} in the hand")
    return [scores, Section("Hand length", f"How many {unit} a hand took.",
                            plots.save(fig, figures / "length.png"))]


def _summary_table_section(workload, spec: RunSpec, frame: pl.LazyFrame) -> Section:
    from sim.display import outcome_codes

    table = workload.summary(spec, frame)
    codes = outcome_codes(dict(workload.outcome_names))
    return Section("Summary table", markdown_table(table) + "\n\n" + _legend_md(table)
                   + (f"\n- {codes}" if codes else ""))


def _legend_md(table: pl.DataFrame) -> str:
    from sim.display import legend

    return "\n".join(f"- {line.strip().removeprefix('Columns: ')}" for line in legend(table).splitlines() if line.strip())


def _run_report(directory: Path, figures: Path) -> tuple[str, list[Section], str]:
    manifest = store.read_manifest(directory)
    spec = store.spec_from_manifest(manifest)
    game = get_game(spec.game)
    workload = game.workload(spec.workload)
    frame = store.load(directory)
    sections = _play_sections(spec, frame, figures) if spec.workload == "play" else []
    sections = workload.report_sections(spec, frame, figures) + sections
    title = f"{game.title}: {workload.description}"
    from sim.display import rules_text

    facts = (
        f"{spec.hands:,} {units(workload.unit)}, root seed "
        f"{spec.seed}, rules: {rules_text(game.rules(**spec.rules))}"
        + (f", strategies {', '.join(spec.strategies)}" if spec.strategies else "")
        + f".\n\nRegenerate the data with `{command_for(spec)}`."
    )
    return title, sections, facts


def _comparison_report(directory: Path, figures: Path) -> tuple[str, list[Section], str]:
    exp = experiments.read_experiment(directory)
    table = experiments.comparison_table(directory)
    game = get_game(exp.game)
    any_spec = next(iter(exp.runs.values()))
    a, b = exp.params["a"], exp.params["b"]
    sections = []
    import matplotlib.pyplot as plt

    measures = table["measure"].unique(maintain_order=True).to_list()
    fig, axes = plt.subplots(1, len(measures), figsize=(10, 0.9 + 0.5 * table.height / len(measures)))
    for ax, measure in zip(np.atleast_1d(axes), measures):
        part = table.filter(pl.col("measure") == measure)
        scale = 100 if measure == "win rate" else 1
        y = np.arange(part.height)[::-1]
        for i, row in enumerate(part.iter_rows(named=True)):
            ax.errorbar(row["diff"] * scale, y[i] + 0.12, xerr=[[(row["diff"] - row["diff_low"]) * scale],
                        [(row["diff_high"] - row["diff"]) * scale]], fmt="o", color=plots.COLOURS[0],
                        capsize=4, elinewidth=2.2, label="paired (same deals)" if i == 0 else None)
            ax.errorbar(row["diff"] * scale, y[i] - 0.12, xerr=[[(row["diff"] - row["unpaired_low"]) * scale],
                        [(row["unpaired_high"] - row["diff"]) * scale]], fmt="s", color=plots.COLOURS[4],
                        capsize=4, elinewidth=1.5, label="as if independent deals" if i == 0 else None)
        ax.axvline(0, color="#888", linestyle="--", linewidth=1)
        ax.set_yticks(y, part["seats"].to_list())
        ax.set_xlabel(f"{a} − {b} ({'percentage points' if scale == 100 else 'points per hand'})")
        ax.set_title(f"Edge in {measure}")
        ax.grid(axis="y", visible=False)
    handles, labels = np.atleast_1d(axes)[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=2, fontsize=8, frameon=False,
               bbox_to_anchor=(0.5, -0.06))
    overall = table.filter(pl.col("seats") == "all seats")
    narrowing = ", ".join(f"{r['measure']} {r['narrowing']:.1f}×" for r in overall.iter_rows(named=True))
    sections.append(Section(
        f"{a} against {b}",
        f"{a}'s edge over {b} when each sits in every seat in turn against "
        f"{exp.params['others']} players, on the same deals; blue: the paired 95% interval, "
        f"grey: the interval two independent samples of the same size would give. Pairing "
        f"narrowed the interval by {narrowing}.\n\n" + markdown_table(table.drop("a", "b")),
        plots.save(fig, figures / "comparison.png"),
    ))
    title = f"{game.title}: {a} against {b}"
    facts = (f"{any_spec.hands:,} deals per seat and strategy, root seed {any_spec.seed}.\n\n"
             f"Regenerate with `{experiment_command(exp)}`.")
    return title, sections, facts


def _distinct_measures(table: pl.DataFrame) -> tuple[list[str], list[tuple[str, str]], list[str]]:
    """The sweep's measures worth a panel, in order; those that repeat an earlier one's values
    in every variant (as ``(measure, twin)``, e.g. a game's own "draw rate" and the outcome's,
    whose intervals come from another method);
    and those with one value and no width in every variant (nothing to compare)."""
    seen: dict[tuple, str] = {}
    keep, repeated, constant = [], [], []
    for metric in table["metric"].unique(maintain_order=True).to_list():
        part = table.filter(pl.col("metric") == metric)
        cols = [np.round(part[c].cast(pl.Float64).fill_null(np.nan).to_numpy(), 9)
                for c in ("value", "low", "high")]
        values = np.concatenate(cols)
        finite = values[np.isfinite(values)]
        if finite.size == 0 or finite.min() == finite.max():
            constant.append(metric)
            continue
        key = tuple(cols[0].tolist())  # the same values (intervals may be drawn by other methods)
        if key in seen:
            repeated.append((metric, seen[key]))
        else:
            seen[key] = metric
            keep.append(metric)
    return keep, repeated, constant


def _sweep_report(directory: Path, figures: Path) -> tuple[str, list[Section], str]:
    exp = experiments.read_experiment(directory)
    table = experiments.sweep_table(directory)
    diffs = experiments.sweep_differences(directory)
    game = get_game(exp.game)
    import matplotlib.pyplot as plt

    metrics, repeated, constant = _distinct_measures(table)
    cols = 2
    rows_n = math.ceil(len(metrics) / cols)
    variants = list(exp.runs)
    fig, axes = plt.subplots(rows_n, cols, figsize=(10, rows_n * (1.1 + 0.38 * len(variants))),
                             squeeze=False)
    for ax, metric in zip(np.ravel(axes), metrics):
        part = table.filter(pl.col("metric") == metric)
        unit = part["unit"][0]
        scale = 100 if unit in ("%", "percentage points") else 1
        y = np.arange(part.height)[::-1]
        v = part["value"].to_numpy() * scale
        lo = part["low"].to_numpy() * scale
        hi = part["high"].to_numpy() * scale
        ax.errorbar(v, y, xerr=[np.maximum(v - lo, 0), np.maximum(hi - v, 0)], fmt="o",
                    color=plots.COLOURS[0], capsize=4, elinewidth=2)
        ax.set_yticks(y, part["variant"].to_list(), fontsize=8)
        ax.set_title(metric, fontsize=10)
        ax.set_xlabel(unit, fontsize=8)
        ax.grid(axis="y", visible=False)
    for ax in np.ravel(axes)[len(metrics):]:
        ax.set_visible(False)
    fig.suptitle("Rule variants on the same deals (95% intervals)", fontweight="bold")
    scaled = pl.col("unit").is_in(["%", "percentage points"])
    shown = table.with_columns(
        [pl.when(scaled).then(pl.col(c) * 100).otherwise(pl.col(c)).alias(c) for c in ("value", "low", "high")]
    )
    text = ("Each panel shows one measure under every variant, with its 95% interval; all variants "
            "were played on the same deals.")
    if repeated:
        text += " Not drawn again: " + "; ".join(f"{m} (the same values as {twin})" for m, twin in repeated) + "."
    if constant:
        text += " Not drawn: " + ", ".join(constant) + " (the same in every variant)."
    text += "\n\n" + markdown_table(shown)
    if diffs.height:
        text += ("\n\nEach variant against the first on the same deals (paired differences for the "
                 "dealer):\n\n" + markdown_table(diffs.drop("seats")))
    sections = [Section("Variants", text, plots.save(fig, figures / "sweep.png"))]
    any_spec = next(iter(exp.runs.values()))
    facts = (f"{len(variants)} variant{'' if len(variants) == 1 else 's'} × {any_spec.hands:,} hands, root seed {any_spec.seed}"
             + (f", strategies {', '.join(any_spec.strategies)}" if any_spec.strategies else "")
             + f".\n\nRegenerate with `{experiment_command(exp)}`.")
    return f"{game.title}: rule sweep over {', '.join(exp.params['vary'])}", sections, facts


def _balance_report(path: Path, figures: Path) -> tuple[str, list[Section], str]:
    from sim.balance import analyse
    from sim.balance_report import sections

    return sections(analyse(path), figures, path)


def _tournament_report(directory: Path, figures: Path) -> tuple[str, list[Section], str]:
    from sim import tournament as T
    import matplotlib.pyplot as plt

    exp = experiments.read_experiment(directory)
    table = T.standings(directory)
    pairs = T.matrix(directory)
    game = get_game(exp.game)
    field = exp.params["field"]
    names = table["strategy"].to_list()  # best first
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 1.6 + 0.55 * len(names)),
                                      gridspec_kw={"width_ratios": [1, 1.1]})
    y = np.arange(len(names))[::-1]
    v = table["points_vs_field"].to_numpy()
    lo, hi = table["points_vs_field_low"].to_numpy(), table["points_vs_field_high"].to_numpy()
    left.errorbar(v, y, xerr=[v - lo, hi - v], fmt="o", color=plots.COLOURS[0], capsize=4, elinewidth=2.2)
    left.axvline(0, color="#888", linestyle="--", linewidth=1)
    left.set_yticks(y, names)
    left.set_xlabel(f"points per hand − {field} in the same seat (95% interval)")
    left.set_title(f"Gain over the field ({field})")
    left.grid(axis="y", visible=False)
    part = pairs.filter(pl.col("measure") == "points per hand")
    cell = {(r["a"], r["b"]): r for r in part.iter_rows(named=True)}
    grid = np.array([[cell[(a, b)]["diff"] if a != b else 0.0 for b in names] for a in names])
    bound = float(np.abs(grid).max()) or 1.0
    image = right.imshow(grid, cmap="RdBu", vmin=-bound, vmax=bound)
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            if a == b:
                continue
            r = cell[(a, b)]
            clear = r["diff_low"] > 0 or r["diff_high"] < 0
            right.text(j, i, f"{r['diff']:+.2f}" + ("" if clear else "\n(n.s.)"), ha="center",
                       va="center", fontsize=8, fontweight="bold" if clear else "normal",
                       color="white" if abs(r["diff"]) > 0.6 * bound else "black")
    right.set_xticks(range(len(names)), names, rotation=30, ha="right")
    right.set_yticks(range(len(names)), names)
    right.set_title("Row − column, points per hand")
    right.grid(False)
    fig.colorbar(image, ax=right, shrink=0.8)
    fig.tight_layout()
    field_runs = len(exp.runs)
    text = (f"Each strategy sat in every seat in turn with {field} in the other seats, on the same "
            f"deals ({field_runs} runs). Left: its points per hand minus the field's own in that "
            f"seat, paired per deal, with the 95% interval. Right: the paired difference of two "
            f"strategies' points per hand (row − column); bold cells have an interval clear of "
            f"zero, '(n.s.)' ones do not. Each cell equals `paiju compare --a ROW --b COLUMN "
            f"--others {field}` on these deals.\n\n"
            + markdown_table(T.standings_text(table)) + "\n\nPaired differences, row − column "
            "(95% interval):\n\n" + markdown_table(T.wide(pairs))
            + "\n\nWin rate, row − column (percentage points, 95% interval):\n\n"
            + markdown_table(T.wide(pairs, measure="win rate")))
    sections = [Section("Standings", text, plots.save(fig, figures / "tournament.png"))]
    any_spec = next(iter(exp.runs.values()))
    facts = (f"{any_spec.hands:,} deals per run, root seed {any_spec.seed}, field {field}.\n\n"
             f"Regenerate with `paiju tournament {exp.game} --strategies "
             f"{','.join(exp.params['strategies'])} --field {field} -n {any_spec.hands} "
             f"--seed {any_spec.seed}`.")
    return f"{game.title}: tournament of {', '.join(exp.params['strategies'])}", sections, facts



def write_report(directory: str | os.PathLike, *, to: str | os.PathLike | None = None) -> Path:
    """Write ``report.md`` and its figures for a run or experiment directory.

    They go into the directory itself, or into ``to`` (e.g. to keep a report apart from
    its data).
    """
    path = Path(directory)
    target = Path(to) if to is not None else path
    figures = target / FIGURES
    from sim.balance_ladder import is_ladder

    if is_ladder(path):
        from sim.balance_ladder_report import write_ladder_report

        return write_ladder_report(path, to=to)
    if (path / experiments.EXPERIMENT).exists():
        kind = experiments.read_experiment(path).kind
        if kind == "balance":
            build = _balance_report
        elif kind == "tournament":
            build = _tournament_report
        else:
            build = _comparison_report if kind == "comparison" else _sweep_report
    elif (path / store.MANIFEST).exists():
        build = _run_report
    else:
        raise RunDirError(f"{path} holds no paiju run or experiment; give a directory made by paiju")
    try:
        if target.exists() and not target.is_dir():
            raise NotADirectoryError(20, "it is a file, not a directory")
        figures.mkdir(parents=True, exist_ok=True)
        plots.setup_style()
        out = write_markdown(target, *build(path, figures))
    except OSError as exc:
        raise RunDirError(
            f"cannot write the report to {target} ({exc.strerror or exc}); choose a writable "
            "directory with --to"
        ) from None
    return out
