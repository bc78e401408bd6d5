"""``paiju deals`` and ``paiju run``: play a workload into a run directory and print its summary."""

from __future__ import annotations

import gc
from pathlib import Path

import click

from sim.cli.app import COUNT, _deal_options, _plural, _run_options, main
from sim.display import units
from sim.errors import PaijuError
from sim.help import GameCommand


def _default_out(game: str, workload: str, seed: int, hands: int) -> Path:
    return Path("runs") / f"{game}-{workload}-seed{seed}-n{hands}"


def _rule_set(game, preset: str, rules: tuple[str, ...], rules_file: Path | None):
    from sim.rules import parse_assignments, read_rules_file

    overrides = read_rules_file(rules_file) if rules_file else {}
    overrides.update(parse_assignments(rules))
    return game.rules.from_options(preset=preset, overrides=overrides)


def _strategy_names(game, workload, text: str | None, *, option: str = "--strategies") -> tuple[str, ...]:
    """Strategy names from ``A,B,C``: each checked by name first; one name fills every seat."""
    from sim.registry import get_strategy
    from sim.search import split_strategies

    if not text:
        return ()
    names = tuple(split_strategies(text))
    for name in names:
        if not name:
            raise PaijuError(f"{option} {text!r} has an empty name; write names separated by commas")
        get_strategy(game.name, name)  # a one-line error naming the unknown one and the choices
    return names  # one name is repeated in every seat of the table the rules set (the runner)


def _played_line(*, played: int, seconds: float, kept: int, unit: str) -> str:
    """What this command did: played (and resumed), or found everything on disk already."""
    if played == 0:
        return "nothing to play: the run was already complete on disk"
    rate = f" ({played / seconds:,.0f} {units(unit)}/s)" if seconds > 0 else ""
    text = f"played {_plural(played, unit)} in {seconds:.1f} s{rate}"
    if kept:
        text += f"; {_plural(kept, unit)} were already on disk (resumed)"
    return text


def _ready_for_the_summary() -> None:
    """While a run plays: import what its summary needs (:func:`sim.stats.preload`), then set
    every object loaded so far aside from the garbage collector (``gc.freeze``: modules,
    compiled kernels), so that the collections during the summary and at exit skip them
    (each full one would cost about 0.1 s)."""
    from sim.stats import preload

    preload()
    gc.freeze()


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
    frame = None  # what the summary reads: the run's totals, or its stored rows
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
        result = runner.run(spec, out, while_playing=_ready_for_the_summary, **run_options)
        kept = hands - result.hands_played
        done = _played_line(played=result.hands_played, seconds=result.seconds, kept=kept,
                            unit=unit)
        if result.totals is not None:  # counted as they were written: no need to read them back
            from sim import counts

            frame = counts.totals_frame(result.hands_played, result.totals)
    if frame is None:  # resumed: read (and check) what is on disk
        frame = store.summary_frame(out, workload, spec)
    table = workload.summary(spec, frame)
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

