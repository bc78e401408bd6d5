"""升级 on the game contract: action codes, resample keeping shown voids, the observation
spec on the rules page."""

from __future__ import annotations

import pytest

from pathlib import Path

import numpy as np

from sim.games.shengji import GAME
from sim.games.shengji.cards import format_hand
from sim.games.shengji.codes import code_play, play_code
from sim.games.shengji.game import Game
from sim.games.shengji.observe import SPEC

RULES_PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "shengji.md"


def test_codes_name_sub_multisets_of_the_hand():
    rng = np.random.default_rng(2)
    g = Game(seed=5)
    hand = g.hands[0]
    for _ in range(200):
        play = (rng.random(54) * (hand + 1)).astype(np.int8)
        code = play_code(hand, play)
        assert 0 <= code < 2**63 and np.array_equal(code_play(hand, code), play)
    full = 1
    for c in hand:
        full *= int(c) + 1
    assert code_play(hand, full) is None and code_play(hand, -1) is None


def test_steps_take_codes_texts_and_count_vectors_alike():
    a, b, c = Game(seed=8), Game(seed=8), Game(seed=8)
    for _ in range(12):
        play = a.suggest(a.actor)
        a.step(play)
        b.step(play_code(b.hands[b.actor], play))
        c.step(format_hand(play))
    assert a.decisions == b.decisions == c.decisions
    assert a.events == b.events == c.events


def test_resample_keeps_sizes_and_shown_voids():
    g = Game(seed=21)
    rng = np.random.default_rng(0)
    while not g.done and not (g.voids.any() and g.n_played == 0 and g.trick > 5):
        g.step(g.suggest(g.actor))
    assert g.voids.any(), "no void was shown"
    seat = g.actor
    for k in range(5):
        other = g.resample(seat, np.random.default_rng(k))
        assert np.array_equal(other.hands[seat], g.hands[seat])
        assert (other.hands.sum(axis=1) == g.hands.sum(axis=1)).all()
        assert np.array_equal(other.hands.sum(axis=0), g.hands.sum(axis=0))
        for s in range(4):
            for e in np.flatnonzero(g.voids[s]):
                assert other.hands[s][g.order.es == e].sum() == 0
        assert np.array_equal(other.observation_array(seat), g.observation_array(seat))
        dealt = [np.array(ev.cards) for ev in other.events[:4]]
        assert all(len(d) == 54 for d in dealt)
    while not g.done:
        g.step(g.legal_actions()[int(rng.integers(len(g.legal_actions())))])


def test_the_rules_page_shows_the_observation_spec():
    assert GAME.observation_spec is SPEC
    assert SPEC.table() in RULES_PAGE.read_text(encoding="utf-8")


def test_new_game_honours_the_dealer():
    assert GAME.new_game(seed=4).zhuang == Game(seed=4).zhuang
    assert GAME.new_game(seed=4, dealer=3).zhuang == 3 == GAME.new_game(seed=4, dealer=3).dealer


@pytest.mark.slow  # plays a whole match / starts a second process
def test_from_run_deals_a_match_hand_at_its_level(tmp_path):
    from sim import runner
    from sim.games.base import RunSpec
    from sim.replay import game_from_run
    from sim.store import load

    spec = RunSpec(game="shengji", workload="match", rules={}, seed=5, hands=1, shard_size=1)
    runner.run(spec, tmp_path / "run", jobs=1, progress=False)
    rows = load(tmp_path / "run").collect()
    row = rows.filter(rows["level"] > 2).row(0, named=True)
    g = game_from_run(tmp_path / "run", row["hand"])
    assert (g.seed, g.level, g.zhuang) == (row["seed"], row["level"], row["dealer"])
    assert g.trump == "SHCD".index(row["trump"]) and g.declarer == row["declarer"]
