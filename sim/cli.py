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


def _run_options(func):
    options = [
        click.option("-n", "--hands", type=click.IntRange(min=1), default=None,
                     help="Number of hands to play."),
        click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=DEFAULT_SEED,
                     show_default=True, help="Root seed; hand i draws from (seed, i)."),
        click.option("-j", "--jobs", type=click.IntRange(min=1), default=_cores(),
                     show_default="all cores", help="Worker processes."),
        click.option("--shard-size", type=click.IntRange(min=1), default=None,
                     help="Hands per Parquet shard (default: the workload's)."),
        click.option("-o", "--out", type=click.Path(path_type=Path), default=None,
                     help="Run directory (default: runs/GAME-WORKLOAD-seedSEED-nN)."),
        click.option("--preset", default="seed", show_default=True, help="Rules preset."),
        click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE",
                     help="Override one rule option (repeatable)."),
        click.option("--progress/--no-progress", default=True, help="Show a progress bar."),
    ]
    for opt in reversed(options):
        func = opt(func)
    return func


def _execute(game_name: str, workload_name: str, *, hands, seed, jobs, shard_size, out,
             preset, rules, progress, default_hands: int, strategies: tuple[str, ...] = ()) -> None:
    from sim import runner, store
    from sim.display import format_table
    from sim.games import get_game
    from sim.games.base import RunSpec
    from sim.rules import parse_assignments

    game = get_game(game_name)
    workload = game.workload(workload_name)
    rule_set = game.rules.from_options(preset=preset, overrides=parse_assignments(rules))
    hands = hands or default_hands
    spec = RunSpec(
        game=game.name, workload=workload.name, rules=rule_set.to_dict(), strategies=strategies,
        seed=seed, hands=hands, shard_size=shard_size or workload.default_shard_size,
    )
    out = out or _default_out(game.name, workload.name, seed, hands)
    result = runner.run(spec, out, jobs=jobs, progress=progress)
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
@_run_options
def run_cmd(game: str, strategies: str | None, matches: bool, **options) -> None:
    """Play complete hands with strategies and print win rates with intervals."""
    from sim.games import get_game

    info = get_game(game)
    name = "match" if matches else "play"
    workload = info.workload(name)
    names = tuple(x.strip() for x in strategies.split(",")) if strategies else ()
    _execute(game, name, default_hands=workload.default_hands, strategies=names, **options)


@main.command()
@click.argument("game")
def exact(game: str) -> None:
    """Print exact probabilities of deal events."""
    from sim import exact as exact_mod
    from sim.games import get_game

    info = get_game(game)
    if info.name != "zipai":
        raise PaijuError(f"exact deal probabilities are available for zipai only, not {game!r}")
    click.echo(f"{info.title}: exact probabilities of deal events\n")
    click.echo(f"{'hand':<14}{'event':<12}{'probability':>14}   fraction")
    for e in exact_mod.zipai_deal_events():
        who = f"{e.role} ({e.hand})"
        click.echo(f"{who:<14}{e.event:<12}{e.value:>14.8f}   {e.probability}")
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
