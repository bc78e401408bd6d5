"""The ``expert`` player: legal in every role, and stronger than ``greedy`` on common deals."""

from __future__ import annotations

import numpy as np

from sim.games.base import RunSpec
from sim.games.shengji import GAME
from strategies.base import get_strategy, strategy_names


def _table(strategies: tuple[str, ...], hands: int):
    spec = RunSpec(game="shengji", workload="play", rules={}, strategies=strategies, seed=14,
                   hands=hands, shard_size=hands)
    return GAME.workload("play").play(spec, 0, hands).to_pandas()


def test_expert_is_registered_and_plays_legally():
    assert "expert" in strategy_names("shengji") and get_strategy("shengji", "expert").kernel
    # the workload raises on any illegal play; the 庄家 side varies, so expert attacks and defends
    even = _table(("expert", "greedy", "expert", "greedy"), 300)
    odd = _table(("greedy", "expert", "greedy", "expert"), 300)
    for t in (even, odd):
        assert (t["attacker_points"] == t["attacker_points_raw"] + t["kou_di"] + t["throw_penalty"]).all()
        assert (t["points_0"] + t["points_1"] == 0).all()
    # same deals, seats rotated: the expert team gains levels on average over both seatings
    expert_levels = np.concatenate([even["points_0"], odd["points_1"]]).mean()
    assert expert_levels > 0.3, expert_levels
