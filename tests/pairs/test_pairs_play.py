"""Both drivers agree, random play keeps every invariant, and observations leak nothing."""

import numpy as np
import pytest

from sim.games.base import RunSpec
from sim.games.chuanpai.cards import N_TYPES
from sim.games.chuanpai.pairs import GAME, PairsRules
from sim.games.chuanpai.pairs import engine as E
from sim.games.chuanpai.pairs import observe as O
from sim.games.chuanpai.pairs.game import Game, kernel_player
from sim.games.chuanpai.pairs.groups import complete
from sim.games.chuanpai.pairs.rules import rules_vector
from sim.rng import hand_seed

PRESETS = [("seed", {}), ("seed", {"players": 6}), ("seed", {"players": 6, "decks": 2}), ("doushisi", {}),
           ("doushisi", {"kou": True, "fan_cap": 2})]


def _rules(preset, extra):
    return PairsRules.from_options(preset=preset, overrides=extra)


@pytest.mark.parametrize("preset, extra", PRESETS)
def test_both_drivers_give_identical_results(preset, extra):
    rules = _rules(preset, extra)
    n = rules.players
    names = ("strong", "greedy", "random", "strong", "greedy", "random")[:n]
    spec = RunSpec(game="pairs", workload="play", rules=rules.to_dict(), strategies=names, seed=11,
                   hands=150, shard_size=150)
    table = GAME.workload("play").play(spec, 0, 150).to_pylist()
    players = [kernel_player(x) for x in names]
    for i, row in enumerate(table):
        g = Game.from_run(root_seed=11, hand=i, rules=rules, dealer=i % rules.players)
        r = g.play(players)
        assert (r.winner, r.turns, sum(r.tou)) == (row["winner"], row["length"], row["tou"]), i
        assert list(r.points) == [row[f"points_{s}"] for s in range(n)]
        assert row["seed"] == int(hand_seed(np.uint64(11), np.int64(i)))


@pytest.mark.parametrize("preset, extra", [*PRESETS, ("seed", {"players": 2}), ("seed", {"players": 5}),
                                           ("seed", {"eye_required": True}),
                                           ("seed", {"decks": 2, "players": 2})])
def test_random_play_keeps_every_invariant(preset, extra):
    rules = _rules(preset, extra)
    n = rules.players
    cards = 84 * rules.decks
    cfg = rules_vector(rules)
    ends = set()
    for seed in range(60):
        g = Game(seed=seed, dealer=seed % n, rules=rules)
        rng = np.random.default_rng(seed)
        while not g.done:
            s = g.state
            assert g.card_total() == cards
            for p in range(n):
                hand = s[E.HAND + p * N_TYPES:E.HAND + (p + 1) * N_TYPES]
                assert (hand >= 0).all() and hand.sum() == s[E.NHAND + p]
                assert (hand < 3).all()  # every 暗 is laid at once
                i = slice(p * N_TYPES, (p + 1) * N_TYPES)
                tri, quad, hid = s[E.TRI:][i], s[E.QUAD:][i], s[E.HID:][i]
                assert (hid % 3 == 0).all() and (hid <= 3 * tri).all()  # face down: whole 暗 only
                assert (3 * tri + 4 * quad <= s[E.TABLE:][i]).all()
                assert (s[E.TABLE:][i] + hand <= 4 * rules.decks).all()
            legal = g.legal_actions()
            assert legal and len({a.code for a in legal}) == len(legal)
            g.step(legal[int(rng.integers(len(legal)))])
        r = g.result
        ends.add(r.outcome)
        assert g.card_total() == cards and sum(r.points) == 0
        if r.winner >= 0:
            s = g.state
            w = r.winner
            assert complete(s[E.HAND + w * N_TYPES:E.HAND + (w + 1) * N_TYPES], cfg)
            assert r.points[w] == (n - 1) * r.stake
            if rules.tuo:
                assert r.tuo >= int(E.threshold(s, w))
            if rules.fan_cap:
                assert r.fan <= rules.fan_cap
            pay = {"flat": 1, "power": 2 ** r.fan, "linear": 1 + r.fan}[rules.payment]
            assert r.stake == rules.base * pay
        else:
            assert r.outcome == "draw" and g.state[E.SP] == cards and set(r.points) == {0}
    assert "win" in ends or "draw" in ends


@pytest.mark.parametrize("preset, extra", PRESETS)
def test_observations_ignore_others_hidden_cards_and_the_stock(preset, extra):
    rules = _rules(preset, extra)
    n = rules.players
    cards = 84 * rules.decks
    rng = np.random.default_rng(5)
    checked = 0
    for seed in range(40):
        g = Game(seed=seed, dealer=seed % n, rules=rules)
        while not g.done:
            seat = g.actor
            s = g.state
            obs = np.zeros(O.OBS_SIZE, dtype=np.int16)
            O.observe(s, seat, obs)
            # swap a hidden card of another seat's hand with a stock card, and shuffle the stock
            t = s.copy()
            others = [p for p in range(n) if p != seat and t[E.NHAND + p] > 0]
            if others and t[E.SP] < cards:
                p = others[int(rng.integers(len(others)))]
                held = [k for k in range(N_TYPES) if t[E.HAND + p * N_TYPES + k] > 0]
                k = held[int(rng.integers(len(held)))]
                pos = E.STOCK + int(t[E.SP]) + int(rng.integers(cards - int(t[E.SP])))
                c = int(t[pos])
                t[E.HAND + p * N_TYPES + k] -= 1
                t[E.HAND + p * N_TYPES + c] += 1
                t[pos] = k
                stock = t[E.STOCK + int(t[E.SP]):E.STOCK + cards]
                t[E.STOCK + int(t[E.SP]):E.STOCK + cards] = rng.permutation(stock)
                # and move a face-down 暗 of another seat to another type
                for q in others:
                    hid = [x for x in range(N_TYPES) if t[E.HID + q * N_TYPES + x] == 3]
                    if hid:
                        x = hid[0]
                        y = (x + 1) % N_TYPES
                        t[E.HID + q * N_TYPES + x] = 0
                        t[E.TABLE + q * N_TYPES + x] -= 3
                        t[E.HID + q * N_TYPES + y] += 3
                        t[E.TABLE + q * N_TYPES + y] += 3
                        break
                obs2 = np.zeros(O.OBS_SIZE, dtype=np.int16)
                O.observe(t, seat, obs2)
                assert (obs == obs2).all()
                checked += 1
            legal = g.legal_actions()
            g.step(legal[int(rng.integers(len(legal)))])
    assert checked > 100


def test_a_strategy_error_and_a_bad_action_are_one_line():
    from sim.errors import IllegalActionError, StrategyError

    g = Game(seed=1)
    with pytest.raises(IllegalActionError, match="may not play 'xyz'.*legal: 打"):
        g.step("xyz")

    def broken(obs, legal, rng):
        raise ValueError("boom")

    with pytest.raises(StrategyError, match="raised ValueError: boom in hand seed 1"):
        g.play([broken] * 4)


def test_python_players_get_the_same_observation_as_kernels():
    g = Game(seed=2)
    seen = []

    def first(obs, legal, rng):
        seen.append(obs)
        return legal[0]

    g.play([first] * 4)
    assert seen and all(o.array.shape == (O.OBS_SIZE,) for o in seen)
    assert "seat" in repr(g) and g.events[-1].kind == "end"
