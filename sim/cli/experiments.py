"""``paiju compare``, ``tournament``, ``sweep`` and ``balance``: several runs on the same deals."""

from __future__ import annotations

from pathlib import Path

import click

from sim.search import split_strategies
from sim.cli.app import COUNT, _directory, _experiment_options, _plural, main
from sim.cli.runs import _rule_set, _strategy_names
from sim.help import GameCommand


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
    names = [n for n in split_strategies(strategies) if n]
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


def pl_format(table):
    """Value [low, high] as text, for the sweep table."""
    import polars as pl

    def f(col):
        return pl.col(col).map_elements(lambda v: f"{v:.4g}", return_dtype=pl.String)

    return pl.concat_str([f("value"), pl.lit(" ["), f("low"), pl.lit(", "), f("high"), pl.lit("]")])


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
@click.option("--ladder", default=None, metavar="A,B,C",
              help="Play the whole balance once per strategy (it in every seat), weakest first, and "
                   "say which effects hold for every player, e.g. --ladder greedy,strong,search.")
@_experiment_options
def balance(game: str, only: str | None, strategies: str | None, until_ci: float | None, ladder: str | None,
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
    names = tuple(split_strategies(strategies)) if strategies else ()
    options = [x.strip() for x in only.split(",") if x.strip()] if only else None
    until = {"target": until_ci, "max_hands": max_hands} if until_ci else None
    if ladder:
        _balance_ladder(info, split_strategies(ladder), out, report_to, names, run_options,
                        options=options, preset=preset, overrides=overrides, seed=seed, hands=hands,
                        shard_size=shard_size, until=until)
        return
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


def _balance_ladder(info, ladder: list[str], out: Path | None, report_to: Path | None,
                    strategies: tuple[str, ...], run_options: dict, **plan_options) -> None:
    """``paiju balance --ladder``: the balance once per player, and what holds for all of them."""
    import polars as pl

    from sim import balance_ladder as bl
    from sim.balance_ladder_report import write_ladder_report
    from sim.display import format_table

    plans = bl.plan_ladder(info.name, ladder, strategies=strategies, **plan_options)
    out = out or Path("runs") / f"{info.name}-balance-ladder-seed{plan_options['seed']}-n{plan_options['hands']}"

    def announce(name: str):
        def on_run(label: str, i: int, total: int) -> None:
            if run_options.get("progress", True):
                click.echo(f"[{name}: {i + 1}/{total}] {label}", err=True)
        return on_run

    bl.run_ladder(plans, out, on_run_of=announce, **run_options)
    result = bl.analyse_ladder(out)
    path = write_ladder_report(out, to=report_to, result=result)
    click.echo(f"\n{info.title}: the balance under {len(plans)} players ({', '.join(plans)}) → {out}")
    if result.robustness.height:
        edge = result.robustness.filter(pl.col("measure") == bl.EDGE)
        click.echo(format_table(edge.select("variant", *result.names, "verdict")))
    click.echo(f"\nwrote {path}")

