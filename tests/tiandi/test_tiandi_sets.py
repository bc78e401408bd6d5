"""Golden cases for the Tien-Gow sets of three and four cards (option ``combo_sizes="2-4"``)."""

import numpy as np
import pytest

from sim.errors import IllegalActionError, PaijuError
from sim.games.chuanpai.tiandi import TiandiRules, beats, play_code
from sim.games.chuanpai.tiandi import engine as E
from sim.games.chuanpai.tiandi import observe as O
from sim.games.chuanpai.tiandi.game import Game, play_text

FOUR = TiandiRules(combo_sizes="2-4")
# the civil card of each combination with its two partners, highest combination first
COMBOS = [("天", "红九", "黑九"), ("地", "二六", "三五"), ("人", "三四", "二五"), ("和", "幺四", "拐子")]


def _sets(shape):
    """One set of ``shape`` per combination, highest first."""
    out = []
    for c, p0, p1 in COMBOS:
        out.append({"文文武": f"{c} {c} {p1}", "文武武": f"{c} {p0} {p1}",
                    "文文武武": f"{c} {c} {p0} {p1}"}[shape])
    return out


def texts(g):
    return [a.text for a in g.legal_actions()]


@pytest.mark.parametrize("shape", ["文文武", "文武武", "文文武武"])
@pytest.mark.parametrize("hi,lo", [(0, 1), (1, 2), (2, 3), (0, 3)])
def test_sets_rank_tian_di_ren_he(shape, hi, lo):
    sets = _sets(shape)
    assert beats(sets[lo], sets[hi], rules=FOUR)
    assert not beats(sets[hi], sets[lo], rules=FOUR)


def test_equal_sets_never_beat_so_the_earlier_play_keeps_the_trick():
    assert not beats("地 地 二六", "地 地 三五", rules=FOUR)
    assert not beats("人 三四 三四", "人 二五 二五", rules=FOUR)
    assert not beats("天 天 红九", "天 天 黑九", rules=FOUR)  # the seed reading of the two nines


def test_the_three_card_shapes_never_beat_each_other():
    assert not beats("和 和 拐子", "天 红九 黑九", rules=FOUR)
    assert not beats("和 幺四 拐子", "天 天 黑九", rules=FOUR)


def test_red_nine_option_ranks_sets_by_their_red_nines():
    red = TiandiRules(combo_sizes="2-4", nine_combos="red_high")
    assert beats("天 天 黑九", "天 天 红九", rules=red)
    assert beats("天 黑九 黑九", "天 红九 黑九", rules=red) and beats("天 红九 黑九", "天 红九 红九", rules=red)
    assert beats("天 天 红九 黑九", "天 天 红九 红九", rules=red)
    assert not beats("天 天 红九", "天 天 黑九", rules=red)
    assert beats("地 地 二六 二六", "天 天 黑九 黑九", rules=red)  # still above every 地 set


@pytest.mark.parametrize("cards", ["天 天 天", "天 地 红九", "天 红九 二六", "天 天 天 红九",
                                   "天 红九 红九 黑九", "梅子 梅子 长三", "天 天 红九 红九 黑九"])
def test_not_sets(cards):
    with pytest.raises(PaijuError):
        beats(cards, cards, rules=FOUR)


def test_seed_preset_has_no_sets_and_says_which_option_adds_them():
    with pytest.raises(PaijuError, match="combo_sizes=2-4"):
        beats("地 地 二六", "天 天 黑九")
    g = Game.from_cards(hands=["天 天 红九 地", "人", "和"])
    assert "出 天 天 红九" not in texts(g)
    with pytest.raises(IllegalActionError):
        g.step("天 天 红九")


def test_leads_include_every_set_held():
    g = Game.from_cards(hands=["地 地 二六 三五 梅子", "人", "和"], rules=FOUR)
    leads = [t for t in texts(g) if len(t.split()) >= 4]
    assert leads == ["出 地 地 二六", "出 地 地 三五", "出 地 二六 三五", "出 地 地 二六 三五"]


def test_must_beat_a_set_with_a_higher_set_of_its_shape():
    g = Game.from_cards(hands=["人 人 三四 梅子", "天 天 红九 地 地 二六 和 和 幺四", "梅子 长三 长二 斧头"],
                        rules=FOUR)
    g.step("人 人 三四")
    assert texts(g) == ["打 天 天 红九", "打 地 地 二六"]  # 和 和 幺四 is lower: not listed
    g.step("地 地 二六")
    # seat 2 holds no set: three cards face down, chosen one at a time
    assert g.actor == 2 and texts(g) == ["盖 梅子", "盖 长三", "盖 长二", "盖 斧头"]
    g.step("长二")
    assert g.actor == 2 and g.observation(0).trick[2] == "盖 3"
    assert texts(g) == ["盖 梅子", "盖 长三", "盖 斧头"]
    g.step("梅子")
    g.step("斧头")
    # the best play takes the trick: its three cards are laid in front of seat 1, who leads
    assert g.laid(1) == "地 地 二六" and g.actor == 1 and int(g.state[E.NLAID + 1]) == 3
    assert g.hand(2) == "长三" and g.card_total() == 17  # every card given is still counted
    down = [e.text for e in g.events if e.kind == "盖"]
    assert down == ["3 card(s)"]


def test_a_follower_with_fewer_cards_puts_them_all_down_unasked():
    g = Game.from_cards(hands=["天 天 红九 黑九 地", "梅子 长三", "人 和 猫猫 幺六"], rules=FOUR)
    g.step("天 天 红九 黑九")
    # seat 1 has two cards: both go down unasked; seat 2 chooses four of its four: unasked too
    # (then 地 alone: nobody else has cards)
    assert g.done and g.laid(0) == "天 天 地 红九 黑九" and len(g.decisions) == 1
    assert [e.text for e in g.events if e.kind == "盖"] == ["2 card(s)", "4 card(s)"]
    assert int(g.state[E.BAO]) == 0  # a 天 set on the opening lead is 包牌


def test_a_set_counts_all_its_cards_toward_sixteen():
    laid = " ".join(["梅子"] * 4 + ["长三"] * 4 + ["长二"] * 4)  # 12
    g = Game.from_cards(hands=["地 地 二六 三五 猫猫", "长三 幺六 四六 红九 猫猫", "斧头 斧头 拐子 幺四 和"],
                        laid=[laid, "", ""], rules=FOUR)
    g.step("地 地 二六 三五")
    while not g.done:  # the others have no set: four cards each, face down
        g.step(g.legal_actions()[0])
    tricks = [e.text for e in g.events if e.kind == "摆"]
    assert tricks == ["16 摆牌", "17 摆牌"]  # the set lays four cards, then 猫猫 (unbeaten)
    r = g.result
    # 17 摆牌 with four 梅子 (a black four): one 翻, the stake doubles
    assert r.outcome == "win" and r.winner == 0 and r.laid[0] == 17 and r.fan == 1
    assert r.points == (4, -2, -2)


def test_play_code_names_the_bad_set():
    assert play_code("天 天 红九") != play_code("天 红九 红九")
    with pytest.raises(PaijuError, match="no set"):
        play_code("天 地 人")
    with pytest.raises(PaijuError, match="one to four cards"):
        play_code("天 天 红九 红九 黑九")


def _choice(g, name):
    from sim.registry import get_strategy

    n = E.legal_actions(g._s, g._buf)
    obs = np.zeros(O.OBS_SIZE, dtype=np.int16)
    O.observe(g._s, g.actor, obs)
    return play_text(int(get_strategy("tiandi", name).kernel(obs, g._buf, n, g.rng)))


def test_strong_leads_a_set_nobody_can_beat_and_greedy_its_biggest_play():
    rules = TiandiRules(combo_sizes="2-4", bao="off")
    hands = ["天 天 红九 黑九 猫猫 幺六", "地 地 二六 三五 梅子 长三", "人 人 三四 二五 和 和"]
    g = Game.from_cards(hands=hands, rules=rules)
    # no 天 set can beat 天 天 红九 黑九 (equal sets never beat): a sure trick of four cards
    assert _choice(g, "strong") == "天 天 红九 黑九"
    assert _choice(g, "greedy") == "天 天 红九 黑九"


def _stand(g, cards):
    from strategies.tiandi.common import WORK_SIZE, count, stand_chance

    obs = np.zeros(O.OBS_SIZE, dtype=np.int16)
    E.legal_actions(g._s, g._buf)
    O.observe(g._s, g.actor, obs)
    w = np.zeros(WORK_SIZE)
    count(obs, w)
    return stand_chance(obs, w, play_code(cards))


def test_strong_counts_which_sets_could_beat_its_set():
    rules = TiandiRules(combo_sizes="2-4", bao="off")
    others = "梅子 长三 长二 斧头 四六 猫猫 幺六 梅子"
    g = Game.from_cards(hands=["天 天 红九 黑九 和 和 幺四 拐子", others, others], rules=rules)
    assert _stand(g, "天 天 红九 黑九") == 1.0  # nothing of its shape ranks higher
    assert 0.0 < _stand(g, "和 和 幺四 拐子") < 1.0  # 地 or 人 sets may be out there
    short = Game.from_cards(hands=["和 和 幺四 拐子 猫猫", "地 地", "人 人 三四"], rules=rules)
    assert _stand(short, "和 和 幺四 拐子") == 1.0  # nobody holds four cards any more
