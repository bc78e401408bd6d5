"""What a game offers, as text: for ``paiju run GAME --help`` and ``paiju games [GAME]``.

Everything comes from the generic contracts — the game's :class:`~sim.games.base.GameInfo`
(workloads), its :class:`~sim.rules.RuleSet` (options, allowed values, presets) and the
strategy registry — so a new game's page needs no code here.
"""

from __future__ import annotations

import copy
import textwrap
from typing import TYPE_CHECKING, Any

import click

from sim.display import units
from sim.errors import PaijuError

if TYPE_CHECKING:  # the command line imports this module: keep it light
    from sim.games.base import GameInfo, Workload

DEALS_HANDS = 2_000_000  # what ``paiju deals`` plays without -n (deals are cheap)


def command_of(workload: Workload) -> str | None:
    """The ``paiju`` command that runs a workload, or ``None`` if no command does."""
    return {"play": "run", "match": "run --matches", "deals": "deals"}.get(workload.name)


def default_count(workload: Workload) -> int:
    """How many hands (or matches …) the command plays without ``-n``."""
    return DEALS_HANDS if workload.name == "deals" else workload.default_hands


def _text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _allowed(field) -> str:
    meta = field.metadata
    if meta.get("choices"):
        return "one of " + ", ".join(_text(c) for c in meta["choices"])
    if isinstance(field.default, bool):
        return "true or false"
    lo, hi = meta.get("minimum"), meta.get("maximum")
    if lo is not None or hi is not None:
        return f"{lo if lo is not None else '…'} to {hi if hi is not None else '…'}"
    return f"any {type(field.default).__name__}"


def _rows(rows: list[tuple[str, ...]], indent: str = "  ", width: int = 100) -> list[str]:
    """Aligned columns; the last column wraps."""
    if not rows:
        return []
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    out = []
    for row in rows:
        head = indent + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)) + "  "
        wrapped = textwrap.wrap(row[-1], max(30, width - len(head))) or [""]
        out.append(head + wrapped[0])
        out += [" " * len(head) + more for more in wrapped[1:]]
    return out


def game_page(game: GameInfo) -> str:
    """The workloads, strategies, rule options and presets of ``game``."""
    from sim.registry import get_strategy, strategy_names

    aliases = f" (also {', '.join(game.aliases)})" if game.aliases else ""
    lines = [f"{game.name} — {game.title}{aliases}", "", "Workloads (-n default, hands per shard):"]
    rows = []
    for w in game.workloads.values():
        command = command_of(w)
        rows.append((w.name, f"paiju {command} {game.name}" if command else "(Python only)",
                     f"-n {default_count(w):,} {units(w.unit)}", f"{w.default_shard_size:,}/shard",
                     w.description))
    lines += _rows(rows)
    play = game.workloads.get("play")
    names = strategy_names(game.name)
    if names:
        seats = f"{play.n_seats} seats: " if play is not None and play.n_seats else ""
        default = ",".join(play.default_strategies) if play is not None else ""
        lines += ["", f"Strategies (--strategies A,B,… one per seat, or one name for every seat; "
                      f"{seats}default {default}):"]
        lines += _rows([(n, get_strategy(game.name, n).description) for n in names])
    fields = game.rules.option_fields()
    lines += ["", "Rule options (--rule NAME=VALUE, repeatable; defaults are the seed preset):"]
    lines += _rows([(name, f"= {_text(f.default)}", _allowed(f), f.metadata.get("doc", ""))
                    for name, f in fields.items()])
    lines += ["", "Presets (--preset NAME):"]
    lines += _rows([(name, ", ".join(f"{k}={_text(v)}" for k, v in values.items()) or "the defaults")
                    for name, values in game.rules.PRESETS.items()])
    return "\n".join(lines)


def games_overview(games: list[GameInfo]) -> str:
    """One short block per game: workloads, strategies and presets."""
    from sim.registry import strategy_names

    lines = []
    for game in games:
        lines.append(f"{game.name} — {game.title}")
        for w in game.workloads.values():
            command = command_of(w)
            lines.append(f"  {w.name:<8} {('paiju ' + command + ' ' + game.name) if command else '':<28} "
                         f"{w.description}")
        lines.append(f"  strategies: {', '.join(strategy_names(game.name)) or 'none'}")
        lines.append(f"  presets:    {', '.join(game.rules.PRESETS)}")
        lines.append("")
    lines.append("`paiju games GAME` (or `paiju run GAME --help`) lists a game's strategies with "
                 "what they do, every rule option with its allowed values, and the presets.")
    return "\n".join(lines)


class GameCommand(click.Command):
    """A command whose argument is a GAME: ``paiju CMD GAME --help`` adds that game's page
    (strategies, rule options with allowed values, presets) and its -n defaults."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        from sim.games import get_game

        ctx.meta["paiju.args"] = tuple(args)
        for token in args:
            if not token.startswith("-"):
                try:
                    ctx.meta["paiju.game"] = get_game(token)
                    break
                except PaijuError:
                    continue
        return super().parse_args(ctx, args)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        game = ctx.meta.get("paiju.game")
        workload = game.workloads.get(self.workload_name(ctx)) if game is not None else None
        records = []
        for param in self.get_params(ctx):
            if isinstance(param, click.Argument):
                continue
            if workload is not None and param.name in ("hands", "shard_size") and param.default is None:
                param = copy.copy(param)
                param.show_default = False
                count = default_count(workload) if param.name == "hands" else workload.default_shard_size
                param.help = (f"{param.help} [default: {count:,} for {game.name} {workload.name}]")
            record = param.get_help_record(ctx)
            if record is not None:
                records.append(record)
        if records:
            with formatter.section("Options"):
                formatter.write_dl(records)

    def workload_name(self, ctx: click.Context) -> str:
        """The workload this command runs (for its -n default)."""
        if self.name == "deals":
            return "deals"
        return "match" if "--matches" in ctx.meta.get("paiju.args", ()) else "play"

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        game = ctx.meta.get("paiju.game")
        formatter.write("\n")
        if game is None:
            formatter.write(f"Run `paiju {self.name} GAME --help` (e.g. `paiju {self.name} zipai --help`) "
                            "for that game's strategies, rule options with their allowed values and "
                            "presets; `paiju games` lists the games.\n")
        else:
            formatter.write(game_page(game) + "\n")
