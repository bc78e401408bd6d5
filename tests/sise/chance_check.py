"""Checks shared by the 四色 games' card-by-card deals: feed an arrangement through a
:class:`~sim.games.chance.CardDeal`, compare two hands, play two hands side by side."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.games.chance import CardDeal
from tests.chance_check import play_alike


def feed(deal: CardDeal, order: Sequence[int], extras: Sequence[int] = ()) -> None:
    """Apply every card of ``order`` then every extra, checking each outcome is offered and
    the probabilities sum to one at each step."""
    for o in [*order, *extras]:
        outs = deal.outcomes()
        assert abs(sum(p for _, p in outs) - 1.0) < 1e-12
        assert int(o) in {k for k, _ in outs}
        deal.apply(int(o))


def assert_same(a: Any, b: Any, seats: int) -> None:
    """The two hands are the same: engine state, every seat's observation, hands, stock,
    the actor and the legal actions."""
    assert np.array_equal(a.state, b.state)
    assert a.actor == b.actor and a.done == b.done and a.stock() == b.stock()
    for p in range(seats):
        assert np.array_equal(a.observation_array(p), b.observation_array(p))
        assert a.hand(p) == b.hand(p)
    if not a.done:
        assert [x.code for x in a.legal_actions()] == [x.code for x in b.legal_actions()]


def play_both(a: Any, b: Any, seats: int, rng: np.random.Generator) -> None:
    """Play both hands to the end with the same random legal actions, checking they stay
    the same; then the results agree."""
    play_alike(a, b, rng)
    assert a.result == b.result
    assert_same(a, b, seats)


def play_random(g: Any, rng: np.random.Generator) -> None:
    """Play ``g`` to the end with random legal actions."""
    while not g.done:
        legal = g.legal_actions()
        g.step(legal[int(rng.integers(len(legal)))].code)
