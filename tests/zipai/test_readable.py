"""The 跑胡子 Python driver takes its own Action objects wherever it takes a code."""

from __future__ import annotations

from sim.games.zipai import Game


def test_describe_takes_an_action_or_its_code():
    g = Game(seed=7, dealer=0)
    action = g.legal_actions()[0]
    assert g.describe(action) == g.describe(action.code) == action.text == "打 一"
