"""The 升级 Python driver reads like the 跑胡子 one: card notation, a repr, readable plays."""

from __future__ import annotations

from sim.games.shengji.cards import format_hand
from sim.games.shengji.game import ShengjiGame


def test_the_python_driver_reads_in_card_notation():
    g = ShengjiGame(seed=9)
    text = repr(g)
    assert text.startswith("ShengjiGame(seed=9, level=2, trump=") and text.count("\n  seat ") == 4
    assert g.hand(0) in text and len(g.hand(0).split()) == 54
    actions = g.legal_actions()
    assert [a.cards.tobytes() for a in actions] == [p.tobytes() for p in g.legal_plays()]
    assert all(a.text == format_hand(a.cards) for a in actions)
    g.step(actions[-1])  # a Play is accepted as it is
    obs = g.observation(g.to_play)
    assert obs.hand == g.hand(g.to_play) and obs.table[g.leader] == actions[-1].text
    assert (obs["hand"] == g.hands[g.to_play]).all()  # the arrays, as before
