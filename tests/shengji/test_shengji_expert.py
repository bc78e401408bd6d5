"""The ``expert`` player: legal in every role, and stronger than ``greedy`` on common deals."""

from __future__ import annotations

from sim.games.base import RunSpec
from sim.games.shengji import GAME
from sim.registry import get_strategy, strategy_names


def _table(strategies: tuple[str, ...], hands: int):
    spec = RunSpec(game="shengji", workload="play", rules={}, strategies=strategies, seed=14,
                   hands=hands, shard_size=hands)
    return GAME.workload("play").play(spec, 0, hands).to_pandas()


def test_expert_is_registered_and_plays_legally():
    assert "expert" in strategy_names("shengji") and get_strategy("shengji", "expert").kernel
    # the workload raises on any illegal play; the 庄家 side varies, so expert attacks and defends
    t = _table(("expert", "greedy", "expert", "greedy"), 500)
    assert (t["attacker_points"] == t["attacker_points_raw"] + t["kou_di"] + t["throw_penalty"]).all()
    assert (t["points_0"] + t["points_1"] == 0).all()
    expert_defends = t["dealer"] % 2 == 0
    assert 0.3 < expert_defends.mean() < 0.7
    # the expert team gains levels on average (about +0.58 here; greedy against itself gains 0;
    # bench_shengji_expert.py measures it with the seats rotated)
    assert t["points_0"].mean() > 0.3, t["points_0"].mean()
