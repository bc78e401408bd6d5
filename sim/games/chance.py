"""Chance move by move: a deal drawn one card at a time, for layers that need every chance
event explicit (OpenSpiel's chance nodes).

A game offers ``Game.chance_deal(rules=..., dealer=...)``, a :class:`CardDeal`: the deck is
drawn without replacement, one card per chance event (each remaining kind with probability
its copies left over the cards left), then ``extras`` uniform draws (升级: the seat dealt
first). When the last draw is made, the game's ``finish(order, extras)`` deals the hand from
that arrangement exactly as its engine deals a shuffled deck, and returns the driver game, or
``None`` where the rules throw the deal in (跑胡子's redeal): drawing then starts again, and
the next ``finish`` is told how many deals were thrown in before it (the hand counts them).

Chance inside play (打马's dice) is the driver's own: a driver whose ``chance_outcomes()`` is
not empty waits for ``apply_chance(outcome)``. :func:`chance_outcomes` asks any driver.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

Finish = Callable[[np.ndarray, tuple[int, ...], int], Any]  # (order, extras, redeals) -> game


class CardDeal:
    """A deck drawn card by card (see the module docstring).

    ``counts[k]`` is the number of copies of card kind ``k`` (the engine's kind codes);
    ``extras`` the sizes of the uniform draws after the cards; ``name(k)`` a card's text.
    """

    def __init__(self, counts: Sequence[int], finish: Finish, *, extras: Sequence[int] = (),
                 name: Callable[[int], str] = str) -> None:
        self.counts = np.asarray(counts, dtype=np.int64)
        if (self.counts < 0).any():
            raise ValueError("a deck holds no negative number of copies")
        self.extras_sizes = tuple(int(e) for e in extras)
        self.finish = finish
        self.name = name
        self.redeals = 0  # deals thrown in by the rules so far
        self.game: Any = None
        self._restart()
        self._settle()

    def _restart(self) -> None:
        self.left = self.counts.copy()
        self.order: list[int] = []
        self.extras: list[int] = []

    @property
    def size(self) -> int:
        """The number of cards in the deck."""
        return int(self.counts.sum())

    @property
    def done(self) -> bool:
        """Whether the hand is dealt (:attr:`game` holds it)."""
        return self.game is not None

    def outcomes(self) -> list[tuple[int, float]]:
        """The next draw's outcomes and their probabilities (empty once dealt)."""
        if self.done:
            return []
        if len(self.order) < self.size:
            total = float(self.left.sum())
            return [(int(k), float(self.left[k]) / total) for k in np.flatnonzero(self.left)]
        n = self.extras_sizes[len(self.extras)]
        return [(i, 1.0 / n) for i in range(n)]

    def text(self, outcome: int) -> str:
        """The next draw's ``outcome`` in words."""
        if len(self.order) < self.size:
            return f"deal {self.name(int(outcome))}"
        return f"draw {int(outcome) + 1} of {self.extras_sizes[len(self.extras)]}"

    def apply(self, outcome: int) -> None:
        """Make the next draw; the last one deals the hand (or starts a redeal)."""
        if self.done:
            raise ValueError("the hand is already dealt")
        o = int(outcome)
        if len(self.order) < self.size:
            if not 0 <= o < len(self.left) or self.left[o] <= 0:
                raise ValueError(f"no {self.name(o) if 0 <= o < len(self.left) else o} is left "
                                 "to deal")
            self.left[o] -= 1
            self.order.append(o)
        else:
            if not 0 <= o < self.extras_sizes[len(self.extras)]:
                raise ValueError(f"draw {o} is outside 0–{self.extras_sizes[len(self.extras)] - 1}")
            self.extras.append(o)
        self._settle()

    def _settle(self) -> None:
        if len(self.order) < self.size or len(self.extras) < len(self.extras_sizes):
            return
        game = self.finish(np.asarray(self.order, dtype=np.int64), tuple(self.extras),
                           self.redeals)
        if game is None:
            self.redeals += 1
            self._restart()
            return
        self.game = game

    def clone(self) -> CardDeal:
        """An independent copy (the dealt game cloned too)."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.left = self.left.copy()
        other.order = list(self.order)
        other.extras = list(self.extras)
        other.game = None if self.game is None else self.game.clone()
        return other

    def play_out(self, rng: np.random.Generator) -> Any:
        """Make every remaining draw from ``rng`` and return the dealt game."""
        while not self.done:
            outs = self.outcomes()
            p = np.array([q for _, q in outs])
            self.apply(outs[int(rng.choice(len(outs), p=p / p.sum()))][0])
        return self.game


def chance_outcomes(driver: Any) -> list[tuple[int, float]]:
    """The chance outcomes a driver waits for in play (empty for every game without dice)."""
    ask = getattr(driver, "chance_outcomes", None)
    return list(ask()) if ask is not None and not driver.done else []
