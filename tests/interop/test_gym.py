"""One seat of every paiju game against paiju's strategies as a Gymnasium environment
(sim.interop.gym): random episodes checked against the driver, illegal actions, and
Gymnasium's own check_env (slow)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="gymnasium is not installed (pip install 'paiju[interop]')")

from sim.games import game_names, get_game  # noqa: E402
from sim.interop import table  # noqa: E402
from sim.interop.gym import make  # noqa: E402

GAMES = game_names()
# their opponents' compiled strategies (升级's expert, 跑胡子's expert) compile for most of a
# minute in this test's worker: with the slow tests
HEAVY = {"shengji", "zipai"}
EPISODE_GAMES = [pytest.param(g, marks=pytest.mark.slow) if g in HEAVY else g for g in GAMES]


@pytest.mark.parametrize("name", EPISODE_GAMES)
def test_a_random_episode_is_the_seats_decisions_and_its_points(name):
    env = make(name, opponents="strong", seat=1)
    obs, info = env.reset(seed=5)
    assert obs in env.observation_space
    rng = np.random.default_rng(1)
    terminated, steps = False, 0
    while not terminated:
        driver = env.driver
        assert driver.actor == 1  # the episode stops only at the learning seat's decisions
        codes = [a.code for a in driver.legal_actions()]
        assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(env.table.action(c, codes) for c in codes)
        assert np.array_equal(obs["observation"], driver.observation_array(1).astype(np.float32))
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
        assert not truncated and not info["illegal"]
        assert obs in env.observation_space
        if not terminated:
            assert reward == 0.0
    assert env.driver.done and reward == table.points_of(env.driver.result)[1]
    assert not obs["action_mask"].any() and steps > 0
    with pytest.raises(ValueError, match="reset"):
        env.step(0)


def test_an_illegal_action_ends_the_episode_or_raises():
    env = make("guangshui")
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, True)
    strict = make("guangshui", illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(ValueError, match=rf"action {illegal} is not legal for seat 0 \(\d+ legal actions\)"):
        strict.step(illegal)
    with pytest.raises(ValueError, match="illegal is 'end' or 'raise'"):
        make("guangshui", illegal="ignore")


def test_the_same_seed_and_actions_give_the_same_episode():
    def episode():
        env = make("tiandi", opponents=["greedy", "strong"])
        obs, _ = env.reset(seed=8)
        out, done = [], False
        while not done:
            action = int(np.flatnonzero(obs["action_mask"])[0])
            obs, reward, done, _, info = env.step(action)
            out.append((action, reward, obs["observation"].tobytes()))
        return out, info["hand_seed"]

    assert episode() == episode()


@pytest.mark.xdist_group("zipai")  # its 跑胡子 players compile once, on that game's worker
def test_opponents_are_paijus_strategies_and_bad_choices_are_one_line_errors():
    env = make("zipai")  # no strategy called strong: the game's default player
    assert env.opponents == ("strong", "strong")
    assert all(getattr(p, "name", "") == "expert" for p in env.players.values())
    with pytest.raises(ValueError, match="needs 2 opponents"):
        make("zipai", opponents=["expert"])
    with pytest.raises(ValueError, match="seats 0..2"):
        make("zipai", seat=3)
    with pytest.raises(Exception, match="no strategy"):
        make("zipai", opponents="nonesuch")


def test_a_seed_deals_the_runs_hands_and_rules_are_keywords():
    env = make("pairs", preset="doushisi", render_mode="ansi")
    _, info = env.reset(seed=4)
    assert env.rules == get_game("pairs").rules.from_options(preset="doushisi")
    assert info["hand_seed"] == get_game("pairs").driver._run_seed(4, info["hand"])
    assert env.render() == str(env.driver)
    _, later = env.reset()
    assert later["hand"] > info["hand"]


def test_every_game_is_registered_with_gymnasium():
    import gymnasium

    env = gymnasium.make("paiju/tiandi-v0", opponents="greedy", seat=2)
    assert env.unwrapped.seat == 2 and env.unwrapped.opponents == ("greedy", "greedy")
    assert {f"paiju/{g}-v0" for g in GAMES} <= set(gymnasium.registry)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_check_env_passes(name):
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    check_env(make(name))
    # through gymnasium.make the spec is there: check_env also tries every render mode
    check_env(gymnasium.make(f"paiju/{name}-v0", render_mode="ansi").unwrapped)
