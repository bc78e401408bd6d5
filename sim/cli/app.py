"""The ``paiju`` command group and what its commands share: errors as one line, counts,
the options of every command that plays hands."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from sim.display import units
from sim.errors import PaijuError

DEFAULT_SEED = 20261130


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


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


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word if n == 1 else units(word)}"

