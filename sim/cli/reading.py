"""The commands that read what runs wrote: ``report``, ``summary``, ``verify``, ``show``, and
``exact`` and ``games``, which print what paiju knows."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import click

from sim.cli.app import _directory, _plural, main
from sim.cli.experiments import _print_comparison, _print_sweep
from sim.cli.runs import _codes_note, _exact_note
from sim.errors import PaijuError
from sim.help import GameCommand


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
        table = workload.summary(spec, store.summary_frame(path, workload, spec))
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

