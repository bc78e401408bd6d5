"""The ``play`` workload's dispatch, written once for every game.

A game's play workload subclasses :class:`CompiledPlay` and declares only what is its own:
the loops' ``ctx`` (:meth:`~CompiledPlay.context`), the result rows the hand loop writes
(``out_dtype``; :meth:`~CompiledPlay.new_out` where they are not the batch's ``N_RESULT``
columns) and the columns of a block of hands (:meth:`~CompiledPlay.columns`), and where the
defaults do not fit, how an illegal action reads (:meth:`~CompiledPlay.action_text`,
:meth:`~CompiledPlay.illegal_choice`) and how the Python driver deals and records a hand
(:meth:`~CompiledPlay.hand_dealer`, :meth:`~CompiledPlay.record`,
:meth:`~CompiledPlay.session_hands`). The game's modules are the ones beside its play
module, as docs/adding-a-game.md names them: ``batch`` and ``search`` (each with
``specialised(kernels)``, :mod:`sim.loops`) and ``game`` (its Python driver ``Game``); a
workload kept elsewhere (the toy game's) sets ``batch``, ``search`` and ``driver`` itself.

:meth:`CompiledPlay.play` sends a run with a Python strategy to
:meth:`~CompiledPlay.play_python`, one with a compiled search seat to the search loop and
the rest to the hand loop. The hands are played inside the compiled loop, so what happens
here happens once per batch.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import importlib

import numpy as np
import pyarrow as pa

from sim.errors import IllegalActionError
from sim.games.base import RunSpec, Workload
from sim.rules import RuleSet


class CompiledPlay(Workload):
    """A ``play`` workload whose hands the game's compiled loops play (see the module)."""

    name = "play"
    compiled_search = True
    out_dtype: Any = np.int64  # of the result rows

    # ------------------------------------------------------------ the game's modules
    def _beside(self, name: str) -> ModuleType:
        """The game's module ``name``: beside the module of the game's own workload class."""
        own = [c for c in type(self).__mro__ if issubclass(c, CompiledPlay)][-2]
        return importlib.import_module(f"{own.__module__.rpartition('.')[0]}.{name}")

    @property
    def batch(self) -> ModuleType:
        """The hand loop's primitives, ``specialised`` and ``record`` (the game's ``batch``)."""
        return self._beside("batch")

    @property
    def search(self) -> ModuleType:
        """The search's primitives and ``specialised`` (the game's ``search``); its
        ``ROLLOUT`` is the loops' number of seats."""
        return self._beside("search")

    @property
    def driver(self) -> type:
        """The Python driver, a :class:`~sim.games.driver.DriverGame` (the game's ``Game``)."""
        return self._beside("game").Game

    # ------------------------------------------------------------ what a game declares
    def context(self, rules: RuleSet) -> Any:
        """The loops' ``ctx`` under ``rules`` (the rules vector, or it and the game's tables)."""
        raise NotImplementedError

    @property
    def out_width(self) -> int:
        """The columns of one hand's result row: the batch's ``N_RESULT``."""
        return self.batch.N_RESULT

    def new_out(self, count: int) -> Any:
        """Room for the results of ``count`` hands (an array, or a tuple of them)."""
        return np.zeros((count, self.out_width), dtype=self.out_dtype)

    def columns(self, spec: RunSpec, names: tuple[str, ...], start: int, seeds: np.ndarray,
                out: Any) -> dict[str, Any]:
        """The columns of hands ``start ..`` by name, from their seeds and results."""
        raise NotImplementedError

    def action_text(self, code: int) -> str:
        """An action code as an error message shows it (by default the number)."""
        return str(code)

    def illegal_choice(self, spec: RunSpec, out: Any, row: int, hand: int,
                       seed: int) -> tuple[int, str, str, str]:
        """The seat, the action as text, where it was chosen (e.g. ``"hand 12"``) and how to
        replay it, of the illegal choice the loop wrote into row ``row`` of ``out`` (hand
        ``start + row`` of the run is ``hand``, dealt from ``seed``).

        By default the seat and the action are where :mod:`sim.loops`' ``write_bad`` leaves
        them, in the batch's ``R_BAD_SEAT`` and ``R_BAD_ACTION`` columns of the (first) result
        array; a batch that plays sessions also writes the hand (``R_BAD_HAND``: it may be an
        earlier one of the session) and its dealer (``R_DEALER``), else the dealer is
        ``hand % seats``."""
        res = out[0] if isinstance(out, tuple) else out
        b = self.batch
        if hasattr(b, "R_BAD_HAND"):
            hand, dealer = int(res[row, b.R_BAD_HAND]), int(res[row, b.R_DEALER])
        else:
            dealer = hand % self.seat_count(spec.rules)
        return (int(res[row, b.R_BAD_SEAT]), self.action_text(int(res[row, b.R_BAD_ACTION])),
                f"hand {hand}", f"Game.from_run(root_seed={spec.seed}, hand={hand}, dealer={dealer})")

    def hand_dealer(self, spec: RunSpec, rules: RuleSet,
                    ctx: Any) -> Callable[[int, np.ndarray], int | None]:
        """``dealer(i, prev)``: the dealer of hand ``i`` as the batch deals it, given the result
        row of the hand before (by default ``i % seats``)."""
        seats = self.seat_count(spec.rules)
        return lambda i, prev: i % seats

    def record(self, ctx: Any, game: Any, row: np.ndarray) -> None:
        """Fill a finished driver game's result row as the batch does (by default
        ``batch.record(game.state, row)``)."""
        self.batch.record(game.state, row)

    def session_hands(self, rules: RuleSet) -> int:
        """How many hands a session chains under ``rules`` (:mod:`sim.sessions`; 0: none,
        else the schema has a ``session`` column)."""
        return 0

    # ------------------------------------------------------------ written once
    def check(self, spec: RunSpec) -> None:
        self.rules(spec)
        self.strategy_names(spec, python=True)

    def table(self, spec: RunSpec, names: tuple[str, ...], start: int, seeds: np.ndarray,
              out: Any) -> pa.Table:
        """The rows of hands ``start ..`` from their seeds and results (both drivers), with
        the ``session`` of each where hands are chained in sessions."""
        from sim.sessions import session_index

        cols = self.columns(spec, names, start, seeds, out)
        session = self.session_hands(self.rules(spec))
        if session:
            cols["session"] = session_index(cols["hand"], session)
        return pa.Table.from_pydict(cols, schema=self.schema(spec))

    def play(self, spec: RunSpec, start: int, count: int) -> pa.Table:
        """Play hands ``start .. start + count - 1``: through :meth:`play_python` when a seat
        has no compiled kernel, else in the search loop when a seat searches, else in the
        hand loop; an illegal choice is a one-line :class:`~sim.errors.IllegalActionError`."""
        from sim.games.sampled import seat_kernels
        from sim.registry import get_strategy
        from sim.search import is_compiled_search

        players = self.python_players(spec)
        if players is not None:
            return self.play_python(spec, start, count, players)
        names = self.strategy_names(spec)
        infos = [get_strategy(spec.game, n) for n in names]
        infos += [infos[0]] * (self.search.ROLLOUT - len(infos))  # seats beyond the table never act
        seeds = np.zeros(count, dtype=np.uint64)
        out = self.new_out(count)
        args = (np.uint64(spec.seed), np.int64(start), np.int64(count), self.context(self.rules(spec)))
        if any(is_compiled_search(i) for i in infos):
            kernels, ks, widths = seat_kernels(spec.game, infos, self.default_strategies[0])
            bad = self.search.specialised(kernels).play_search_hands(*args, ks, widths, seeds, out)
        else:
            bad = self.batch.specialised([i.kernel for i in infos]).play_hands(*args, seeds, out)
        if bad >= 0:
            raise self.illegal(spec, names, seeds, out, int(bad), start + int(bad))
        return self.table(spec, names, start, seeds, out)

    def illegal(self, spec: RunSpec, names: tuple[str, ...], seeds: np.ndarray, out: Any,
                row: int, hand: int) -> IllegalActionError:
        """The error of the illegal choice in row ``row`` (:meth:`illegal_choice`)."""
        seat, action, where, replay = self.illegal_choice(spec, out, row, hand, int(seeds[row]))
        return self.illegal_action(spec, strategy=names[seat], seat=seat, action=action,
                                   where=where, seed=int(seeds[row]), replay=replay)

    def play_python(self, spec: RunSpec, start: int, count: int, players: list, *,
                    keep: list | None = None) -> pa.Table:
        """Hands through the game's Python driver (:func:`sim.games.python_play.play_rows`):
        each dealt as the batch deals it, its result row filled as the batch fills it, so
        the columns are the batch's (and with kernels only, the values); ``keep`` receives
        ``(dealt, played)`` games per hand (``paiju show``)."""
        from sim.games.python_play import play_rows

        rules = self.rules(spec)
        names = self.strategy_names(spec, python=True)
        ctx = self.context(rules)
        driver, dealer = self.driver, self.hand_dealer(spec, rules, ctx)
        seeds, rows = play_rows(
            players, start=start, count=count, width=self.out_width, dtype=self.out_dtype,
            deal=lambda i, prev: driver.from_run(root_seed=spec.seed, hand=i, rules=rules,
                                                 dealer=dealer(i, prev)),
            record=lambda game, row: self.record(ctx, game, row), session=self.session_hands(rules),
            keep=keep)
        return self.table(spec, names, start, seeds, rows)


class Matches:
    """Beside a play workload (listed first among its bases): whole matches, ``-n`` counting
    matches, played by compiled kernels only."""

    name = "match"
    unit = "match"
    compiled_search = False

    def check(self, spec: RunSpec) -> None:
        self.rules(spec)
        self.strategy_names(spec)
