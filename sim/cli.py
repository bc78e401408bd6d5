"""The ``paiju`` command line."""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

import click

from sim.errors import PaijuError
from sim.display import units
from sim.help import GameCommand

DEFAULT_SEED = 20261130


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _default_out(game: str, workload: str, seed: int, hands: int) -> Path:
    return Path("runs") / f"{game}-{workload}-seed{seed}-n{hands}"


class _Group(click.Group):
    """Turns every :class:`PaijuError` into a one-line message and exit status 2."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except PaijuError as exc:
            click.echo(f"paiju: error: {exc}", err=True)
            sys.exit(2)
        except KeyboardInterrupt:
            click.echo("paiju: interrupted; re-run the same command to resume", err=True)
            sys.exit(130)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="paiju")
def main() -> None:
    """Simulate traditional Chinese card games by the million and analyse the results."""


def _directory(ctx: click.Context, param: click.Parameter, value: str | None) -> Path | None:
    """A directory option as a Path; an empty one is refused (it would mean the current folder)."""
    if value is None:
        return None
    if not value.strip():
        names = "/".join(param.opts)
        raise PaijuError(f"{names} '' names no directory; give a directory, e.g. {names} runs/mine")
    return Path(value)


class Count(click.ParamType):
    """A whole number of at least 1, also written 1e6, 1,000,000 or 1_000_000."""

    name = "integer"

    def convert(self, value, param, ctx) -> int:
        if isinstance(value, int):
            number = value
        else:
            text = str(value).strip().replace(",", "").replace("_", "")
            try:
                number = int(text) if text.lstrip("+-").isdigit() else int(float(text))
                if not text.lstrip("+-").isdigit() and float(text) != number:
                    raise ValueError(text)
            except (ValueError, OverflowError):
                self.fail(f"{value!r} is not a whole number; write one such as 1000000 (or 1e6, 1,000,000)",
                          param, ctx)
        if number < 1:
            self.fail(f"{value!r} must be at least 1", param, ctx)
        return number


COUNT = Count()


def _options(*, hands_default: int | None, hands_help: str, out_help: str):
    """The options shared by every command that plays hands (runs and experiments)."""
    options = [
        click.option("-n", "--hands", type=COUNT, default=hands_default,
                     show_default=True if hands_default is not None else "the workload's; see CMD GAME --help",
                     help=hands_help),
        click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=DEFAULT_SEED,
                     show_default=True, help="Root seed; hand i draws from (seed, i)."),
        click.option("-j", "--jobs", type=click.IntRange(min=1), default=_cores(),
                     show_default="all cores", help="Worker processes."),
        click.option("--shard-size", type=COUNT, default=None,
                     show_default="the workload's; see CMD GAME --help", help="Hands per Parquet shard."),
        click.option("-o", "--out", type=click.Path(), callback=_directory, default=None, help=out_help),
        click.option("--preset", default="seed", show_default=True,
                     help="Rules preset (the game's presets: `paiju games GAME`)."),
        click.option("--rules-file", type=click.Path(path_type=Path), default=None,
                     help="Rule options from a TOML or JSON file (name = value)."),
        click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE",
                     help="Override one rule option (repeatable; wins over --rules-file)."),
        click.option("--backend", type=click.Choice(["loky", "dask", "ray", "sequential"]),
                     default="loky", show_default=True, help="Where the shards run."),
        click.option("--scheduler", default=None, metavar="ADDRESS",
                     help="Dask scheduler, e.g. tcp://10.0.0.5:8786 (default: a local cluster)."),
        click.option("--address", default=None, metavar="ADDRESS",
                     help="Ray cluster address (default: RAY_ADDRESS or a local Ray)."),
        click.option("--progress/--no-progress", default=True, help="Show a progress bar."),
    ]

    def decorate(func):
        for opt in reversed(options):
            func = opt(func)
        return func

    return decorate


_deal_options = _options(hands_default=None, hands_help="Number of hands to deal.",
                         out_help="Run directory (default: runs/GAME-deals-seedSEED-nN).")
_run_options = _options(hands_default=None,
                        hands_help="Number of hands to play (matches with --matches).",
                        out_help="Run directory (default: runs/GAME-WORKLOAD-seedSEED-nN).")
_experiment_options = _options(hands_default=20_000, hands_help="Deals per run (the same deals in every run).",
                               out_help="Experiment directory.")


def _rule_set(game, preset: str, rules: tuple[str, ...], rules_file: Path | None):
    from sim.rules import parse_assignments, read_rules_file

    overrides = read_rules_file(rules_file) if rules_file else {}
    overrides.update(parse_assignments(rules))
    return game.rules.from_options(preset=preset, overrides=overrides)


def _strategy_names(game, workload, text: str | None, *, option: str = "--strategies") -> tuple[str, ...]:
    """Strategy names from ``A,B,C``: each checked by name first; one name fills every seat."""
    from sim.registry import get_strategy

    if not text:
        return ()
    names = tuple(x.strip() for x in text.split(","))
    for name in names:
        if not name:
            raise PaijuError(f"{option} {text!r} has an empty name; write names separated by commas")
        get_strategy(game.name, name)  # a one-line error naming the unknown one and the choices
    return names  # one name is repeated in every seat of the table the rules set (the runner)


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word if n == 1 else units(word)}"


def _played_line(*, played: int, seconds: float, kept: int, unit: str) -> str:
    """What this command did: played (and resumed), or found everything on disk already."""
    if played == 0:
        return "nothing to play: the run was already complete on disk"
    rate = f" ({played / seconds:,.0f} {units(unit)}/s)" if seconds > 0 else ""
    text = f"played {_plural(played, unit)} in {seconds:.1f} s{rate}"
    if kept:
        text += f"; {_plural(kept, unit)} were already on disk (resumed)"
    return text


def _execute(game_name: str, workload_name: str, *, hands, seed, jobs, shard_size, out,
             preset, rules, rules_file, progress, backend, scheduler, address, default_hands: int,
             strategies: tuple[str, ...] = (), until: dict | None = None, mode: str = "rows") -> None:
    from sim import runner, store
    from sim.display import format_table, legend, rules_text
    from sim.games import get_game
    from sim.games.base import RunSpec
    game = get_game(game_name)
    workload = game.workload(workload_name)
    unit = workload.unit
    rule_set = _rule_set(game, preset, rules, rules_file)
    hands = hands or (min(default_hands, 20_000) if until else default_hands)
    spec = RunSpec(
        game=game.name, workload=workload.name, rules=rule_set.to_dict(), strategies=strategies,
        seed=seed, hands=hands, shard_size=shard_size or workload.default_shard_size, mode=mode,
    )
    run_options = {"jobs": jobs, "backend": backend, "scheduler": scheduler, "address": address,
                   "progress": progress}
    if until:
        from sim.stopping import run_until

        out = out or Path("runs") / f"{game.name}-{workload.name}-seed{seed}-until-{until['metric']}"

        def report_round(r) -> None:
            click.echo(f"{r.hands:>12,} {units(unit)}: {until['metric']} = {r.value:.5g} "
                       f"[{r.low:.5g}, {r.high:.5g}], half-width {r.half_width:.3g}", err=True)

        rounds = run_until(spec, out, on_round=report_round, **until, **run_options)
        hands = rounds[-1].hands
        spec = store.spec_from_manifest(store.read_manifest(out))
        reached = rounds[-1].half_width <= until["target"]
        click.echo(("reached" if reached else "stopped at --max-hands before reaching")
                   + f" the target half-width {until['target']} after {_plural(hands, unit)}", err=True)
        played = sum(r.played for r in rounds)
        done = _played_line(played=played, seconds=sum(r.seconds for r in rounds),
                            kept=hands - played, unit=unit)
    else:
        out = out or _default_out(game.name, workload.name + ("-counts" if mode == "counts" else ""), seed, hands)
        result = runner.run(spec, out, **run_options)
        kept = hands - result.hands_played
        done = _played_line(played=result.hands_played, seconds=result.seconds, kept=kept,
                            unit=unit)
    table = workload.summary(spec, store.load(out))
    click.echo(f"\n{game.title} — {workload.description}")
    click.echo(f"{_plural(hands, unit)}, root seed {seed}, rules: {rules_text(rule_set, preset=preset)} → {out}")
    click.echo(f"{done}\n")
    click.echo(format_table(table))
    click.echo(legend(table))
    _codes_note(workload)
    _exact_note(table)


def _codes_note(workload) -> None:
    """The outcome codes stored in the data, beside the names the tables print."""
    from sim.display import outcome_codes

    line = outcome_codes(dict(workload.outcome_names))
    if line:
        click.echo("         " + line)


def _exact_note(table) -> None:
    """For tables with exact values: how many disagree, after Holm's adjustment."""
    if "agrees" not in table.columns:
        return
    flagged = table.filter(table["agrees"] == False).height  # noqa: E712
    checked = table["agrees"].drop_nulls().len()
    click.echo(
        f"\n{flagged} of {checked} exact values are flagged (NO ◀): flagged means the p-value stays "
        f"below 5% after Holm's adjustment for the {checked} comparisons (p is unadjusted)."
        + (" A real disagreement persists with another --seed; chance does not." if flagged else "")
    )


@main.command(cls=GameCommand)
@click.argument("game")
@_deal_options
@click.option("--counts", is_flag=True, default=False,
              help="Store each shard's counts of every deal event (one row per shard) instead of "
                   "a row per deal: for rates only, and as fast as the kernel.")
def deals(game: str, counts: bool, **options) -> None:
    """Deal hands and compare deal events (提, 坎, 三提五坎 …) with their exact odds."""
    from sim.help import DEALS_HANDS

    _execute(game, "deals", default_hands=DEALS_HANDS, mode="counts" if counts else "rows", **options)


@main.command(name="run", cls=GameCommand)
@click.argument("game")
@click.option("-s", "--strategies", default=None, metavar="A,B,C",
              help="Strategy per seat, comma-separated, or one name for every seat (default: the game's).")
@click.option("--matches", is_flag=True, default=False,
              help="Play whole matches (the game's 'match' workload); -n counts matches.")
@click.option("--until-ci", type=click.FloatRange(min=0, min_open=True), default=None,
              metavar="HALF_WIDTH",
              help="Keep doubling the hands until the metric's 95% interval half-width is at most this.")
@click.option("--metric", type=click.Choice(["dealer-win", "dealer-edge", "dealer-points", "seat0-win",
                                             "draw", "natural"]),
              default="dealer-win", show_default=True,
              help="The estimate --until-ci watches: the dealer's win rate, edge (win rate) or "
                   "points, seat 0's win rate, or the rate of the draw or natural outcome.")
@click.option("--max-hands", type=COUNT, default=10_000_000, show_default=True,
              help="With --until-ci: never play more hands than this.")
@_run_options
def run_cmd(game: str, strategies: str | None, matches: bool, until_ci: float | None, metric: str,
            max_hands: int, **options) -> None:
    """Play complete hands with strategies and print win rates with intervals."""
    from sim.games import get_game

    info = get_game(game)
    name = "match" if matches else "play"
    workload = info.workload(name)
    names = _strategy_names(info, workload, strategies)
    until = {"target": until_ci, "metric": metric, "max_hands": max_hands} if until_ci else None
    _execute(game, name, default_hands=workload.default_hands, strategies=names, until=until,
             **options)


@main.command(cls=GameCommand)
@click.argument("game")
@click.option("--a", "a", required=True, help="The strategy being measured.")
@click.option("--b", "b", required=True, help="The strategy it is measured against.")
@click.option("--others", default=None, help="Strategy of the other seats (default: the game's).")
@_experiment_options
def compare(game: str, a: str, b: str, others: str | None, hands: int, seed: int,
            shard_size: int | None, out: Path | None, preset: str, rules: tuple[str, ...],
            rules_file: Path | None, **run_options) -> None:
    """A against B on the same deals, each in every seat: paired differences with intervals."""
    from sim import experiments
    from sim.games import get_game

    info = get_game(game)
    for option, name in (("--a", a), ("--b", b), ("--others", others)):
        if name is not None:
            _strategy_names(info, info.workload("play"), name, option=option)
    rule_set = _rule_set(info, preset, rules, rules_file)
    exp = experiments.comparison(info.name, a=a, b=b, others=others, rules=rule_set.to_dict(),
                                 seed=seed, hands=hands, shard_size=shard_size)
    out = out or Path("runs") / f"{info.name}-compare-{a}-vs-{b}-seed{seed}-n{hands}"
    experiments.run_experiment(exp, out, **run_options)
    click.echo("")
    _print_comparison(info, exp, out)


def _print_comparison(info, exp, out: Path) -> None:
    from sim import experiments
    from sim.display import format_table

    a, b = exp.params["a"], exp.params["b"]
    spec = next(iter(exp.runs.values()))
    table = experiments.comparison_table(out)
    click.echo(f"{info.title}: {a} against {b} (others {exp.params['others']}), {spec.hands:,} deals "
               f"per seat, seed {spec.seed} → {out}\n")
    click.echo(format_table(table.drop("a", "b")))
    overall = table.filter(table["seats"] == "all seats")
    for row in overall.iter_rows(named=True):
        click.echo(f"\n{row['measure']}: {a} − {b} = {row['diff']:+.4g} "
                   f"[{row['diff_low']:+.4g}, {row['diff_high']:+.4g}]; pairing narrowed the "
                   f"interval {row['narrowing']:.1f}× against independent deals")


@main.command(cls=GameCommand)
@click.argument("game")
@click.option("-s", "--strategies", required=True, metavar="A,B,C",
              help="The entrants (built-in names, module:attr or entry points).")
@click.option("--field", default=None, help="Strategy of the other seats (default: the game's).")
@_experiment_options
def tournament(game: str, strategies: str, field: str | None, hands: int, seed: int,
               shard_size: int | None, out: Path | None, preset: str, rules: tuple[str, ...],
               rules_file: Path | None, **run_options) -> None:
    """Every strategy against the field in every seat on the same deals: standings and the
    matrix of paired differences."""
    from sim import experiments
    from sim import tournament as T
    from sim.display import format_table
    from sim.games import get_game

    info = get_game(game)
    rule_set = _rule_set(info, preset, rules, rules_file)
    names = [n.strip() for n in strategies.split(",") if n.strip()]
    exp = T.tournament(info.name, strategies=names, field=field, rules=rule_set.to_dict(),
                       seed=seed, hands=hands, shard_size=shard_size)
    out = out or Path("runs") / f"{info.name}-tournament-seed{seed}-n{hands}"

    def announce(label: str, i: int, total: int) -> None:
        click.echo(f"[{i + 1}/{total}] {label}", err=True)

    experiments.run_experiment(exp, out, on_run=announce, **run_options)
    click.echo(f"\n{info.title}: {', '.join(names)} against {exp.params['field']} in every seat, "
               f"{hands:,} deals per run, seed {seed} → {out}\n")
    click.echo(format_table(T.standings_text(T.standings(out))))
    click.echo("\npoints per hand, row − column (paired, 95% interval):\n")
    click.echo(format_table(T.wide(T.matrix(out))))


@main.command()
@click.argument("game")
@click.option("--vary", multiple=True, required=True, metavar="NAME=V1,V2",
              help="A rule option and its values (repeatable: every combination is played).")
@click.option("-s", "--strategies", default=None, metavar="A,B,C",
              help="Strategy per seat, comma-separated, or one name for every seat.")
@_experiment_options
def sweep(game: str, vary: tuple[str, ...], strategies: str | None, hands: int, seed: int,
          shard_size: int | None, out: Path | None, preset: str, rules: tuple[str, ...],
          rules_file: Path | None, **run_options) -> None:
    """Play the same deals under each rule variant and tabulate what changes."""
    from sim import experiments
    from sim.games import get_game

    info = get_game(game)
    rule_set = _rule_set(info, preset, rules, rules_file)
    names = _strategy_names(info, info.workload("play"), strategies)
    exp = experiments.sweep(info.name, vary=experiments.parse_vary(vary, info.rules),
                            rules=rule_set.to_dict(), strategies=names, seed=seed, hands=hands,
                            shard_size=shard_size)
    tag = "_".join(v.replace("=", "-").replace(",", "-") for v in vary)
    out = out or Path("runs") / f"{info.name}-sweep-{tag}-seed{seed}-n{hands}"
    experiments.run_experiment(exp, out, **run_options)
    click.echo("")
    _print_sweep(info, exp, out)


def _print_sweep(info, exp, out: Path) -> None:
    import polars as pl

    from sim import experiments
    from sim.display import format_table

    spec = next(iter(exp.runs.values()))
    table = experiments.sweep_table(out)
    click.echo(f"{info.title}: {_plural(len(exp.runs), 'variant')} on the same {spec.hands:,} deals, root seed "
               f"{spec.seed} → {out}\n")
    scaled = pl.col("unit").is_in(["%", "percentage points"])
    table = table.with_columns(
        [pl.when(scaled).then(pl.col(c) * 100).otherwise(pl.col(c)).alias(c) for c in ("value", "low", "high")]
        + [pl.concat_str([pl.col("metric"), pl.lit(" ("), pl.col("unit"), pl.lit(")")]).alias("metric")]
    )
    wide = table.drop("unit").with_columns(
        (pl_format(table)).alias("estimate")
    ).pivot(on="variant", index="metric", values="estimate")
    click.echo(format_table(wide))


@main.command()
@click.argument("game")
@click.option("--options", "only", default=None, metavar="A,B",
              help="Only these rule options (default: every option of the game).")
@click.option("-s", "--strategies", default=None, metavar="A,B,C",
              help="Strategy per seat (default: the game's).")
@click.option("--until-ci", type=click.FloatRange(min=0, min_open=True), default=None,
              metavar="HALF_WIDTH",
              help="Per variant, double the hands until the dealer edge's 95% half-width is at most this "
                   "(a share: 0.002 = 0.2 percentage points).")
@click.option("--max-hands", type=COUNT, default=1_000_000, show_default=True,
              help="With --until-ci: never play more hands than this per variant.")
@click.option("--report-to", type=click.Path(), callback=_directory, default=None,
              help="Write report.md and figures here (default: the balance directory).")
@_experiment_options
def balance(game: str, only: str | None, strategies: str | None, until_ci: float | None,
            max_hands: int, report_to: Path | None, hands: int, seed: int, shard_size: int | None,
            out: Path | None, preset: str, rules: tuple[str, ...], rules_file: Path | None,
            **run_options) -> None:
    """What every house rule does to fairness: each option value against the preset."""
    from sim import balance as bal
    from sim.balance_report import write_balance_report
    from sim.display import format_table
    from sim.games import get_game
    from sim.rules import parse_assignments, read_rules_file

    info = get_game(game)
    overrides = read_rules_file(rules_file) if rules_file else {}
    overrides.update(parse_assignments(rules))
    names = tuple(x.strip() for x in strategies.split(",")) if strategies else ()
    options = [x.strip() for x in only.split(",") if x.strip()] if only else None
    until = {"target": until_ci, "max_hands": max_hands} if until_ci else None
    exp = bal.plan(info.name, options=options, preset=preset, overrides=overrides, strategies=names,
                   seed=seed, hands=hands, shard_size=shard_size, until=until)
    out = out or Path("runs") / f"{info.name}-balance-seed{seed}-n{hands}"

    def announce(label: str, i: int, total: int) -> None:
        if run_options.get("progress", True):
            click.echo(f"[{i + 1}/{total}] {label}", err=True)

    bal.run_balance(exp, out, on_run=announce, **run_options)
    result = bal.analyse(out)
    path = write_balance_report(out, to=report_to, result=result)
    click.echo(f"\n{info.title}: {_plural(len(exp.runs), 'variant')} on the same deals, root seed {seed} → {out}")
    click.echo(f"{result.tests} tests adjusted together (Holm, 5%); strategies: {', '.join(result.strategies)}\n")
    for row in result.verdicts.iter_rows(named=True):
        holm = "—" if row["Holm p"] is None else f"{row['Holm p']:.3g}"
        click.echo(f"{row['variant']}: dealer edge {row['dealer edge change']} (Holm p {holm}) — {row['verdict']}")
    if result.ranking.height:
        click.echo("")
        click.echo(format_table(result.ranking.select("edge rank", "spread rank", "option",
                                                      "moves the dealer edge most", "fairest value",
                                                      "its dealer edge", "its hands with a winner")))
    click.echo(f"\nwrote {path}")


def pl_format(table):
    """Value [low, high] as text, for the sweep table."""
    import polars as pl

    def f(col):
        return pl.col(col).map_elements(lambda v: f"{v:.4g}", return_dtype=pl.String)

    return pl.concat_str([f("value"), pl.lit(" ["), f("low"), pl.lit(", "), f("high"), pl.lit("]")])


def _repair_command(directory: Path, runs: list) -> str:
    """The command that made ``directory`` (re-running it repairs a damaged run)."""
    from sim import experiments
    from sim.report import command_for, experiment_command

    if (directory / experiments.EXPERIMENT).exists():
        return experiment_command(experiments.read_experiment(directory), directory)
    return command_for(runs[0][1], directory)


def _writing(runs: list) -> Path | None:
    """The first of ``runs`` that a paiju run is writing to right now (it holds the lock)."""
    from filelock import FileLock, Timeout

    for run, _ in runs:
        if not (run / ".lock").exists():
            continue
        lock = FileLock(str(run / ".lock"))
        try:
            lock.acquire(timeout=0)
        except Timeout:
            return run
        except OSError:  # a read-only directory: nobody can be writing there either
            continue
        lock.release()
    return None


@contextlib.contextmanager
def _reading(directory: Path):
    """Within the block, a damaged or incomplete run is one line naming the shard and the repair,
    as ``paiju verify`` says it, not a traceback from the Parquet reader."""
    import polars as pl
    import pyarrow as pa

    from sim import store

    try:
        yield
    except (PaijuError, OSError, pa.ArrowException, pl.exceptions.PolarsError) as exc:
        try:
            runs = _run_dirs(directory)
            problems = [(run, p) for run, _ in runs for p in store.iter_problems(run)]
        except PaijuError:
            runs, problems = [], []
        if not problems:
            raise
        busy = _writing(runs)
        if busy is not None:
            raise PaijuError(f"a paiju run is writing to {busy} now; wait for it to finish, "
                             "then read it") from exc
        (run, first), more = problems[0], len(problems) - 1
        raise PaijuError(
            f"{run}: {first}" + (f" (and {_plural(more, 'more problem')})" if more else "")
            + f"; repair with the command that made it (finished shards are kept): "
            f"{_repair_command(directory, runs)}"
        ) from exc


@main.command()
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--to", type=click.Path(), callback=_directory, default=None,
              help="Write the report here instead of into DIRECTORY.")
def report(directory: Path, to: Path | None) -> None:
    """Write report.md with PNG figures for a run, a comparison or a sweep."""
    from sim.report import write_report

    with _reading(directory):
        path = write_report(directory, to=to)
    click.echo(f"wrote {path} and {_plural(len(list((path.parent / 'figures').glob('*.png'))), 'figure')}")


@main.command(cls=GameCommand)
@click.argument("game")
def exact(game: str) -> None:
    """Print the exact probabilities of what a deal (or the dice) decides."""
    from sim.display import format_table
    from sim.games import get_game

    info = get_game(game)
    deals = info.workloads.get("deals")
    table = deals.exact_table() if deals is not None else None
    if table is None:
        raise PaijuError(f"exact deal probabilities are not available for {game!r}")
    click.echo(f"{info.title}: exact probabilities of what the deal decides\n")
    click.echo(format_table(table))
    details = deals.exact_details()
    if details:
        click.echo("\n" + details)


def _run_dirs(directory: Path) -> list[tuple[Path, dict]]:
    """The run directories in ``directory`` (itself, or every run of an experiment), with manifests."""
    from sim import experiments, store

    if not directory.is_dir():
        raise PaijuError(f"{directory} does not exist or is not a directory; give a run or "
                         "experiment directory made by paiju")
    if (directory / experiments.EXPERIMENT).exists():
        exp = experiments.read_experiment(directory)
        return [(directory / experiments._dirname(label), exp.runs[label]) for label in exp.runs]
    manifest = store.read_manifest(directory)
    if manifest is None:
        raise PaijuError(f"{directory} holds no paiju run or experiment (no manifest.json or "
                         "experiment.json); give a directory made by paiju")
    return [(directory, store.spec_from_manifest(manifest))]


@main.command()
@click.argument("directory", type=click.Path(path_type=Path))
def verify(directory: Path) -> None:
    """Check a run, comparison or sweep directory: every shard present, intact and of its run."""
    from sim import store

    runs = _run_dirs(directory)
    busy = _writing(runs)
    if busy is not None:
        click.echo(f"{busy}: a paiju run is writing here now; verify it when that run has finished")
        sys.exit(1)
    problems = [(run, p) for run, _ in runs for p in store.iter_problems(run)]
    if problems:
        for run, p in problems:
            click.echo(f"{run}: {p}")
        again = _repair_command(directory, runs)
        click.echo(f"{_plural(len(problems), 'problem')}; repair with the command that made it "
                   f"(finished shards are kept):\n  {again}")
        sys.exit(1)
    for run, spec in runs:
        manifest = store.read_manifest(run)
        unit = get_unit(spec)
        click.echo(f"{run}: OK ({_plural(manifest['hands'], unit)} in "
                   f"{_plural(manifest['n_shards'], 'shard')})")


def get_unit(spec) -> str:
    """What -n counted in a run (hands, matches …)."""
    from sim.games import get_game

    return get_game(spec.game).workload(spec.workload).unit


@main.command()
@click.argument("directory", type=click.Path(path_type=Path))
def summary(directory: Path) -> None:
    """Print the summary table of a run, a comparison or a sweep directory."""
    from sim import experiments, store
    from sim.display import format_table, legend, rules_text
    from sim.games import get_game
    from sim.report import command_for

    runs = _run_dirs(directory)
    if (directory / experiments.EXPERIMENT).exists():
        exp = experiments.read_experiment(directory)
        with _reading(directory):
            if exp.kind == "comparison":
                _print_comparison(get_game(exp.game), exp, directory)
            else:
                _print_sweep(get_game(exp.game), exp, directory)
        return
    path, spec = runs[0]
    game = get_game(spec.game)
    workload = game.workload(spec.workload)
    with _reading(directory):
        table = workload.summary(spec, store.load(path))
    click.echo(f"{game.title} — {workload.description}")
    click.echo(f"{_plural(spec.hands, workload.unit)}, root seed {spec.seed}, rules: "
               f"{rules_text(game.rules(**spec.rules))}")
    click.echo(f"made by: {command_for(spec, path)}\n")
    click.echo(format_table(table))
    click.echo(legend(table))
    _codes_note(workload)
    _exact_note(table)


@main.command()
@click.argument("game", required=False)
def games(game: str | None) -> None:
    """List the games with their workloads, strategies and presets; GAME: its whole page."""
    from sim.games import game_names, get_game
    from sim.help import game_page, games_overview

    if game is not None:
        click.echo(game_page(get_game(game)))
    else:
        click.echo(games_overview([get_game(name) for name in game_names()]))


@main.command()
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--hand", type=click.IntRange(min=0), default=None, help="The row's hand number.")
@click.option("--where", default=None,
              help="Pick rows instead: a column ('self_drawn'), a comparison ('points_0 > 20', "
                   "\"outcome = 'natural'\") or a polars expression ('pl.col(\"fan\") >= 4').")
@click.option("--limit", type=click.IntRange(min=1), default=3, show_default=True,
              help="How many matching rows --where shows.")
@click.option("--html", type=click.Path(path_type=Path), default=None,
              help="Also write the hand as an offline page with the cards drawn.")
def show(directory: Path, hand: int | None, where: str | None, limit: int, html: Path | None) -> None:
    """Replay a hand of a run: the deal, every decision and event, and the result (checked
    against the stored row)."""
    click.echo(_show_text(directory, hand=hand, where=where, limit=limit, html=html))


def _show_text(run: str | Path, *, hand: int | None, where: str | None, limit: int,
               html: str | Path | None) -> str:
    """What ``paiju show`` prints: the chosen hands as text (and their pages with ``html``)."""
    from sim import replay
    from sim.errors import OptionError
    from sim.replay_html import write_page

    if (hand is None) == (where is None):
        raise OptionError("give --hand N (a row's hand number) or --where FILTER, not both or neither")
    hands = [hand] if hand is not None else replay.select(run, where or "", limit=limit)
    if not hands:
        return f"no hand of {run} matches --where {where!r}"
    logs = [replay.show(run, h) for h in hands]
    out = [log.text() + f"\n\nreplayed through the Python driver: it matches row {log.hand} of the run"
           for log in logs]
    if html is not None:
        base = Path(html)
        for log in logs:
            path = base if len(logs) == 1 else base.with_name(f"{base.stem}-hand{log.hand}{base.suffix}")
            out.append(f"wrote {write_page(log, path)}")
    return "\n\n".join(out)


if __name__ == "__main__":
    main()
