"""Every paiju game as a PettingZoo AEC environment (sim.interop.pettingzoo): random episodes
checked against the driver, and PettingZoo's own api_test and seed_test (slow)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (pip install 'paiju[interop]')")

from sim.games import game_names, get_game  # noqa: E402
from sim.interop import table  # noqa: E402
from sim.interop.pettingzoo import env, parallel_env  # noqa: E402

GAMES = game_names()


def legal_indices(e, codes):
    """The action indices the rule of sim.interop.table gives the legal codes."""
    return sorted(e.table.action(c, codes) for c in codes)


@pytest.mark.parametrize("name", GAMES)
def test_a_random_episode_keeps_the_mask_rewards_and_points(name):
    e = env(name)
    e.reset(seed=3)
    dealt = e.infos["seat_0"]["hand"]
    assert dealt >= 0 and not any(e.terminations.values())
    rng = np.random.default_rng(0)
    steps, chosen = 0, []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        assert not truncated
        if terminated:
            e.step(None)
            continue
        driver = e.driver
        seat = int(agent.split("_")[1])
        assert seat == driver.actor and reward == 0  # nothing is paid before the end
        codes = [a.code for a in driver.legal_actions()]
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal_indices(e, codes)
        for other in e.agents:  # only the seat to act has legal actions
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        assert np.array_equal(obs["observation"], driver.observation_array(seat).astype(np.float32))
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        chosen.append(e.table.code(action, codes))
        e.step(action)
        steps += 1
        if not driver.done:
            assert all(r == 0 for r in e.rewards.values())
        else:
            final, points = dict(e.rewards), table.points_of(driver.result)
            assert final == {f"seat_{s}": points[s] for s in range(e.seats)}
            assert all(e.terminations.values())
    assert e.agents == [] and steps == len(chosen) > 0
    assert sum(final.values()) == 0  # every paiju game is zero-sum: what one seat wins, others pay
    # the same deal and choices through the driver alone end the same way
    info = get_game(name)
    replay = info.driver.from_run(root_seed=3, hand=dealt, rules=e.rules)
    for code in chosen:
        replay.step(code)
    assert replay.done and table.points_of(replay.result) == points


@pytest.mark.parametrize("name", ["tiandi", "shengji"])
def test_an_illegal_action_is_a_one_line_error_and_changes_nothing(name):
    e = env(name)
    e.reset(seed=1)
    before = e.observe(e.agent_selection)["observation"].copy()
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match=rf"action {illegal} is not legal for seat_\d \(\d+ legal actions\)") as err:
        e.step(illegal)
    assert "\n" not in str(err.value)
    assert np.array_equal(e.observe(e.agent_selection)["observation"], before)
    with pytest.raises(ValueError, match="not legal"):
        e.step(None)


def test_a_seed_deals_the_runs_hands_in_order():
    e = env("guangshui")
    e.reset(seed=11)
    first = e.observe(e.agent_selection)["observation"].copy()
    assert e.infos["seat_0"]["hand"] == 0
    assert e.driver.seed == get_game("guangshui").driver._run_seed(11, 0)
    e.reset()
    assert e.infos["seat_0"]["hand"] == 1
    e.reset(seed=11)
    assert np.array_equal(e.observe(e.agent_selection)["observation"], first)


def test_a_hand_over_at_the_deal_is_skipped():
    info = get_game("fengshun")
    rules = info.rules_of(None)
    over = next(h for h in range(300) if info.new_game(seed=info.driver._run_seed(0, h), rules=rules).done)
    hand, driver = table.deal(info, rules, 0, over)
    assert hand > over and not driver.done


def test_render_is_the_drivers_text_and_rules_are_keywords():
    e = env("pairs", render_mode="ansi", preset="doushisi")
    e.reset(seed=2)
    assert e.render() == str(e.driver)
    assert e.rules == get_game("pairs").rules.from_options(preset="doushisi")
    with pytest.raises(ValueError, match="render_mode"):
        env("pairs", render_mode="rgb_array")
    with pytest.raises(ValueError, match="turn-based"):
        parallel_env("pairs")


def test_shengji_actions_index_the_legal_list():
    e = env("shengji")
    e.reset(seed=0)
    assert e.action_space("seat_0").n == table.MAX_LEGAL and not e.table.by_code
    codes = [a.code for a in e.driver.legal_actions()]
    assert e.observe(e.agent_selection)["action_mask"].sum() == len(codes)
    assert e.table.code(0, codes) == codes[0] and e.table.code(len(codes), codes) is None


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_test_passes(name):
    from pettingzoo.test import api_test

    api_test(env(name), num_cycles=1000)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_seed_test_passes(name):
    from pettingzoo.test import seed_test

    seed_test(lambda: env(name), num_cycles=500)
