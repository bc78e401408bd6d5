"""Forced follows are played by the engine, never asked of a strategy."""

from __future__ import annotations

import numpy as np

from sim.games.shengji.game import Game


def test_strategies_are_not_asked_for_forced_follows():
    asked_forced = []
    for seed in range(6):
        game = Game(seed=seed)
        order = game.order

        def choose(observation, legal, rng, game=game):
            seat = observation.seat
            if observation.phase == "follow":
                hand = observation.hand_counts
                fmt = observation.fmt
                suit = int(hand[order.es == fmt[0]].sum())
                if suit == fmt[1] or int(hand.sum()) <= fmt[1]:
                    asked_forced.append((seed, game.trick, seat))
            return legal.suggest()

        game.play([choose] * 4)
        assert game.phase == "over"
        assert game.left == 0  # the last trick was played, by the engine
    assert asked_forced == []


def test_forced_follow_plays_exactly_the_led_suit():
    from sim.games.shengji import engine as E

    game = Game(seed=3)
    lead = game.suggest(game.actor)
    game.step(lead)
    seat = game.actor
    out = np.zeros_like(game.hands[seat])
    hand = game.hands[seat]
    suit = int(hand[game.order.es == game.fmt[0]].sum())
    forced = E.forced_follow(hand, game.fmt, game.order.es, out)
    assert forced == (suit == game.fmt[1] or int(hand.sum()) <= game.fmt[1])
    if forced:
        assert game.check(out) == 0
