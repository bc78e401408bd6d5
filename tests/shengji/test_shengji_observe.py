"""Observations hide what a seat cannot see: other seats' concealed cards never change them."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from sim.games.shengji import engine as E
from sim.games.shengji import observe as OB
from sim.games.shengji.game import Game
from sim.registry import get_strategy


def _reshuffle_others(game: Game, seat: int, rng: np.random.Generator) -> Game:
    """A copy of ``game`` in which the other seats' concealed cards are dealt anew among them
    (each keeps as many cards as before)."""
    other = copy.deepcopy(game)
    seats = [s for s in range(4) if s != seat]
    pool = np.concatenate([np.repeat(np.arange(54), other.hands[s]) for s in seats])
    rng.shuffle(pool)
    at = 0
    for s in seats:
        n = int(other.hands[s].sum())
        other.hands[s] = np.bincount(pool[at:at + n], minlength=54).astype(np.int8)
        at += n
    return other


@pytest.mark.parametrize("names", [("greedy", "random", "expert", "random"), ("expert",) * 4])
def test_other_seats_cards_never_change_an_observation(names):
    kernels = [get_strategy("shengji", n).kernel for n in names]
    rng = np.random.default_rng(14)
    decisions = 0
    changed = 0
    for seed in (3, 8):
        g = Game(seed=seed)
        while g.phase != "over":
            seat = g.actor
            out = np.zeros(54, dtype=np.int8)
            if g.n_played and E.forced_follow(g.hands[seat], g.fmt, g.order.es, out):
                g.step(out)
                continue
            obs = g.observation_array(seat)
            other = _reshuffle_others(g, seat, rng)
            changed += not np.array_equal(other.hands, g.hands)
            assert np.array_equal(other.observation_array(seat), obs), (seed, g.trick, seat)
            # the own hand, the trick and the card counts are there; nobody else's cards are
            assert np.array_equal(obs[OB.O_HAND:OB.O_HAND + 54], g.hands[seat])
            assert list(obs[OB.O_COUNT:OB.O_COUNT + 4]) == [int(h.sum()) for h in g.hands]
            o = g.order
            play = np.zeros(54, dtype=np.int8)
            again = np.zeros(54, dtype=np.int8)
            rng_a = g.seat_rng[seat].copy()
            kernels[seat](obs, o.es, o.pos, o.kat, o.nat, o.npos, rng_a, play)
            kernels[seat](other.observation_array(seat), o.es, o.pos, o.kat, o.nat, o.npos,
                          other.seat_rng[seat].copy(), again)
            assert np.array_equal(play, again)  # hence the same decision
            kernels[seat](obs, o.es, o.pos, o.kat, o.nat, o.npos, g.seat_rng[seat], out)
            g.step(out)
            decisions += 1
    assert decisions > 100 and changed > 0.9 * decisions


def test_observation_fields():
    g = Game(seed=4)
    lead = g.suggest(g.actor)
    leader = g.actor
    g.step(lead)
    seat = g.actor
    obs = g.observation_array(seat)
    info = obs[OB.O_INFO:]
    assert info[OB.I_MODE] == E.FOLLOW and info[OB.I_SEAT] == seat and info[OB.I_LEADER] == leader
    assert info[OB.I_N_PLAYED] == 1 and info[OB.I_WINNER] == leader
    assert np.array_equal(obs[OB.O_TABLE + 54 * leader:OB.O_TABLE + 54 * leader + 54], lead)
    assert np.array_equal(obs[OB.O_FMT:OB.O_FMT + 3], g.fmt[:3])
    assert (obs[OB.O_SEEN:OB.O_SEEN + 54] == 0).all()
    assert (obs[OB.O_VOID:OB.O_VOID + 20] == 0).all()


def test_seats_draw_from_their_own_streams():
    g = Game(seed=4)
    assert len({int(g.seat_rng[s][0]) for s in range(4)}) == 4
    assert int(g.seat_rng[0][0]) != int(g.state[0])
