"""跑胡子 hands through the Python driver, for strategies that are plain Python functions.

Each hand is dealt by :meth:`Game.from_run` exactly as the batch driver deals it and is
played by :meth:`Game.play`; a seat whose strategy has a ``choose`` is asked through it
(observation, legal actions, the hand's generator), any other seat plays its kernel. The
arrays filled are those of :func:`sim.games.zipai.batch.play_hands` (keep the two in step
when a result column is added: a test compares them), so the rows are the same columns
(and, with kernels only, the same values).
"""

from __future__ import annotations

import copy

from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.games.zipai import batch
from sim.games.zipai import engine as E
from sim.games.zipai.deal import N_SEATS, STOCK_CARDS
from sim.games.zipai.game import Game, KernelPlayer
from sim.games.zipai.rules import ZipaiRules


def _player(info: Any) -> Any:
    if info.choose is not None:
        choose = info.choose

        def play(observation, legal, rng, _choose=choose):
            return _choose(observation, legal, rng)

        play.__name__ = info.name
        return play
    return KernelPlayer(info.kernel, info.name)


def play_hands(root_seed: int, start: int, count: int, rules: ZipaiRules,
               players: Sequence[Any], *, keep: list[tuple[Any, Any]] | None = None,
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(seeds, results, points)`` of hands ``start .. start + count - 1`` (batch layout);
    ``keep`` receives ``(dealt, played)`` games per hand, as in :func:`sim.games.python_play.play_rows`."""
    seats = [_player(p) for p in players]
    seeds = np.empty(count, dtype=np.uint64)
    res = np.zeros((count, batch.N_RESULT), dtype=np.int16)
    pts = np.zeros((count, N_SEATS), dtype=np.int32)
    for h in range(count):
        g = Game.from_run(root_seed=root_seed, hand=start + h, rules=rules)
        if keep is not None:
            keep.append((copy.deepcopy(g), g))
        g.play(seats)
        s = g.state
        seeds[h] = np.uint64(g.seed)
        res[h, batch.R_WINNER] = s[E.WINNER]
        res[h, batch.R_KIND] = s[E.WIN_KIND]
        res[h, batch.R_HUXI] = s[E.HUXI]
        res[h, batch.R_TUN] = s[E.TUN]
        res[h, batch.R_FAN] = s[E.FAN]
        res[h, batch.R_LEFT] = STOCK_CARDS - s[E.SP]
        res[h, batch.R_DEC] = s[E.N_DEC]
        res[h, batch.R_REDEALS] = s[E.REDEALS]
        res[h, batch.R_SELF] = s[E.SELF_DRAWN]
        pts[h] = s[E.PTS:E.PTS + N_SEATS]
    return seeds, res, pts
