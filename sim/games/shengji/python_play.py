"""升级 hands through the Python driver, for strategies that are plain Python functions.

Hand ``i`` is a :class:`ShengjiGame` dealt from ``hand_seed(root, i)`` at ``start_level``
with the final declarer as 庄家, exactly as the batch's first hands, and played by
:meth:`ShengjiGame.play_out`. A seat with a ``choose`` is asked
``choose(observation, legal, rng)``: ``legal`` lists the legal plays as count vectors
(a :class:`~sim.games.shengji.legal.LegalPlays`, built from copies of the seat's own hand,
the trick's format and the order; to lead, every single combination — throws are legal
too) and the result is the play's count vector or its text. Other seats play their kernel.
The result rows use the batch's layout, so the table is built by the same code.
"""

from __future__ import annotations

import copy

from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.games.shengji import engine as E
from sim.games.shengji.game import ShengjiGame
from sim.games.shengji.legal import LIMIT, LegalPlays
from sim.games.shengji.rules import ShengjiRules
from sim.rng import hand_seeds

__all__ = ["LIMIT", "LegalPlays", "play_hands"]

_COLUMNS = {
    E.R_ZHUANG: "zhuang", E.R_TRUMP: "trump", E.R_DECLARER: "declarer",
    E.R_RAW: "attacker_points_raw", E.R_KOU: "kou_di", E.R_PENALTY: "throw_penalty",
    E.R_POINTS: "attacker_points", E.R_SIDE: "side", E.R_LEVELS: "levels",
    E.R_TRICKS: "tricks", E.R_THROWS: "throws", E.R_FAILED: "failed_throws",
    E.R_LAST: "last_trick_winner", E.R_DEF_RAW: "defender_points_raw", E.R_LEVEL: "level",
}


def _player(info: Any) -> Any:
    return info.kernel if info.choose is None else info.choose


def play_hands(root_seed: int, start: int, count: int, rules: ShengjiRules,
               players: Sequence[Any], *, keep: list[tuple[Any, Any]] | None = None,
               ) -> tuple[np.ndarray, np.ndarray]:
    """``(seeds, results)`` of first hands ``start .. start + count - 1`` (batch layout);
    ``keep`` receives ``(dealt, played)`` games per hand, as in :func:`sim.games.python_play.play_rows`."""
    seats = [_player(p) for p in players]
    names = [p.name for p in players]
    seeds = hand_seeds(root_seed, start, count)
    res = np.zeros((count, E.N_RESULTS), dtype=np.int32)
    for h in range(count):
        g = ShengjiGame(seed=int(seeds[h]), rules=rules)
        if keep is not None:
            keep.append((copy.deepcopy(g), g))
        result = g.play_out(seats, names=names)
        for column, key in _COLUMNS.items():
            res[h, column] = result[key]
    return seeds, res
