"""Every paiju game as an OpenSpiel game (sim.interop.openspiel) and OpenSpiel's ISMCTS as the
strategy ismcts, checked by OpenSpiel's own random_sim_test and through paiju's driver."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'paiju[interop]')")

import sim.interop.openspiel as paiju_openspiel  # noqa: E402
from sim.games import game_names, get_game  # noqa: E402
from sim.games.python_play import seat_player  # noqa: E402
from sim.registry import get_strategy  # noqa: E402
from sim.search import SeatView  # noqa: E402

# 打马 at a shorter throw_limit: random moves seldom get a horse home, and random_sim_test keeps
# every state of its walk, each with OpenSpiel's own history of 16 bytes an action (58,000
# actions at the 30,000-throw default: some 50 GB; benchmarks/bench_openspiel_walk.py)
EXTRA = {"dama": ",throw_limit=600"}
SLOW_GAMES = {"shengji", "dama"}  # 9 s a walk; 2 s


def _every_preset():
    for name in game_names():
        for preset in get_game(name).rules.PRESETS:
            text = f"{name}(preset={preset}{EXTRA.get(name, '')})"
            yield pytest.param(text, marks=pytest.mark.slow) if name in SLOW_GAMES else text
    yield pytest.param("guangshui(chance=deals)", marks=pytest.mark.slow)


def test_every_game_is_registered():
    assert sorted(paiju_openspiel.REGISTERED) == sorted(f"paiju_{g}" for g in game_names())
    assert {f"paiju_{g}" for g in game_names()} <= set(pyspiel.registered_names())


@pytest.mark.parametrize("name", list(_every_preset()))
def test_random_sim_test_passes(name):
    game = pyspiel.load_game(f"paiju_{name}")
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def _dealt(game, rng):
    """A state past its chance nodes of the deal, the outcomes drawn by their odds."""
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, p = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(outcomes, p=np.array(p) / sum(p))))
    return state


@pytest.mark.parametrize("name", ["guangshui", "fengshun", "tiandi", "pairs", "zipai", "shengji"])
def test_the_deal_is_a_chance_node_per_card(name):
    game = pyspiel.load_game(f"paiju_{name}")
    deal = get_game(name).driver.chance_deal(rules=game.rules)
    state, nodes = game.new_initial_state(), 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        assert max(o for o, _ in outcomes) < game.max_chance_outcomes()
        state.apply_action(outcomes[nodes % len(outcomes)][0])
        nodes += 1
    assert nodes >= deal.size + len(deal.extras_sizes)  # one node per card (more after a redeal)
    assert state.is_terminal() or state.current_player() in range(game.num_players())


def test_a_card_is_dealt_with_the_odds_of_the_cards_left():
    game = pyspiel.load_game("paiju_tiandi")
    state = game.new_initial_state()
    first = dict(state.chance_outcomes())
    deal = get_game("tiandi").driver.chance_deal(rules=game.rules)
    assert first == {k: c / deal.size for k, c in enumerate(deal.counts) if c}
    kind = next(iter(first))
    state.apply_action(kind)
    after = dict(state.chance_outcomes())
    left = deal.size - 1
    assert after[kind] == pytest.approx((deal.counts[kind] - 1) / left)
    assert "deal" in state.action_to_string(pyspiel.PlayerId.CHANCE, kind)


def test_dama_throws_are_chance_nodes_in_play():
    game = pyspiel.load_game("paiju_dama")
    state, rng, throws = game.new_initial_state(), np.random.default_rng(3), 0
    for _ in range(200):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert len(outcomes) == 56 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
            o, p = zip(*outcomes)
            state.apply_action(int(rng.choice(o, p=np.array(p) / sum(p))))
            throws += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert throws > 20  # every throw, 本采 and play, was a chance node


def test_chance_mode_is_checked():
    with pytest.raises(Exception, match="chance"):
        pyspiel.load_game("paiju_tiandi(chance=dice)")


def test_a_chance_outcome_is_the_deal_of_a_runs_hand():
    game = pyspiel.load_game("paiju_tiandi(chance=deals,seed=5,deals=16)")
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 16
    state.apply_action(3)
    driver = get_game("tiandi").driver.from_run(root_seed=5, hand=3)
    assert str(state) == str(driver)
    assert state.current_player() == driver.actor
    assert np.array_equal(state.observation_tensor(driver.actor),
                          driver.observation_array(driver.actor).astype(np.float32))


def test_presets_and_rule_options_are_game_parameters():
    game = pyspiel.load_game("paiju_pairs(preset=doushisi)")
    assert game.rules == get_game("pairs").rules.from_options(preset="doushisi")
    assert game.num_players() == game.rules.players if hasattr(game.rules, "players") else True
    with pytest.raises(Exception, match="preset"):
        pyspiel.load_game("paiju_tiandi(preset=nonesuch)")


def test_returns_are_the_hands_points():
    game = pyspiel.load_game("paiju_guangshui(chance=deals,deals=8)")
    state = game.new_initial_state()
    state.apply_action(2)
    rng = np.random.default_rng(2)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.returns() == [float(p) for p in state.driver.result.points]


def test_resample_keeps_the_seats_information():
    game = pyspiel.load_game("paiju_guangshui(chance=deals,deals=8)")
    state = game.new_initial_state()
    state.apply_action(1)
    seat = state.current_player()
    for i in range(3):
        world = state.resample_world(seat, np.random.default_rng(i))
        assert world.observation_string(seat) == state.observation_string(seat)
        assert world.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("rollout", ["random", "strong"])
def test_ismcts_plays_through_the_driver_with_the_hands_generator(rollout):
    info = get_game("guangshui")
    strategy = get_strategy("guangshui", f"ismcts(sims=4,rollout={rollout})")
    assert strategy.params.sims == 4 and strategy.params.rollout == rollout
    results = []
    for _ in range(2):
        game = info.new_game(seed=9)
        game.play([seat_player(strategy)] + [seat_player(get_strategy("guangshui", "strong"))] * 2)
        results.append((game.decisions, game.result))
    assert results[0] == results[1]  # same seed, same choices


def test_ismcts_touches_the_hand_only_through_resamples():
    # every state the search sees is a resample for the seat: its view equals the seat's
    info = get_game("tiandi")
    game = info.new_game(seed=4)
    seat, seen = game.actor, []
    original = type(game).resample

    def watched(self, who, gen):
        world = original(self, who, gen)
        seen.append(np.array_equal(world.observation_array(seat), game.observation_array(seat)))
        return world

    type(game).resample = watched
    try:
        seat_player(get_strategy("tiandi", "ismcts(sims=6)")).search(SeatView(game, seat), game.rng.copy())
    finally:
        type(game).resample = original
    assert len(seen) >= 6 and all(seen)


def test_ismcts_refuses_bad_parameters():
    from sim.errors import OptionError

    with pytest.raises(OptionError, match="sims"):
        get_strategy("tiandi", "ismcts(sims=0)")
    with pytest.raises(OptionError, match="rollout"):
        get_strategy("tiandi", "ismcts(rollout=clever)")


def test_shengji_actions_index_the_seats_legal_list():
    # 升级's codes name sets of cards (past 2**46): an OpenSpiel action is an index into the
    # seat's legal list, in the driver's order
    game = pyspiel.load_game("paiju_shengji(chance=deals,deals=4)")
    assert game.num_distinct_actions() == 8192
    state = game.new_initial_state()
    state.apply_action(1)
    legal = state.driver.legal_actions()
    assert state.legal_actions() == list(range(len(legal)))
    assert state.action_to_string(state.current_player(), 2) == legal[2].text
    clone = state.clone()  # a copied state keeps its game's table
    clone.apply_action(2)
    driver = state.driver.clone()
    driver.step(legal[2].code)
    assert str(clone) == str(driver)
