"""The ``paiju`` command line."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from sim.errors import PaijuError

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


def _options(*, hands_default: int | None, hands_help: str, out_help: str):
    """The options shared by every command that plays hands (runs and experiments)."""
    options = [
        click.option("-n", "--hands", type=click.IntRange(min=1), default=hands_default,
                     show_default=hands_default is not None, help=hands_help),
        click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=DEFAULT_SEED,
                     show_default=True, help="Root seed; hand i draws from (seed, i)."),
        click.option("-j", "--jobs", type=click.IntRange(min=1), default=_cores(),
                     show_default="all cores", help="Worker processes."),
        click.option("--shard-size", type=click.IntRange(min=1), default=None,
                     help="Hands per Parquet shard (default: the workload's)."),
        click.option("-o", "--out", type=click.Path(path_type=Path), default=None, help=out_help),
        click.option("--preset", default="seed", show_default=True, help="Rules preset."),
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


_run_options = _options(hands_default=None, hands_help="Number of hands to play.",
                        out_help="Run directory (default: runs/GAME-WORKLOAD-seedSEED-nN).")
_experiment_options = _options(hands_default=20_000, hands_help="Deals per run (the same deals in every run).",
                               out_help="Experiment directory.")


def _rule_set(game, preset: str, rules: tuple[str, ...], rules_file: Path | None):
    from sim.rules import parse_assignments, read_rules_file

    overrides = read_rules_file(rules_file) if rules_file else {}
    overrides.update(parse_assignments(rules))
    return game.rules.from_options(preset=preset, overrides=overrides)


def _execute(game_name: str, workload_name: str, *, hands, seed, jobs, shard_size, out,
             preset, rules, rules_file, progress, backend, scheduler, address, default_hands: int,
             strategies: tuple[str, ...] = (), until: dict | None = None) -> None:
    from sim import runner, store
    from sim.display import format_table
    from sim.games import get_game
    from sim.games.base import RunSpec
    game = get_game(game_name)
    workload = game.workload(workload_name)
    rule_set = _rule_set(game, preset, rules, rules_file)
    hands = hands or (min(default_hands, 20_000) if until else default_hands)
    spec = RunSpec(
        game=game.name, workload=workload.name, rules=rule_set.to_dict(), strategies=strategies,
        seed=seed, hands=hands, shard_size=shard_size or workload.default_shard_size,
    )
    run_options = {"jobs": jobs, "backend": backend, "scheduler": scheduler, "address": address,
                   "progress": progress}
    if until:
        from sim.stopping import run_until

        out = out or Path("runs") / f"{game.name}-{workload.name}-seed{seed}-until-{until['metric']}"

        def report_round(r) -> None:
            click.echo(f"{r.hands:>12,} hands: {until['metric']} = {r.value:.5g} "
                       f"[{r.low:.5g}, {r.high:.5g}], half-width {r.half_width:.3g}", err=True)

        rounds = run_until(spec, out, on_round=report_round, **until, **run_options)
        hands = rounds[-1].hands
        spec = store.spec_from_manifest(store.read_manifest(out))
        reached = rounds[-1].half_width <= until["target"]
        click.echo(("reached" if reached else "stopped at --max-hands before reaching")
                   + f" the target half-width {until['target']} after {hands:,} hands", err=True)
        result = runner.run(spec, out, **run_options)
    else:
        out = out or _default_out(game.name, workload.name, seed, hands)
        result = runner.run(spec, out, **run_options)
    table = workload.summary(spec, store.load(out))
    click.echo(f"\n{game.title} — {workload.description}")
    click.echo(
        f"{hands:,} hands, seed {seed}, rules {rule_set.digest()} → {out}  "
        f"({result.shards_played} shards played, {result.shards_kept} kept"
        + (f", {result.hands_per_second:,.0f} hands/s" if result.hands_played else "")
        + ")\n"
    )
    click.echo(format_table(table))
    if "agrees" in table.columns:
        flagged = table.filter(table["agrees"] == False).height  # noqa: E712
        checked = table["agrees"].drop_nulls().len()
        click.echo(
            f"\n{flagged} of {checked} exact values fall outside their 95% interval "
            f"(about {0.05 * checked:.1f} are expected to by chance)."
        )


@main.command()
@click.argument("game")
@_run_options
def deals(game: str, **options) -> None:
    """Deal hands and compare deal events (提, 坎, 三提五坎 …) with their exact odds."""
    _execute(game, "deals", default_hands=2_000_000, **options)


@main.command(name="run")
@click.argument("game")
@click.option("-s", "--strategies", default=None, metavar="A,B,C",
              help="Strategy per seat, comma-separated (default: the game's default).")
@click.option("--matches", is_flag=True, default=False,
              help="Play whole matches (the game's 'match' workload); -n counts matches.")
@click.option("--until-ci", type=click.FloatRange(min=0, min_open=True), default=None,
              metavar="HALF_WIDTH",
              help="Keep doubling the hands until the metric's 95% interval half-width is at most this.")
@click.option("--metric", type=click.Choice(["dealer-win", "dealer-edge", "dealer-points", "seat0-win",
                                             "draw", "natural"]),
              default="dealer-win", show_default=True, help="The estimate --until-ci watches.")
@click.option("--max-hands", type=click.IntRange(min=1), default=10_000_000, show_default=True,
              help="With --until-ci: never play more hands than this.")
@_run_options
def run_cmd(game: str, strategies: str | None, matches: bool, until_ci: float | None, metric: str,
            max_hands: int, **options) -> None:
    """Play complete hands with strategies and print win rates with intervals."""
    from sim.games import get_game

    info = get_game(game)
    name = "match" if matches else "play"
    workload = info.workload(name)
    names = tuple(x.strip() for x in strategies.split(",")) if strategies else ()
    until = {"target": until_ci, "metric": metric, "max_hands": max_hands} if until_ci else None
    _execute(game, name, default_hands=workload.default_hands, strategies=names, until=until,
             **options)


@main.command()
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
    from sim.display import format_table
    from sim.games import get_game

    info = get_game(game)
    rule_set = _rule_set(info, preset, rules, rules_file)
    exp = experiments.comparison(info.name, a=a, b=b, others=others, rules=rule_set.to_dict(),
                                 seed=seed, hands=hands, shard_size=shard_size)
    out = out or Path("runs") / f"{info.name}-compare-{a}-vs-{b}-seed{seed}-n{hands}"
    experiments.run_experiment(exp, out, **run_options)
    table = experiments.comparison_table(out)
    click.echo(f"\n{info.title}: {a} against {b} (others {exp.params['others']}), {hands:,} deals "
               f"per seat, seed {seed} → {out}\n")
    click.echo(format_table(table.drop("a", "b")))
    overall = table.filter(table["seats"] == "all seats")
    for row in overall.iter_rows(named=True):
        click.echo(f"\n{row['measure']}: {a} − {b} = {row['diff']:+.4g} "
                   f"[{row['diff_low']:+.4g}, {row['diff_high']:+.4g}]; pairing narrowed the "
                   f"interval {row['narrowing']:.1f}× against independent deals")


@main.command()
@click.argument("game")
@click.option("--vary", multiple=True, required=True, metavar="NAME=V1,V2",
              help="A rule option and its values (repeatable: every combination is played).")
@click.option("-s", "--strategies", default=None, metavar="A,B,C", help="Strategy per seat.")
@_experiment_options
def sweep(game: str, vary: tuple[str, ...], strategies: str | None, hands: int, seed: int,
          shard_size: int | None, out: Path | None, preset: str, rules: tuple[str, ...],
          rules_file: Path | None, **run_options) -> None:
    """Play the same deals under each rule variant and tabulate what changes."""
    from sim import experiments
    from sim.display import format_table
    from sim.games import get_game

    info = get_game(game)
    rule_set = _rule_set(info, preset, rules, rules_file)
    names = tuple(x.strip() for x in strategies.split(",")) if strategies else ()
    exp = experiments.sweep(info.name, vary=experiments.parse_vary(vary, info.rules),
                            rules=rule_set.to_dict(), strategies=names, seed=seed, hands=hands,
                            shard_size=shard_size)
    tag = "_".join(v.replace("=", "-").replace(",", "-") for v in vary)
    out = out or Path("runs") / f"{info.name}-sweep-{tag}-seed{seed}-n{hands}"
    experiments.run_experiment(exp, out, **run_options)
    table = experiments.sweep_table(out)
    click.echo(f"\n{info.title}: {len(exp.runs)} variants on the same {hands:,} deals, seed {seed} → {out}\n")
    import polars as pl

    scaled = pl.col("unit").is_in(["%", "percentage points"])
    table = table.with_columns(
        [pl.when(scaled).then(pl.col(c) * 100).otherwise(pl.col(c)).alias(c) for c in ("value", "low", "high")]
        + [pl.concat_str([pl.col("metric"), pl.lit(" ("), pl.col("unit"), pl.lit(")")]).alias("metric")]
    )
    wide = table.drop("unit").with_columns(
        (pl_format(table)).alias("estimate")
    ).pivot(on="variant", index="metric", values="estimate")
    click.echo(format_table(wide))


def pl_format(table):
    """Value [low, high] as text, for the sweep table."""
    import polars as pl

    def f(col):
        return pl.col(col).map_elements(lambda v: f"{v:.4g}", return_dtype=pl.String)

    return pl.concat_str([f("value"), pl.lit(" ["), f("low"), pl.lit(", "), f("high"), pl.lit("]")])


@main.command()
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--to", type=click.Path(path_type=Path), default=None,
              help="Write the report here instead of into DIRECTORY.")
def report(directory: Path, to: Path | None) -> None:
    """Write report.md with PNG figures for a run, a comparison or a sweep."""
    from sim.report import write_report

    path = write_report(directory, to=to)
    click.echo(f"wrote {path} and {len(list((path.parent / 'figures').glob('*.png')))} figures")


@main.command()
@click.argument("game")
def exact(game: str) -> None:
    """Print exact probabilities of deal events."""
    from sim import exact as exact_mod
    from sim.games import get_game

    info = get_game(game)
    import polars as pl

    from sim.display import format_table

    # a game's deals workload may offer its own table of exact deal events
    own = getattr(info.workloads.get("deals"), "exact_table", None)
    if info.name != "zipai":
        if own is None:
            raise PaijuError(f"exact deal probabilities are not available for {game!r}")
        click.echo(f"{info.title}: exact probabilities of deal events\n")
        click.echo(format_table(own()))
        return

    click.echo(f"{info.title}: exact probabilities of deal events\n")
    events = exact_mod.zipai_deal_events()
    table = pl.DataFrame({
        "hand": [f"{e.role} ({e.hand} cards)" for e in events],
        "event": [e.event for e in events],
        "exact": [e.value for e in events],
        "one in": [f"{1 / e.value:,.0f}" if e.value else "never" for e in events],
        "fraction": [str(e.probability) for e in events],
    })
    click.echo(format_table(table))
    for hand in (21, 20):
        click.echo(f"\nDistributions for a hand of {hand} cards:")
        for name, dist in exact_mod.zipai_distributions(hand).items():
            cells = "  ".join(f"{v}: {float(p):.6f}" for v, p in dist.items() if float(p) >= 5e-7)
            click.echo(f"  {name}: {cells}")


@main.command()
@click.argument("directory", type=click.Path(path_type=Path))
def verify(directory: Path) -> None:
    """Check a run directory: every shard present, intact and of this run."""
    from sim import store

    problems = list(store.iter_problems(directory))
    if problems:
        for p in problems:
            click.echo(f"{directory}: {p}")
        click.echo(f"{len(problems)} problem(s); re-run the command that made the run to repair it.")
        sys.exit(1)
    manifest = store.read_manifest(directory)
    click.echo(f"{directory}: OK ({manifest['hands']:,} hands in {manifest['n_shards']} shards)")


@main.command()
@click.argument("directory", type=click.Path(path_type=Path))
def summary(directory: Path) -> None:
    """Print the summary table of an existing run directory."""
    from sim import store
    from sim.display import format_table
    from sim.games import get_game

    manifest = store.read_manifest(directory)
    if manifest is None:
        raise PaijuError(f"{directory} holds no paiju run (manifest.json missing)")
    spec = store.spec_from_manifest(manifest)
    workload = get_game(spec.game).workload(spec.workload)
    click.echo(format_table(workload.summary(spec, store.load(directory))))


@main.command()
def games() -> None:
    """List the games and their workloads."""
    from sim.games import game_names, get_game

    for name in game_names():
        info = get_game(name)
        for w in info.workloads.values():
            click.echo(f"{name:<8} {w.name:<8} {w.description}")


if __name__ == "__main__":
    main()
