"""升级 hands through the Python driver, for strategies that are plain Python functions.

Hand ``i`` is a :class:`ShengjiGame` dealt from ``hand_seed(root, i)`` at ``start_level``
with the final declarer as 庄家, exactly as the batch's first hands, and played by
:meth:`ShengjiGame.play_out`. A seat with a ``choose`` is asked
``choose(observation, legal, rng)``: ``legal`` lists the legal plays as count vectors
(a :class:`LegalPlays`; to lead, every single combination — throws are legal too) and
the result is the play's count vector or its text. Other seats play their kernel.
The result rows use the batch's layout, so the table is built by the same code.
"""

from __future__ import annotations

import copy

from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.games.shengji import engine as E
from sim.games.shengji.game import ShengjiGame
from sim.games.shengji.rules import ShengjiRules
from sim.rng import hand_seeds

_COLUMNS = {
    E.R_ZHUANG: "zhuang", E.R_TRUMP: "trump", E.R_DECLARER: "declarer",
    E.R_RAW: "attacker_points_raw", E.R_KOU: "kou_di", E.R_PENALTY: "throw_penalty",
    E.R_POINTS: "attacker_points", E.R_SIDE: "side", E.R_LEVELS: "levels",
    E.R_TRICKS: "tricks", E.R_THROWS: "throws", E.R_FAILED: "failed_throws",
    E.R_LAST: "last_trick_winner", E.R_DEF_RAW: "defender_points_raw", E.R_LEVEL: "level",
}


LIMIT = 20_000  # candidate card sets a follow may enumerate before it gives up


class LegalPlays(Sequence):
    """The legal plays of the seat to play, enumerated on first use (count vectors).

    To lead: every single combination (a throw is legal too — :meth:`check` it). To
    follow: every distinct legal answer — but a seat short of the led suit may fill from
    its whole hand, far too many sets to list, so enumerating a follow stops with an error
    past :data:`LIMIT` candidates. :meth:`check` and :meth:`suggest` (the rules' builder
    with the strategy's own card priorities) never enumerate; a follow should use them.
    """

    def __init__(self, game: ShengjiGame) -> None:
        self._game = game
        self._plays: list[np.ndarray] | None = None

    def _all(self) -> list[np.ndarray]:
        if self._plays is None:
            self._plays = self._game.legal_plays(limit=LIMIT)
        return self._plays

    def __len__(self) -> int:
        return len(self._all())

    def __getitem__(self, i):  # type: ignore[override]
        return self._all()[i]

    def check(self, play: np.ndarray | str) -> bool:
        """Whether ``play`` (count vector or card text) is legal now."""
        return self._game.check(play) == 0

    def suggest(self, pref: np.ndarray | None = None) -> np.ndarray:
        """A legal play: the lowest single to lead; to follow, the rules' builder with
        ``pref`` (higher = keep the card back less), by default the lowest cards."""
        return self._game.suggest(self._game.to_play, pref=pref)


def _player(info: Any) -> Any:
    if info.choose is None:
        return info.kernel

    def play(observation, game, rng, _choose=info.choose):
        return _choose(observation, LegalPlays(game), rng)

    return play


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
