"""The contract every game implements, and the description of a run.

A game package exposes one :class:`GameInfo`: its name, its :class:`~sim.rules.RuleSet`
and the *workloads* it offers. A workload is one kind of batch job over hands — for
example ``deals`` (scan dealt hands for events) or ``play`` (play complete hands with
strategies). The runner knows nothing about any game: it asks the workload to play the
hands ``[start, start + count)`` of a :class:`RunSpec` and gets back an Arrow table with
one row per hand. That call must be a pure function of the spec and the range.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
import pyarrow as pa

from sim.errors import IllegalActionError
from sim.rules import RuleSet


@dataclasses.dataclass(frozen=True, kw_only=True)
class RunSpec:
    """Everything that determines a run's data: a run is a pure function of this."""

    game: str
    workload: str
    rules: Mapping[str, Any]
    strategies: tuple[str, ...] = ()
    seed: int = 0
    hands: int = 0
    shard_size: int = 0
    # "rows": one row per hand; "counts": one row per shard with its counts of every event
    # (workloads with :meth:`Workload.count_exprs`, e.g. ``paiju deals GAME --counts``)
    mode: str = "rows"

    def identity(self) -> dict[str, Any]:
        """The fields that shards depend on (everything except the number of hands)."""
        ident = {
            "game": self.game,
            "workload": self.workload,
            "rules": dict(self.rules),
            "strategies": list(self.strategies),
            "seed": int(self.seed),
            "shard_size": int(self.shard_size),
        }
        if self.mode != "rows":  # rows runs keep the ids they always had
            ident["mode"] = self.mode
        return ident

    def run_id(self) -> str:
        """A short hash of :meth:`identity`, stamped into every shard."""
        blob = json.dumps(self.identity(), sort_keys=True)
        return hashlib.sha256(blob.encode()).hexdigest()[:16]

    def shard_range(self, index: int) -> tuple[int, int]:
        """The first hand and the number of hands of shard ``index``."""
        start = index * self.shard_size
        return start, max(0, min(self.shard_size, self.hands - start))

    @property
    def n_shards(self) -> int:
        """How many shards the run has."""
        return -(-self.hands // self.shard_size) if self.shard_size else 0


class Workload(ABC):
    """One kind of batch job a game offers; see the module docstring."""

    name: str = ""
    description: str = ""
    default_shard_size: int = 10_000
    default_hands: int = 100_000  # what the command line plays when -n is not given
    unit: str = "hand"  # what -n counts (e.g. "match"), for messages
    compile_seconds: float = 30.0  # first-run compile time on one core, for the notice
    # play workloads: seats at the table, the default strategy of each seat, and the local
    # names of the outcome labels (e.g. {"draw": "荒庄", "natural": "天胡"})
    n_seats: int = 0
    length_unit: str = "decisions"  # what the ``length`` column counts
    default_strategies: tuple[str, ...] = ()
    compiled_search: bool = False  # the batch plays compiled search seats (sim.search)
    outcome_names: Mapping[str, str] = {}
    rules_type: type[RuleSet] | None = None  # set by the GameInfo that lists the workload
    # deal workloads: the name, in the workload's module, of the compiled scan its play calls
    # per block of deals (benchmarks/bench_deals.py times it)
    scan_kernel: str = ""

    @abstractmethod
    def schema(self, spec: RunSpec) -> pa.Schema:
        """The Arrow schema of the rows this workload writes for ``spec``."""

    @abstractmethod
    def play(self, spec: RunSpec, start: int, count: int) -> pa.Table:
        """Play hands ``start .. start + count - 1`` and return one row per hand."""

    def python_players(self, spec: RunSpec) -> list[Any] | None:
        """The strategies per seat when one of them has no compiled kernel, else ``None``.

        A play workload's :meth:`play` calls this first and hands such specs to
        :meth:`play_python`; all-compiled specs go to the batch driver.
        """
        if not self.n_seats:
            return None
        from sim.registry import get_strategy

        names = tuple(spec.strategies) or tuple(self.default_strategies)
        infos = [get_strategy(spec.game, n) for n in names]
        return None if all(map(self.batch_plays, infos)) else infos

    def batch_plays(self, info: Any) -> bool:
        """Whether the compiled batch plays this strategy: it has a kernel, or it is a compiled
        search and this workload's batch runs them (``compiled_search``)."""
        from sim.search import is_compiled_search

        return info.kernel is not None or (self.compiled_search and is_compiled_search(info))

    def play_python(self, spec: RunSpec, start: int, count: int, players: list[Any], *,
                    keep: list[tuple[Any, Any]] | None = None) -> pa.Table:
        """Play hands ``start .. start + count - 1`` through the game's Python driver.

        ``players`` holds one :class:`~sim.registry.StrategyInfo` per seat: a seat with a
        ``choose(observation, legal, rng)`` is asked through it, a seat with only a kernel
        plays that kernel. A game implements this hook so that plain Python strategies run
        through the runner across cores: deal hand ``i`` exactly as the batch driver does
        (seed ``hand_seed(root, i)``, the same dealer), hand each player the seat's
        observation, the legal actions and the hand's generator, and return the same
        columns as :meth:`play` (kernel-only seats then give the batch's rows exactly).
        ``keep``, when given, receives ``(dealt, played)`` games per hand (``paiju show``).
        """
        from sim.errors import OptionError

        raise OptionError(
            f"{spec.game} {self.name} plays compiled strategies only; give strategies with a kernel"
        )

    def check(self, spec: RunSpec) -> None:
        """Refuse a spec this workload cannot run (raise :class:`~sim.errors.PaijuError`)."""

    # ------------------------------------------------------------ helpers every game shares
    def rules(self, spec: RunSpec) -> RuleSet:
        """The rules object of ``spec`` (its options, checked; a one-line error if bad)."""
        if self.rules_type is None:
            raise TypeError(f"workload {self.name!r} belongs to no GameInfo (it sets rules_type)")
        return self.rules_type.from_options(overrides=spec.rules)

    def strategy_names(self, spec: RunSpec, *, python: bool = False) -> tuple[str, ...]:
        """The strategy per seat (the defaults when none is given), each registered and with
        a compiled kernel — or, with ``python``, a Python ``choose`` — or a one-line error."""
        from sim.errors import OptionError
        from sim.registry import get_strategy

        names = tuple(spec.strategies) or tuple(self.default_strategies)
        seats = self.seat_count(spec.rules)
        if len(names) == 1 and seats > 1:
            names *= seats
        if len(names) != seats:
            raise OptionError(f"{spec.game} needs {seats} strategies (one per seat), got "
                              f"{len(names)}: {','.join(names)}")
        from sim.search import is_compiled_search

        for name in names:
            info = get_strategy(spec.game, name)
            driver_plays = info.choose is not None or info.searcher is not None or is_compiled_search(info)
            if not self.batch_plays(info) and not (python and driver_plays):
                hint = "; Python strategies play single hands (drop --matches)" if info.choose else ""
                raise OptionError(f"{spec.game} strategy {name!r} has no compiled kernel; the "
                                  f"batch needs one{hint}")
        return names

    @staticmethod
    def illegal_action(spec: RunSpec, *, strategy: str, seat: int, action: str, where: str,
                       seed: int, replay: str = "") -> IllegalActionError:
        """The one-line error of a compiled strategy's illegal choice in the batch: who chose
        what, in which hand (``where``, e.g. ``"hand 12"``) and seed, and how to replay it."""
        tail = f"; replay it with {replay}" if replay else ""
        return IllegalActionError(f"{spec.game} strategy {strategy!r} (seat {seat}) chose illegal "
                                  f"action {action} in {where} (seed {seed}){tail}")

    def seat_count(self, rules: Mapping[str, Any]) -> int:
        """Seats at the table under these rule options (games where a rule sets it override)."""
        return self.n_seats

    def fill_strategies(self, spec: RunSpec) -> RunSpec:
        """``spec`` with a single strategy name repeated in every seat of its table."""
        seats = self.seat_count(spec.rules)
        if len(spec.strategies) == 1 and seats > 1:
            return dataclasses.replace(spec, strategies=tuple(spec.strategies) * seats)
        return spec

    def warm_up(self, spec: RunSpec) -> None:
        """Compile the kernels once (a tiny run), so timings exclude compilation."""
        self.play(spec, 0, min(8, max(1, spec.hands)))

    def exact_table(self) -> pl.DataFrame | None:
        """Exact probabilities of the deal events this workload measures (``paiju exact``).

        ``None`` when it has none; :func:`sim.exact.events_table` builds the usual columns.
        """
        return None

    def exact_details(self) -> str:
        """Further exact results printed by ``paiju exact`` below the table (e.g. distributions)."""
        return ""

    def count_exprs(self, spec: RunSpec) -> dict[str, pl.Expr] | None:
        """Integer totals over the rows that the summary is computed from, by column name.

        A workload that returns them can store one row of these totals per shard instead of
        a row per hand (``mode="counts"``); its summary reads either kind through
        :func:`sim.counts.totals`. ``None`` (the default): rows only.
        """
        return None

    def count_block(self, spec: RunSpec, start: int, count: int) -> Any:
        """The totals of :meth:`count_exprs` for hands ``start .. start + count - 1`` as an
        int64 array in their order, computed without building rows, or ``None`` (the
        default: counts mode builds the rows and evaluates the expressions)."""
        return None

    def count_table(self, spec: RunSpec, table: pa.Table) -> Any:
        """The totals of :meth:`count_exprs` over one block of rows (a table of
        :meth:`play`) as an int64 array in their order, computed in compiled code, or
        ``None`` (the default: the expressions are evaluated by polars)."""
        return None

    @abstractmethod
    def summary(self, spec: RunSpec, frame: pl.LazyFrame) -> pl.DataFrame:
        """The table printed at the end of a run, computed from the stored rows."""

    def outcome_kinds(self) -> dict[str, dict[str, pl.Expr]]:
        """The kinds of an outcome, listed beneath it in summaries, reports and sweeps.

        Outcome label → {kind name: boolean expression per hand}, e.g. every kind of 天胡
        under ``natural``. Every kind keeps its row even when it never happened.
        """
        return {}

    def exact_rates(self, spec: RunSpec) -> dict[str, float]:
        """Exact probabilities per hand of outcome kinds, by kind name, where known."""
        return {}

    def metrics(self) -> dict[str, pl.Expr]:
        """Game-specific numbers per hand for sweeps and reports (null where they do not apply).

        For example ``{"胡息 of winning hands": pl.when(pl.col("outcome") == "win")
        .then(pl.col("huxi"))}``; sweeps report the mean of each with its interval.
        """
        return {}

    def report_sections(self, spec: RunSpec, frame: pl.LazyFrame, figures: Path) -> list[Section]:
        """Game-specific sections of ``paiju report`` (figures are saved under ``figures``)."""
        return []


@dataclasses.dataclass(frozen=True)
class Section:
    """One section of a report: a heading, Markdown text and an optional figure file."""

    title: str
    text: str
    figure: Path | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class GameInfo:
    """A game: its name, rules and workloads. ``name``, ``title`` and ``aliases`` not given are
    the rules class's ``GAME``, ``TITLE`` and ``ALIASES`` (from its ``rules.toml``)."""

    name: str = ""
    title: str = ""
    rules: type[RuleSet]
    workloads: Mapping[str, Workload]
    aliases: tuple[str, ...] = ()
    # the Python driver (a sim.games.driver.DriverGame subclass) and the fields of the
    # observation array its kernels read (sim.games.spec.ObservationSpec, from observe.py)
    driver: Any = None
    observation_spec: Any = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", self.name or self.rules.GAME)
        object.__setattr__(self, "title", self.title or self.rules.TITLE)
        object.__setattr__(self, "aliases", self.aliases or self.rules.ALIASES)
        for w in self.workloads.values():  # each workload knows its game's rules
            if w.rules_type is None:
                w.rules_type = self.rules

    def rules_of(self, rules: RuleSet | Mapping[str, Any] | str | None = None) -> RuleSet:
        """The game's rules from a rules object, a preset name, a mapping of options
        (on top of the ``seed`` preset) or ``None`` (the ``seed`` preset)."""
        from sim.errors import OptionError

        if rules is None:
            return self.rules.from_options()
        if isinstance(rules, str):
            return self.rules.from_options(preset=rules)
        if isinstance(rules, Mapping):
            return self.rules.from_options(overrides=rules)
        if not isinstance(rules, self.rules):
            raise OptionError(f"{self.name} rules must be {self.rules.__name__}, a preset name or "
                              f"a mapping of options, not {type(rules).__name__}")
        return rules

    def new_game(self, *, seed: int, rules: RuleSet | Mapping[str, Any] | str | None = None,
                 dealer: int | None = None) -> Any:
        """A new hand of this game dealt from ``seed``, as its Python driver (``DriverGame``)."""
        from sim.errors import OptionError

        if self.driver is None:
            raise OptionError(f"{self.name} has no Python driver")
        return self.driver.new_game(seed=int(seed), rules=self.rules_of(rules), dealer=dealer)

    def workload(self, name: str) -> Workload:
        """The workload called ``name``, or a clear error."""
        from sim.errors import OptionError

        if name not in self.workloads:
            raise OptionError(
                f"{self.name} has no workload {name!r}; it offers: {', '.join(self.workloads)}"
            )
        return self.workloads[name]


TEXT = pa.dictionary(pa.int8(), pa.string())  # a short text column (dictionary-encoded)


def play_fields(n_seats: int) -> list[pa.Field]:
    """The columns every ``play`` workload writes first, whatever the game.

    ``hand``, ``seed`` (the hand's 64-bit seed), ``dealer`` (seat; in team games the
    seat of the declarer / 庄家), ``strategy_s`` per seat, ``outcome`` (a short label such
    as ``"win"``, ``"natural"``, ``"draw"``), ``winner`` (a seat, -1 for none; in team
    games the 庄家 seat when the 庄家 side wins, else the seat after it), ``won_s`` per
    seat, ``points_s`` per seat (they sum to zero in zero-sum games) and ``length``
    (decisions or tricks in the hand). The analysis functions read only these columns.
    """
    text = TEXT
    fields = [
        pa.field("hand", pa.int64()),
        pa.field("seed", pa.uint64()),
        pa.field("dealer", pa.int8()),
    ]
    fields += [pa.field(f"strategy_{s}", text) for s in range(n_seats)]
    fields += [pa.field("outcome", text), pa.field("winner", pa.int8())]
    fields += [pa.field(f"won_{s}", pa.bool_()) for s in range(n_seats)]
    fields += [pa.field(f"points_{s}", pa.int32()) for s in range(n_seats)]
    fields.append(pa.field("length", pa.int16()))
    return fields


def play_columns(names: Sequence[str], hands: np.ndarray, seeds: np.ndarray, dealer: np.ndarray,
                 outcome: list[str], winner: np.ndarray, points: np.ndarray, length: np.ndarray, *,
                 won: np.ndarray | None = None) -> dict[str, Any]:
    """The columns of :func:`play_fields` for a block of hands, by name and in its types: one
    value per hand in each argument, and one column per seat of ``names`` (the strategies) in
    ``points`` and ``won`` (by default: the seat is the ``winner``)."""
    count = len(hands)
    winner = winner.astype(np.int8)
    cols: dict[str, Any] = {"hand": hands, "seed": seeds, "dealer": dealer.astype(np.int8)}
    for s, name in enumerate(names):
        cols[f"strategy_{s}"] = [name] * count
    cols["outcome"] = outcome
    cols["winner"] = winner
    for s in range(len(names)):
        cols[f"won_{s}"] = winner == s if won is None else won[:, s]
    for s in range(len(names)):
        cols[f"points_{s}"] = points[:, s].astype(np.int32)
    cols["length"] = length.astype(np.int16)
    return cols


def required_schema(fields: list[pa.Field]) -> pa.Schema:
    """A schema of ``fields`` in which no cell may be null (Parquet REQUIRED columns).

    Every cell of a deal scan's row is filled by its kernel; saying so spares the Parquet
    writer a definition level per value, about a fifth of its time on a scan's narrow rows.
    The values and their types read back as before.
    """
    return pa.schema([f.with_nullable(False) for f in fields])
