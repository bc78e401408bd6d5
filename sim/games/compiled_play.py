"""The ``play`` workload's dispatch, written once for every game.

A game's play workload subclasses :class:`CompiledPlay` and declares only what is its own:
its ``batch`` and ``search`` modules (each with ``specialised(kernels)``, :mod:`sim.loops`),
the loop's ``ctx`` (:meth:`~CompiledPlay.context`), the result arrays the hand loop writes
(``out_width`` and ``out_dtype``, or :meth:`~CompiledPlay.new_out`), how an illegal choice
reads (:meth:`~CompiledPlay.illegal_choice`) and the rows of a batch
(:meth:`~CompiledPlay.table`, which its ``play_python`` calls too). :meth:`CompiledPlay.play`
sends a run with a Python strategy to ``play_python``, one with a compiled search seat to
the search loop and the rest to the hand loop; the hands are played inside the compiled
loop, so what happens here happens once per batch.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, ClassVar

import numpy as np
import pyarrow as pa

from sim.errors import IllegalActionError
from sim.games.base import RunSpec, Workload
from sim.rules import RuleSet


class CompiledPlay(Workload):
    """A ``play`` workload whose hands the game's compiled loops play (see the module)."""

    name = "play"
    compiled_search = True
    batch: ClassVar[ModuleType]  # the hand loop's primitives and ``specialised``
    search: ClassVar[ModuleType]  # the search's; ``search.ROLLOUT`` is the loops' seat count
    out_width: int = 0  # the result row of one hand: out = zeros((count, out_width), out_dtype)
    out_dtype: Any = np.int64

    def context(self, rules: RuleSet) -> Any:
        """The loops' ``ctx`` under ``rules`` (the rules vector, or it and the game's tables)."""
        raise NotImplementedError

    def new_out(self, count: int) -> Any:
        """Room for the results of ``count`` hands (an array, or a tuple of them)."""
        return np.zeros((count, self.out_width), dtype=self.out_dtype)

    def illegal_choice(self, spec: RunSpec, out: Any, row: int, hand: int,
                       seed: int) -> tuple[int, str, str, str]:
        """The seat, the action as text, where it was chosen (e.g. ``"hand 12"``) and how to
        replay it, of the illegal choice the loop wrote into row ``row`` of ``out`` (hand
        ``start + row`` of the run is ``hand``, dealt from ``seed``)."""
        raise NotImplementedError

    def table(self, spec: RunSpec, names: tuple[str, ...], start: int, seeds: np.ndarray,
              out: Any) -> pa.Table:
        """The rows of hands ``start ..`` from their seeds and results (both drivers)."""
        raise NotImplementedError

    def check(self, spec: RunSpec) -> None:
        self.rules(spec)
        self.strategy_names(spec, python=True)

    def play(self, spec: RunSpec, start: int, count: int) -> pa.Table:
        """Play hands ``start .. start + count - 1``: through ``play_python`` when a seat has
        no compiled kernel, else in the search loop when a seat searches, else in the hand
        loop; an illegal choice is a one-line :class:`~sim.errors.IllegalActionError`."""
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
