"""Look at one hand of a run: replay a stored row through the game's Python driver.

:func:`show` deals hand ``N`` of a run exactly as the batch dealt it, plays it with the
run's strategies through the game's Python driver (the same compiled choices, so the same
hand), and returns a :class:`HandLog`: the deal, every decision and event in the game's
own words, the seats and the stock at the end, and the result row — checked against the
row the run stored (a mismatch is a one-line error). :func:`select` picks the hands whose
rows match a filter (``paiju show --where``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import polars as pl

from sim.errors import OptionError, RunDirError

@dataclasses.dataclass(frozen=True)
class LogEntry:
    """One line of a hand's log: a kind in the game's words, the seat (-1: none) and a text."""

    kind: str
    seat: int
    text: str

    def __str__(self) -> str:
        who = f"seat {self.seat}" if self.seat >= 0 else "      "
        return f"{who}  {self.kind}  {self.text}".rstrip()


@dataclasses.dataclass(frozen=True)
class SeatView:
    """What a seat holds: concealed cards (or a dama seat's horses) and its table groups."""

    seat: int
    cards: tuple[str, ...]
    table: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class HandLog(Sequence):
    """A replayed hand; as a sequence it is its event log (:class:`LogEntry` items)."""

    game: str
    title: str
    hand: int
    row: dict[str, Any]
    dealt: tuple[SeatView, ...]
    final: tuple[SeatView, ...]
    stock: tuple[str, ...] | None  # the stock as dealt, in drawing order (None: no stock)
    events: tuple[LogEntry, ...]

    def __len__(self) -> int:
        return len(self.events)

    def __getitem__(self, i):  # type: ignore[override]
        return self.events[i]

    def __iter__(self) -> Iterator[LogEntry]:
        return iter(self.events)

    def text(self) -> str:
        """The hand as plain text: deal, log and result (what ``paiju show`` prints)."""
        r = self.row
        n = len(self.dealt)
        lines = [f"{self.title} — hand {self.hand} (seed {r['seed']}, dealer seat {r['dealer']})",
                 "strategies: " + ", ".join(f"seat {s} {r[f'strategy_{s}']}" for s in range(n)),
                 "", "at the first choice:" if self.game == "dama" else "deal:"]
        lines += [_seat_line(v, r) for v in self.dealt]
        if self.stock is not None:
            lines.append(f"  stock ({len(self.stock)}): {' '.join(self.stock)}")
        lines += ["", "play:"]
        lines += [f"  {i + 1:>4}. {e}" for i, e in enumerate(self.events)]
        lines += ["", "at the end:"]
        lines += [_seat_line(v, r) for v in self.final]
        lines += ["", "result: " + ", ".join(f"{k} {v}" for k, v in r.items()
                                             if k not in ("hand", "seed") and not k.startswith("strategy_"))]
        return "\n".join(lines)


def _seat_line(v: SeatView, row: dict[str, Any]) -> str:
    mark = " (dealer)" if v.seat == row.get("dealer") else ""
    table = f"  | table: {'; '.join(v.table)}" if v.table else ""
    return f"  seat {v.seat}{mark}: {' '.join(v.cards) or '—'}{table}"


# ------------------------------------------------------------------ reading a run
def _run(run: str | Path) -> tuple[Any, Any, Any]:
    from sim.games import get_game
    from sim.store import read_manifest, spec_from_manifest

    manifest = read_manifest(Path(run))
    if manifest is None:
        raise RunDirError(f"{run} holds no paiju run (manifest.json missing); give a run directory")
    spec = spec_from_manifest(manifest)
    info = get_game(spec.game)
    workload = info.workload(spec.workload)
    if spec.workload != "play":  # deals scans have no play; matches chain their hands
        raise OptionError(f"{run} is a {spec.game} {spec.workload!r} run; paiju show replays the "
                          f"hands of play runs: give a run made by 'paiju run {spec.game}' "
                          "(without --matches)")
    return info, workload, spec


def _where(where: str, columns: Sequence[str], outcomes: dict[str, str]) -> pl.Expr:
    """A filter from text: a bare column (truthy), an outcome by its label or its local name
    (``natural``, ``天胡``), a ``pl.`` expression, or SQL (``points_0 > 20``)."""
    text = where.strip()
    if text.isidentifier():
        if text in columns:
            return pl.col(text).cast(pl.Boolean)
        label = next((k for k, v in outcomes.items() if text in (k, v, v.split()[0].rstrip(","))), None)
        if label is None:
            names = ", ".join(f"{k} ({v})" for k, v in outcomes.items())
            raise OptionError(f"--where {where!r}: the run has no column or outcome {text!r}; its "
                              f"columns: {', '.join(columns)}" + (f"; its outcomes: {names}" if names else ""))
        return pl.col("outcome").cast(pl.String) == label
    try:
        if text.startswith("pl."):
            expr = eval(text, {"__builtins__": {}}, {"pl": pl})  # noqa: S307 - the user's own filter
        else:
            expr = pl.sql_expr(text)
    except Exception as exc:  # a filter that does not parse: say how to write one
        raise OptionError(f"--where {where!r} does not parse ({type(exc).__name__}); write a column "
                          "('self_drawn'), an outcome ('natural'), a comparison ('points_0 > 20', "
                          "\"outcome = 'draw'\") or a polars expression ('pl.col(\"fan\") >= 4')") from None
    if not isinstance(expr, pl.Expr):
        raise OptionError(f"--where {where!r} is not a filter expression; see paiju show --help")
    return expr


def select(run: str | Path, where: str, *, limit: int = 3) -> list[int]:
    """The ``hand`` numbers of the first ``limit`` rows of ``run`` that match ``where``."""
    from sim.store import load

    _, workload, _ = _run(run)
    frame = load(run)
    columns = frame.collect_schema().names()
    outcomes = {"win": "", **dict(workload.outcome_names)}
    expr = _where(where, columns, {k: v or k for k, v in outcomes.items()})
    try:
        hands = frame.filter(expr).select("hand").head(limit).collect()["hand"].to_list()
    except pl.exceptions.PolarsError as exc:
        first = str(exc).strip().splitlines()[0]
        raise OptionError(f"--where {where!r} cannot be applied to this run: {first}") from None
    return [int(h) for h in hands]


def stored_row(run: str | Path, hand: int) -> dict[str, Any]:
    """The row the run stored for ``hand``, or a one-line error naming the hands it holds."""
    from sim.store import stored_row as row_of

    return row_of(Path(run), hand)[1]


def game_from_run(run: str | Path, hand: int, *, dealer: int | None = None) -> Any:
    """Hand ``hand`` of ``run`` as the run dealt it (the rules of its manifest, the seed,
    dealer and level of its row), as its game's Python driver."""
    from sim.games import get_game
    from sim.store import stored_row as row_of

    spec, row = row_of(Path(run), int(hand))
    info = get_game(spec.game)
    return info.driver.from_row(row, rules=info.rules(**spec.rules), dealer=dealer)


# ------------------------------------------------------------------ replaying
def show(run: str | Path, hand: int) -> HandLog:
    """Replay hand ``hand`` of ``run`` and return its log (checked against the stored row)."""
    from sim.registry import get_strategy

    info, workload, spec = _run(run)
    stored = stored_row(run, hand)
    names = tuple(spec.strategies) or tuple(workload.default_strategies)
    seats = sum(1 for k in stored if k.startswith("strategy_"))
    names = names * seats if len(names) == 1 else names
    players = [get_strategy(spec.game, n) for n in names]
    kept: list[tuple[Any, Any]] = []
    replayed = workload.play_python(spec, hand, 1, players, keep=kept).to_pylist()[0]
    differ = [k for k in stored if stored[k] != replayed.get(k)]
    if differ:
        what = ", ".join(f"{k} {stored[k]!r} stored, {replayed.get(k)!r} replayed" for k in differ[:3])
        raise RunDirError(f"hand {hand} of {run} does not replay to its row ({what}); the run was "
                          f"made by another paiju version or its strategies changed — re-run it")
    dealt, played = kept[-1]
    return HandLog(game=spec.game, title=info.title, hand=hand, row=stored,
                   dealt=_seats(spec.game, dealt, seats), final=_seats(spec.game, played, seats),
                   stock=_stock(spec.game, dealt), events=tuple(_events(played)))


def _cards(game: str, text: str) -> tuple[str, ...]:
    """A hand's text as one token per card (跑胡子 writes cards side by side)."""
    return tuple(ch for ch in text if not ch.isspace()) if game == "zipai" else tuple(text.split())


def _seats(name: str, game: Any, seats: int) -> tuple[SeatView, ...]:
    out = []
    for s in range(seats):
        if hasattr(game, "horses"):  # 打马: horses on the board, no cards
            out.append(SeatView(s, tuple(game.horses(s)), ()))
            continue
        table: tuple[str, ...] = ()
        if hasattr(game, "melds"):
            table = tuple(game.melds(s))
        elif hasattr(game, "laid"):
            table = tuple(x for x in [game.laid(s)] if x)
        elif callable(getattr(game, "table", None)):
            table = tuple(x for x in [game.table(s)] if x)
        out.append(SeatView(s, _cards(name, game.hand(s)), table))
    return tuple(out)


def _stock(name: str, game: Any) -> tuple[str, ...] | None:
    return _cards(name, game.stock()) if hasattr(game, "stock") else None


def _events(game: Any) -> Iterator[LogEntry]:
    events = game.events() if callable(game.events) else game.events
    for e in events:
        text = getattr(e, "text", None)
        if text is None:  # 升级 events carry cards and a detail
            text = " ".join(x for x in (getattr(e, "cards", ""), getattr(e, "detail", "")) if x)
        yield LogEntry(str(e.kind), int(e.seat), str(text))
