"""Plain Python strategies through the runner, for every game with a Python driver.

A play workload whose run has a seat without a compiled kernel plays its hands through
the game's Python driver instead of the batch loop (:meth:`Workload.play_python`). The
driver deals hand ``i`` exactly as the batch deals it and applies every forced step; each
seat is asked through its ``choose(observation, legal, rng)`` or plays its kernel
(:class:`~sim.games.driver.KernelPlayer`), so kernel seats make the batch's choices. When
the hand is over the batch's own ``record`` fills the hand's result row from the final
state, and the workload builds its table from those rows with the code its batch path
uses: the same columns, and with kernels only the same values.

>>> from sim.registry import get_strategy
>>> from sim.games.sise.guangshui.game import Game
>>> from sim.games.sise.guangshui import batch as B
>>> infos = [get_strategy("guangshui", n) for n in ("strong", "greedy", "strong")]
>>> seeds, rows = play_rows(infos, start=0, count=2, width=B.N_RESULT,
...     deal=lambda i, prev: Game.from_run(root_seed=1, hand=i, dealer=i % 3),
...     record=lambda game, row: B.record(game.state, row))
>>> rows.shape == (2, B.N_RESULT) and int(rows[1, B.R_DEALER])
1
"""

from __future__ import annotations

import copy
import functools

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from sim.games.driver import KernelPlayer
from sim.sessions import session_span


def seat_player(info: Any, *, kernel: Callable[[Any], Any] | None = None) -> Any:
    """The player a Python driver asks for a seat: the strategy's kernel when it has one, as
    ``kernel(info)`` makes it (by default a :class:`KernelPlayer`), so the seat makes the
    batch's choices; a compiled search as a :class:`~sim.search.SearchPlayer` and a Python
    searcher as a :class:`~sim.search.Searcher` (given its ``params`` as ``params=``); else
    its ``choose``, named after the strategy for error messages."""
    from sim.search import Searcher, SearchPlayer, is_compiled_search

    if is_compiled_search(info):
        return SearchPlayer(info.params, info.name)
    if info.searcher is not None:  # a searcher with parameters gets them as params=
        search = (info.searcher if info.params is None
                  else functools.partial(info.searcher, params=info.params))
        return Searcher(search, info.name)
    if info.kernel is not None:
        return kernel(info) if kernel is not None else KernelPlayer(info.kernel, info.name)
    choose = info.choose

    def play(observation: Any, legal: Any, rng: Any) -> Any:
        return choose(observation, legal, rng)

    play.__name__ = info.name
    return play


def play_rows(infos: Sequence[Any], *, start: int, count: int, width: int,
              deal: Callable[[int], Any], record: Callable[[Any, np.ndarray], None],
              play: Callable[[Any, list[Any]], Any] | None = None,
              kernel: Callable[[Any], Any] | None = None,
              dtype: Any = np.int64, session: int = 0,
              keep: list[tuple[Any, Any]] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``(seeds, rows)`` of hands ``start .. start + count - 1`` played through a Python driver.

    ``deal(i, prev)`` is hand ``i`` of the run as the batch deals it (a driver game with a
    ``seed``), given ``prev``, the result row of the hand before (zeros before the first);
    ``play(game, players)`` plays it to the end (default ``game.play(players)``), and
    ``record(game, row)`` fills the batch's result row from the finished game. ``infos``
    holds one strategy per seat; ``kernel`` turns a kernel-only seat into the driver's
    player (default :class:`KernelPlayer`). With ``session`` > 0 the hands are chained in
    sessions of that many (:mod:`sim.sessions`): a batch that starts inside one first plays
    the session's earlier hands, as the compiled batch does, and drops their rows. ``keep``,
    when given, receives ``(dealt, played)`` per hand kept: a copy of the game as dealt and
    the game played to its end (what ``paiju show`` prints).
    """
    first, skip = session_span(start, count, session) if session else (start, 0)
    players = [seat_player(info, kernel=kernel) for info in infos]
    seeds = np.zeros(count + skip, dtype=np.uint64)
    rows = np.zeros((count + skip, width), dtype=dtype)
    for h in range(count + skip):
        game = deal(first + h, rows[h - 1] if h else np.zeros(width, dtype=dtype))
        dealt = copy.deepcopy(game) if keep is not None and h >= skip else None
        if play is None:
            game.play(players)
        else:
            play(game, players)
        seeds[h] = np.uint64(game.seed)
        record(game, rows[h])
        if dealt is not None:
            keep.append((dealt, game))
    return seeds[skip:], rows[skip:]


def kernel_choose(kernel: Callable[..., Any]) -> Callable[[Any, Any, Any], Any]:
    """A plain ``choose(observation, legal, rng)`` that asks a compiled kernel (for tests and
    as a start for a Python strategy): it hands the kernel the observation's array, the
    legal codes and the generator, exactly the arguments the batch loop passes."""

    def choose(observation: Any, legal: Any, rng: Any) -> Any:
        obs = getattr(observation, "array", observation)
        codes = np.array([int(a) for a in legal], dtype=obs.dtype)
        return kernel(obs, codes, np.int64(len(codes)), rng)

    return choose
