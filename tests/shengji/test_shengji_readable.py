"""The 升级 Python driver reads like the 跑胡子 one: card notation, a repr, readable plays."""

from __future__ import annotations

import numpy as np

from sim.games.shengji.cards import format_hand
from sim.games.shengji.codes import code_play, play_code
from sim.games.shengji.game import Game


def test_the_python_driver_reads_in_card_notation():
    g = Game(seed=9)
    text = repr(g)
    assert text.startswith("Game(seed=9, level=2, trump=") and text.count("\n  seat ") == 4
    assert g.hand(0) in text and len(g.hand(0).split()) == 54
    actions = g.legal_actions()
    assert [a.text for a in actions] == [format_hand(p) for p in g.legal_plays()]
    hand = g.hands[g.actor]
    assert [a.code for a in actions] == [play_code(hand, p) for p in g.legal_plays()]
    assert all(np.array_equal(code_play(hand, a.code), p) for a, p in zip(actions, g.legal_plays()))
    g.step(actions[-1])  # a Play is accepted as it is
    obs = g.observation(g.actor)
    assert obs.hand == g.hand(g.actor) and obs.table[g.leader] == actions[-1].text
    assert (obs["hand"] == g.hands[g.actor]).all()  # the arrays, as before
