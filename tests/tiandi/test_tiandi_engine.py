"""Golden hands for trick play: must-beat, face-down cards, laying, 包牌, 脱手, payments."""

import numpy as np
import pytest

from sim.errors import IllegalActionError
from sim.games.chuanpai.tiandi import TiandiRules
from sim.games.chuanpai.tiandi import engine as E
from sim.games.chuanpai.tiandi import observe as O
from sim.games.chuanpai.tiandi.game import Game


def texts(g):
    return [a.text for a in g.legal_actions()]


def plays(g):
    """The plays and laid tricks so far, as (kind, seat, text)."""
    return [(e.kind, e.seat, e.text) for e in g.events if e.kind in ("出", "打", "盖", "摆")]


def test_must_beat_lists_only_beating_plays():
    g = Game.from_cards(hands=["四六 猫猫", "天 长三 红九", "梅子 拐子 拐子"])
    g.step("四六")
    assert texts(g) == ["打 天", "打 长三"]  # 红九 cannot beat a civil card; 长三 is 占张-free
    with pytest.raises(IllegalActionError, match="may not play 红九.*legal: 打 天, 打 长三"):
        g.step("红九")
    g.step("长三")  # the intermediate card (过牌), legal
    assert texts(g) == ["盖 梅子", "盖 拐子"]  # 梅子 is level with 长三: it cannot beat


def test_level_card_cannot_beat_and_face_down_is_any_card():
    g = Game.from_cards(hands=["梅子 猫猫 斧头", "长三 红九", "长二 拐子"])
    g.step("梅子")
    assert texts(g) == ["盖 长三", "盖 红九"]  # 长三 is level with 梅子: it does not beat
    g.step("红九")
    assert texts(g) == ["盖 长二", "盖 拐子"]
    g.step("长二")
    # the leader's 梅子 takes the trick: it is laid in front of seat 0, who leads again
    assert g.laid(0) == "梅子" and g.laid(1) == "" and g.actor == 0
    assert g.observation(1).array[O.O_DOWN + 11] == 1  # seat 1 remembers its 红九 face down
    assert g.observation(0).array[O.O_SEEN + 11] == 0  # nobody else saw it


def test_winner_of_the_trick_lays_and_leads():
    g = Game.from_cards(hands=["和 猫猫 幺六", "人 梅子 长三", "天 长三 长二"])
    g.step("和")
    # seat 1 can beat only with 人 and seat 2 only with 天: the engine makes those plays
    assert plays(g) == [("出", 0, "和"), ("打", 1, "人"), ("打", 2, "天"), ("摆", 2, "1 摆牌")]
    assert g.laid(2) == "天" and g.actor == 2 and g.laid(0) == g.laid(1) == ""
    assert g.result is None and len(g.decisions) == 1


def test_pairs_must_be_beaten_by_a_higher_pair_of_the_suit():
    g = Game.from_cards(hands=["红五 红五 和", "红七 红七 红九 红九 黑九 黑九", "天 地 人 和"])
    g.step("红五 红五")
    assert texts(g) == ["打 红九 红九", "打 三四 三四"]
    g.step("三四 三四")
    # seat 2 has no pair: two cards face down, any two
    assert all(t.startswith("盖 ") for t in texts(g)) and len(texts(g)) == 6


def test_combination_must_be_beaten_by_a_higher_combination():
    g = Game.from_cards(hands=["地 平八 和", "天 红九 人 三四", "和 拐子 梅子"])
    g.step("地 平八")
    assert plays(g)[:2] == [("出", 0, "地 二六"), ("打", 1, "天 红九")]  # the only beat: forced


def test_follower_with_fewer_cards_plays_them_all_face_down():
    g = Game.from_cards(hands=["红九 红九 天", "黑九", "梅子 长三"])
    g.step("红九 红九")
    assert plays(g)[1:4] == [("盖", 1, "1 card(s)"), ("盖", 2, "2 card(s)"), ("摆", 0, "2 摆牌")]
    assert g.done and g.result.laid == (3, 0, 0)  # then 天 alone: nobody else has cards


def test_hard_cards_are_laid_at_once():
    g = Game.from_cards(hands=["丁丁 二红 天 地", "丁丁 地", "人"])
    assert g.laid(0) == "二红 丁丁" and g.laid(1) == "丁丁" and g.hand(0) == "天 地"
    assert [e.text for e in g.events if e.kind == "硬张"] == ["2 hard card(s)", "1 hard card(s)",
                                                             "0 hard card(s)"]


def _play_out(g, choose=lambda legal: legal[0]):
    while not g.done:
        g.step(choose(g.legal_actions()))
    return g.result


def test_sixteen_wins_and_losers_pay():
    laid = " ".join(["梅子"] * 3 + ["长三"] * 3 + ["长二"] * 3 + ["斧头"] * 3 + ["四六"] * 3)  # 15
    g = Game.from_cards(hands=["地 和", "人 猫猫", "和 猫猫"], laid=[laid, "", ""])
    g.step("地")
    r = _play_out(g)
    assert r.outcome == "win" and r.winner == 0 and r.level == "小胡" and r.fan == 0
    assert r.points == (2, -1, -1) and r.laid[0] >= 16


def test_yijia_doubles_and_fan_doubles_again():
    laid = " ".join(["天"] * 3 + ["梅子"] * 3 + ["长三"] * 3 + ["长二"] * 3 + ["斧头"] * 3
                    + ["四六"] * 3 + ["猫猫"] * 2)  # 20, with three 天
    g = Game.from_cards(hands=["天 地", "人 和", "和 幺六"], laid=[laid, "", ""])
    g.step("天")
    r = _play_out(g)
    # 22 摆牌 at the end: 一甲; four 天 = two units of 翻 → stake 2^(1+2)
    assert r.laid[0] == 22 and r.level == "一甲" and r.fan == 2 and r.points == (16, -8, -8)


def test_nobody_at_sixteen_is_a_draw():
    g = Game.from_cards(hands=["天 地", "人 和", "梅子 长三"])
    r = _play_out(g)
    assert r.outcome == "draw" and r.winner == -1 and r.points == (0, 0, 0)


def test_bao_opening_lead_offender_pays_for_everybody():
    laid = " ".join(["梅子"] * 4 + ["长三"] * 4 + ["长二"] * 4 + ["斧头"] * 3)  # 15 for seat 1
    g = Game.from_cards(hands=["天 猫猫", "地 和", "人 长二"], laid=["", laid, ""])
    g.step("天")  # the dealer's first lead is a 天: 包牌
    assert [e.kind for e in g.events].count("包牌") == 1
    r = _play_out(g, choose=lambda legal: legal[-1])
    assert r.winner == 1 and r.bao == 0 and r.bao_paid and r.points == (-2, 2, 0)


def test_bao_only_if_the_offender_loses():
    laid = " ".join(["梅子"] * 4 + ["长三"] * 4 + ["长二"] * 4 + ["斧头"] * 3)
    g = Game.from_cards(hands=["天 猫猫", "地 和", "人 长二"], laid=[laid, "", ""])
    g.step("天")
    r = _play_out(g)
    assert r.winner == 0 and r.bao == 0 and not r.bao_paid and r.points == (2, -1, -1)


def test_bao_at_each_players_first_lead_under_seed_not_under_opening():
    for bao, expected in (("seed", 1), ("opening", -1), ("off", -1)):
        g = Game.from_cards(hands=["和 猫猫", "天 红九 长三", "人 长二"], rules=TiandiRules(bao=bao))
        g.step("和")  # seat 1 must beat, and only 天 does (played by the engine)
        g.step("长二")  # seat 2 cannot beat 天: face down
        assert g.actor == 1  # seat 1 took the trick and leads for the first time
        g.step("红九")
        assert int(g.state[E.BAO]) == expected, bao
    g = Game.from_cards(hands=["天 猫猫", "人", "长二"], rules=TiandiRules(bao="off"))
    g.step("天")
    assert int(g.state[E.BAO]) == -1


def _tuoshou_game(rule):
    laid = " ".join(["梅子"] * 4 + ["长三"] * 4 + ["长二"] * 4 + ["斧头"] * 2)  # 14
    return Game.from_cards(hands=["天 天 地 人 和 猫猫", "猫猫 幺六 红九 拐子 和", "四六 四六 红五 黑七 二六"],
                           laid=[laid, "", ""], rules=TiandiRules(tuoshou=rule))


def test_tuoshou_draw_win_and_off():
    # seat 0 leads a 天 nobody can beat: 15 摆牌 and 5 cards left in hand
    g = _tuoshou_game("draw")
    for a in ("天", "猫猫", "四六"):
        g.step(a)
    r = g.result
    assert r.outcome == "脱手 draw" and r.winner == -1 and r.points == (0, 0, 0)
    assert [e.kind for e in g.events][-2:] == ["脱手", "end"]
    g = _tuoshou_game("win")
    for a in ("天", "猫猫", "四六"):
        g.step(a)
    r = g.result
    assert r.outcome == "脱手 win" and r.winner == 0 and r.points == (2, -1, -1) and r.laid[0] == 15
    g = _tuoshou_game("off")
    for a in ("天", "猫猫", "四六"):
        g.step(a)
    assert not g.done and g.actor == 0


def test_tuoshou_needs_a_lead_nobody_beats():
    laid = " ".join(["梅子"] * 4 + ["长三"] * 4 + ["长二"] * 4 + ["斧头"] * 2)  # 14
    g = Game.from_cards(hands=["天 天 地 人 和 猫猫", "猫猫 幺六 红九 拐子 和", "四六 四六 红五 人 二六"],
                        laid=[laid, "", ""])
    g.step("和")
    assert texts(g) == ["盖 和", "盖 幺六", "盖 猫猫", "盖 红九", "盖 拐子"]  # 和 is no beat of 和
    g.step("和")  # seat 2 must beat with its 人 (forced): no 脱手
    assert plays(g)[-2:] == [("打", 2, "人"), ("摆", 2, "1 摆牌")]
    assert not g.done and g.actor == 2 and g.laid(2) == "人"


def test_forced_plays_are_not_asked():
    g = Game.from_cards(hands=["天 地", "人", "和"])
    g.step("地")  # seat 1 cannot beat 地: its one card goes face down, as does seat 2's
    assert g.done and len(g.decisions) == 1 and g.result.decisions == 1
    assert plays(g) == [("出", 0, "地"), ("盖", 1, "1 card(s)"), ("盖", 2, "1 card(s)"),
                        ("摆", 0, "1 摆牌"), ("出", 0, "天"), ("摆", 0, "2 摆牌")]


def test_tuoshou_needs_exactly_five_cards_left():
    laid = " ".join(["梅子"] * 4 + ["长三"] * 4 + ["长二"] * 4 + ["斧头"] * 2)  # 14
    g = Game.from_cards(hands=["天 天 地 人 和 猫猫 幺六", "猫猫 幺六 红九 拐子 和", "四六 四六 红五 黑七 二六"],
                        laid=[laid, "", ""])
    for a in ("天", "猫猫", "四六"):
        g.step(a)
    assert not g.done and g.laid(0).count("天") == 1


def test_misdeals_are_redealt_and_counted():
    redealt = 0
    for seed in range(60):
        g = Game(seed=seed)
        for p in range(3):
            h = g.state[E.HAND + p * 21:E.HAND + p * 21 + 21]
            assert h[0] + h[11] + h[12] > 0
        redealt += g.result is None and int(g.state[E.REDEALS]) > 0
    assert redealt > 0  # about one deal in nine is void
    played = Game(seed=3, rules=TiandiRules(misdeal="play"))
    assert int(played.state[E.REDEALS]) == 0


def test_step_refuses_garbage_in_one_line():
    g = Game(seed=1)
    with pytest.raises(IllegalActionError, match="not a play"):
        g.step(None)
    with pytest.raises(IllegalActionError, match="not a legal action"):
        g.step("王")  # no card: refused like any other unknown action
    assert np.all(g.state == Game(seed=1).state)
