"""Scripted hands: forced moves, claims and their priority, 臭 rules, 八块, 天胡, 荒庄, scoring."""

from __future__ import annotations

import pytest

from sim.errors import IllegalActionError
from sim.games.zipai import Game, ZipaiRules
from sim.games.zipai import engine as E

from zipai_script import act, drift, events

# Seat 0 deals (21 cards, the last one is the 亮张 陆); seat 1 is its 下家, seat 2 its 上家.
S0 = "x5 d5 x1 x1 x3 x9 d1 d3 d3 d9 x10 d10 x2 x2 d2 x7 d7 x8 x8 d8 d6"
S1 = "x4 x4 d4 d4 x6 x6 d6 d7 d7 x9 x9 d9 d9 d10 d10 x10 x3 x3 d1 d1"
S2 = "x5 x5 x5 d5 d5 d5 x1 x2 x3 x4 x7 x7 x8 d8 d2 d3 d6 d7 x10 d10"


def test_pao_from_a_discard_then_bakuai_skips_the_discard() -> None:
    g = Game.from_cards(hands=[S0, S1, S2], stock="d5 x6 x6")
    assert g.actor == 0 and g.held(0) == 21
    act(g, 0, "打 五")
    # seat 2 holds a 坎 of 五: the 跑 is forced (before seat 1's 吃), then he discards
    assert ("跑", 2, "五") in events(g)
    assert g.actor == 2 and g.held(2) == 21 and g.target(2) == 20
    act(g, 2, "打 一")
    # seat 0 (seat 2's 下家) may 碰 or 吃 the 一; he passes, so 一 is 臭 for him now
    act(g, 0, "过")
    # seat 0 draws 伍 and shows it; seat 2's 坎 of 伍 makes a second 跑: 八块, no discard
    ev = events(g)
    assert ev[ev.index(("摸", 0, "伍")) + 1] == ("跑", 2, "伍")
    assert ("免打", 2, "") in ev
    assert g.held(2) == 21 and g.target(2) == 21
    assert ("摸", 0, "六") in ev  # seat 2's 下家 (seat 0) draws next
    assert g.card_total() == 61 + 3  # every card dealt or in the stock is still accounted for


def test_peng_beats_chi_and_a_passed_card_is_chou() -> None:
    g = Game.from_cards(hands=[S0, S1, S2], stock="d5 x6 x6")
    act(g, 0, "打 五")
    act(g, 2, "打 一")
    # seat 0 can 碰 (pair 一一) and 吃 (一二三); all are offered together
    texts = [a.text for a in g.legal_actions()]
    assert texts[0] == "碰 一" and any(t.startswith("吃 一") for t in texts) and texts[-1] == "过"
    act(g, 0, "碰")
    assert ("碰", 0, "一") in events(g)
    assert g.actor == 0 and [a.text for a in g.legal_actions()][0].startswith("打")


def test_discards_cannot_be_won_on() -> None:
    # seat 1 needs exactly x5 to win (and would win on a drawn x5), but the dealer discards it
    s1 = "x1x2x3 d1d2d3 x2x7x10 d2d7d10 d4d5d6 d7d8d9 x3x4"
    s0 = "x5 d4 x9 x9 d6 d6 x6 x8 d8 x10 x10 d10 x1 x1 d3 d3 x7 x7 d7 x4 d5"
    s2 = "x6 x6 x8 x8 x9 d7 d1 d1 x3 x3 d3 x4 x4 d4 d4 d5 d5 d6 d8 d8"
    g = Game.from_cards(hands=[s0, s1, s2], stock="x5 x5 d9")
    act(g, 0, "打 五")
    # no 胡 on a discard: seat 1 is offered only 吃 or pass
    assert g.actor == 1 and not any(a.text.startswith("胡") for a in g.legal_actions())
    act(g, 1, "过")
    # seat 1 draws x5 himself: now he may win (自摸)
    assert g.actor == 1 and g.legal_actions()[0].text.startswith("胡")
    act(g, 1, "胡")
    r = g.result
    assert r.winner == 1 and r.win_kind == "自摸"
    assert r.huxi == 3 + 6 + 3 + 6  # 一二三 壹贰叁 二七十 贰柒拾
    assert r.tun == 1 + (18 - 15) // 3 + 1  # +1 囤 for 自摸
    assert r.points == (-r.tun, 2 * r.tun, -r.tun)


def test_win_priority_drawer_first_then_xiajia() -> None:
    s1 = "x1x2x3 d1d2d3 x2x7x10 d2d7d10 d4d5d6 d7d8d9 x3x4"  # wins on x5 (or x2)
    s2 = "x1x2x3 d1d2d3 x2x7x10 d2d7d10 d4d5d6 d7d8d9 x6x7"  # wins on x5 (or x8)
    s0 = "x9 x9 d6 d6 x6 x8 d8 x10 x10 d10 x1 x4 d3 d3 x8 x4 d5 d5 d4 d8 d9"
    g = Game.from_cards(hands=[s0, s1, s2], stock="x4 x5")
    act(g, 0, "打 九")
    # seat 1 may 吃 nothing of 九 (no partner)... he draws x4: not a win, passes, seat 2 draws x5
    while g.actor != -1 and not any(a.text.startswith("胡") for a in g.legal_actions()):
        act(g, g.actor, "过")
    # seat 2 drew x5: the drawer is asked first
    assert g.actor == 2
    act(g, 2, "过")  # declines: seat 2's 下家 (seat 0) cannot, then seat 1 (上家) is asked
    assert g.actor == 1
    act(g, 1, "胡")
    assert g.result.winner == 1 and g.result.win_kind == "他摸"
    assert g.result.points == (-2, 4, -2)  # 18 胡息 = 2 囤, each loser pays 2


def test_illegal_action_raises_a_clear_error() -> None:
    g = Game.from_cards(hands=[S0, S1, S2], stock="d5 x6 x6")
    with pytest.raises(IllegalActionError, match=r"seat 0\) chose illegal action 4[0-9]? .*legal: "):
        g.step(44)
    with pytest.raises(IllegalActionError, match="illegal action 3 "):
        g.step(3)  # 打 四: seat 0 holds none


def test_rules_option_errors_name_the_option() -> None:
    from sim.errors import OptionError

    with pytest.raises(OptionError, match="min_huxi=12 is not allowed; choose one of 15, 10, 9, 6, 18"):
        ZipaiRules(min_huxi=12)
    with pytest.raises(OptionError, match="multi_qishou_ti"):
        ZipaiRules.from_options(overrides={"multi_qishou_ti": "never"})


# Two waiting hands used below: each wins with 18 胡息 (一二三 壹贰叁 二七十 贰柒拾).
W1 = "x1x2x3 d1d2d3 x2x7x10 d2d7d10 d4d5d6 d7d8d9 x3x4"  # waits on x5 / x2
W2 = "x1x2x3 d1d2d3 x2x7x10 d2d7d10 d4d5d6 d7d8d9 x6x7"  # waits on x5 / x8
D20 = "x9 x9 d6 d6 x6 x8 d8 x10 x10 d10 x1 x4 d3 d3 x8 x4 d5 d5 d4 d8"
D0 = D20 + " d9"


def test_tianhu_on_the_liangzhang_for_a_non_dealer_is_a_choice() -> None:
    dealer = D0[:-2] + "x5"  # the 亮张 is x5: both non-dealers could win on it
    g = Game.from_cards(hands=[dealer, W1, W2], stock="x4")
    assert g.actor == 1  # the dealer cannot; his 下家 is asked before his 上家
    act(g, 1, "过")
    assert g.actor == 2
    act(g, 2, "胡")
    r = g.result
    assert (r.winner, r.win_kind, r.huxi) == (2, "天胡亮张", 18)
    assert r.points == (-2, -2, 4)  # 18 胡息: 2 囤, not self-drawn
    off = Game.from_cards(hands=[dealer, W1, W2], stock="x4",
                          rules=ZipaiRules(tianhu_on_liangzhang=False))
    assert off.actor == 0 and off.legal_actions()[0].text.startswith("打")


def test_tianhu_of_the_dealers_21_cards() -> None:
    dealer = "x1x2x3 d1d2d3 x2x7x10 d2d7d10 d4d5d6 d7d8d9 x3x4x5"
    g = Game.from_cards(hands=[dealer, D20, W2], stock="x4")
    assert g.actor == 0 and g.legal_actions()[0].text.startswith("胡")
    act(g, 0, "胡")
    r = g.result
    assert (r.winner, r.win_kind, r.huxi, r.tun) == (0, "天胡庄家", 18, 3)  # 2 囤 + 自摸


@pytest.mark.parametrize(
    ("hands", "winner", "kind"),
    [
        # the dealer's 亮张 makes his fifth 坎: 天胡 at once, before anything else
        (["x1x1x1 x2x2x2 x3x3x3 x4x4x4 x6x7x8 d1 d2 d3 x5 x5 x5", D20, W1], 0, "天胡五坎"),
        # 下家 and 上家 both hold 三提五坎: the 下家 wins
        ([D0, "d1d1d1d1 d2d2d2d2 d3d3d3d3 x1 x2 x3 x4 x5 x6 x7 x8", "x9x9x9 d9d9d9 d8d8d8 x6x6x6 x7x7x7 d5 d6"],
         1, "天胡三提"),
        ([D0, W1, "x9x9x9 d9d9d9 d8d8d8 x6x6x6 x7x7x7 d5 d6 x1 x2 x3 x4 x5"], 2, "天胡五坎"),
    ],
)
def test_natural_tianhu_is_automatic(hands: list[str], winner: int, kind: str) -> None:
    g = Game.from_cards(hands=hands, stock="x4")
    r = g.result
    assert g.done and (r.winner, r.win_kind) == (winner, kind)
    assert r.points[winner] > 0 and sum(r.points) == 0


def test_huangzhuang_when_the_stock_runs_out() -> None:
    g = Game.from_cards(hands=[D0, W1, W2], stock="d10")
    act(g, 0, "打 九")
    while not g.done:
        act(g, g.actor, "过" if g.legal_actions()[-1].text == "过" else g.legal_actions()[0].text)
    r = g.result
    assert (r.winner, r.win_kind, r.points, r.draws_left) == (-1, "荒庄", (0, 0, 0), 0)
    assert ("荒庄", -1, "") in events(g)


def test_declined_win_is_chou_until_the_huxi_changes() -> None:
    # seat 1 declines 胡 on a drawn x5; the next x5 (same 胡息) is not offered again
    g = Game.from_cards(hands=[D0, W1, "x6 x6 x8 x8 x9 d7 d1 d1 x3 x3 d3 x4 d4 d4 d5 d5 d6 d8 d8 x1"],
                        stock="x5 x10 x5")
    act(g, 0, "打 九")
    while g.actor != 1 or not g.legal_actions()[0].text.startswith("胡"):
        act(g, g.actor, "过" if g.legal_actions()[-1].text == "过" else g.legal_actions()[0].text)
    act(g, 1, "过")  # 臭胡 on 五 at table 胡息 0
    seen_offer = []
    while not g.done:
        acts = g.legal_actions()
        if acts[0].text.startswith("胡"):
            seen_offer.append((g.actor, acts[0].text))
        act(g, g.actor, "过" if acts[-1].text == "过" else acts[0].text)
    assert all(not t.startswith("胡 五") or seat != 1 for seat, t in seen_offer)
    assert ("过胡", 1, "五") in events(g)


def test_forced_ti_on_own_draw_and_chou_wei_after_a_passed_peng() -> None:
    s1 = "x1x1x1 d1d1 x9x9 x2 x4 x6 x8 d3 d5 d7 d9 x10 d10 d2 d4 x3"
    s0 = "x9 d9 d9 d6 d6 x6 x8 d8 x10 x10 d10 x4 d3 d3 x8 x4 d5 d5 d4 d8 x7"
    g = Game.from_cards(hands=[s0, s1, W2], stock="x1 d1 d10 x9")
    act(g, 0, "打 九")
    # seat 1 could 碰 the 九 (he holds 九九) and passes: 忍碰, 九 is 臭 for him
    assert g.actor == 1 and g.legal_actions()[0].text == "碰 九"
    act(g, 1, "过")
    # seat 1 draws 一 onto his 坎: 提 (forced); his first quad, so he still discards
    assert ("提", 1, "一") in events(g) and g.actor == 1 and g.held(1) == 21
    act(g, 1, "打 二")
    drift(g, lambda g: any(e.kind == "摸" and e.text == "九" for e in g.events))
    # seat 1 draws 九 over his pair: the 偎 is forced, and it is a 臭偎 (he passed a 碰 of 九)
    assert ("臭偎", 1, "九") in events(g)
    assert any(m == "臭偎 九" for m in g.melds(1))
    assert g.melds(1, viewer=0)[:2] == ("提 一", "臭偎 九")  # both show a card face up


def test_wei_on_own_draw() -> None:
    s1 = "x1x1x1 d1d1 x9x9 x2 x4 x6 x8 d3 d5 d7 d9 x10 d10 d2 d4 x3"
    g = Game.from_cards(hands=[D0, s1, W2], stock="x9 x9")
    act(g, 0, "打 九")
    act(g, 1, "过")  # 忍碰 of 九 ...
    # ... then he draws the other 九: a 臭偎 as well
    assert ("臭偎", 1, "九") in events(g)
    g2 = Game.from_cards(hands=[D0, s1, W2], stock="d1 x9")
    act(g2, 0, "打 叁")
    drift(g2, lambda g: any(e.kind == "摸" for e in g.events))
    assert ("偎", 1, "壹") in events(g2)
    assert "偎 ?" in g2.melds(1, viewer=2) and "偎 壹" in g2.melds(1, viewer=1)  # face down
    # observations: the 偎 and its 胡息 are seen by its owner only; no other hand is shown
    mine, theirs = g2.observation(1), g2.observation(2)
    assert "偎 壹" in mine.melds[1] and "偎 ?" in theirs.melds[1]
    assert (mine.huxi[1], theirs.huxi[1]) == (6, 0)
    assert theirs.hand == g2.hand(2) and not hasattr(theirs, "hands")


def test_peng_then_drawn_card_makes_pao_but_a_discard_does_not() -> None:
    s1 = "x5 x5 d1 d2 d4 x2 x7 d7 d9 x3 x9 d10 x10 d3 d5 d6 d8 x6 x6 x8"
    s0 = "x5 x4 x1 x1 x3 x9 d1 d3 d3 d9 x10 d10 x2 x2 d2 x7 d7 x8 x8 d8 d6"
    s2 = "x4 x4 d4 d4 x6 x1 d6 d7 d7 x9 x9 d9 d9 d10 d10 x10 x3 x3 d1 d1"
    g = Game.from_cards(hands=[s0, s1, s2], stock="x5 x2 x2 x2")
    act(g, 0, "打 五")
    act(g, 1, "碰")
    act(g, 1, "打 二")
    drift(g, lambda g: any(e.kind == "跑" for e in g.events))
    # seat 2 drew 五: seat 1's 碰 becomes a 跑 (any drawn card)
    assert ("跑", 1, "五") in events(g) and "跑 五" in g.melds(1)
    s0b = s0.replace("x4 ", "x5 ", 1)  # the dealer holds two x5 and discards the second later
    g = Game.from_cards(hands=[s0b, s1, s2], stock="x2 x2 x2")
    act(g, 0, "打 五")
    act(g, 1, "碰")
    act(g, 1, "打 二")
    drift(g, lambda g: g.actor == 0 and g.legal_actions()[0].text.startswith("打"))
    act(g, 0, "打 五")
    # a discarded card never turns a 碰 into a 跑
    assert ("跑", 1, "五") not in events(g) and "碰 五" in g.melds(1)


def test_non_dealer_with_two_qishou_ti_skips_his_first_discard() -> None:
    s1 = "x1x1x1x1 d1d1d1d1 x3 x5 x7 x9 d3 d5 d7 d9 x2 d2 x10 d10"
    g = Game.from_cards(hands=[D0, s1, W2], stock="x6 x4 d6")
    assert [e for e in events(g) if e[0] == "起手提"] == [("起手提", 1, "一"), ("起手提", 1, "壹")]
    assert g.held(1) == 20 and g.target(1) == 21
    act(g, 0, "打 九")
    # seat 1 takes his first card (吃 九 with 7/8? he has x7 x9 ... ) — take any claim offered
    while g.held(1) == 20 and not g.done:
        acts = [a.text for a in g.legal_actions()]
        if g.actor == 1 and any(t.startswith(("吃", "碰")) for t in acts):
            act(g, 1, next(t for t in acts if t.startswith(("吃", "碰"))))
        else:
            act(g, g.actor, "过" if acts[-1] == "过" else acts[0])
    assert g.held(1) == 21 == g.target(1)
    assert ("免打", 1, "") in events(g)


def test_dealer_with_two_qishou_ti_does_not_discard() -> None:
    s0 = "x1x1x1x1 d1d1d1d1 x3 x5 x7 x9 d3 d5 d7 d9 x2 d2 x10 d10 x6"
    g = Game.from_cards(hands=[s0, W1, W2], stock="x4 d6")
    ev = events(g)
    assert ev[:2] == [("起手提", 0, "一"), ("起手提", 0, "壹")] and ("免打", 0, "") in ev
    assert ("摸", 1, "四") in ev  # the 下家 draws at once


def test_redeal_option_for_two_qishou_ti() -> None:
    hands = None
    for seed in range(2000):
        g = Game(seed=seed, rules=ZipaiRules(multi_qishou_ti="redeal"))
        if any(e.kind == "重洗" for e in g.events):
            tis = [sum(1 for e in g.events if e.kind == "起手提" and e.seat == p) for p in range(3)]
            assert max(tis) <= 1 or g.done
            hands = seed
            break
    assert hands is not None


def test_chi_drawer_before_xiajia_and_passing_makes_chou() -> None:
    # seat 1 draws 五; he (x4x6) and his 下家 seat 2 (x3x4) could 吃 it: the drawer is asked first
    s1 = "x4 x6 d1 d1 d2 d2 d3 d3 d5 d5 d7 d7 d9 d9 x10 x10 x9 x9 x1 x1"
    s2 = "x3 x4 d1 d2 d3 d4 d6 d8 d10 x2 x2 x7 x7 d6 d6 d8 d10 x8 x8 x10"
    s0 = "x9 x9 d4 d4 x6 x8 d5 x1 x3 d7 x2 x7 d9 d10 x6 x3 d3 d5 d2 d8 x4"
    g = Game.from_cards(hands=[s0, s1, s2], stock="x5 d7")
    drift(g, lambda g: any(e.kind == "摸" for e in g.events))
    assert g.actor == 1 and g.legal_actions()[0].text.startswith("吃 五")
    act(g, 1, "过")
    assert g.actor == 2 and g.legal_actions()[0].text.startswith("吃 五")
    act(g, 2, "吃 五: 三四五")
    assert ("吃", 2, "三四五") in events(g) and ("过", 1, "五") in events(g)


# the drawer (seat 1) can 吃 二 with 一三; his 下家 (seat 2) holds 二二 and can 碰 or 吃 it
PENG_S0 = "x9 x9 d6 d6 x6 x8 d8 x10 x10 d10 x1 x4 d3 d3 x8 x4 d5 d5 d4 d8 d9"
PENG_S1 = "x1 x3 d1 d1 d7 d7 d9 d9 x5 x5 x7 x7 x10 d10 d10 x6 x6 d5 x9 d4"
PENG_S2 = "x2 x2 d2 x3 x4 d6 d6 d8 d8 x5 x7 x8 x8 d1 d3 d3 x9 d4 d9 x10"


def _to_seat1_draw() -> Game:
    g = Game.from_cards(hands=[PENG_S0, PENG_S1, PENG_S2], stock="x2 d2")
    drift(g, lambda g: any(e.kind == "摸" and e.seat == 1 for e in g.events))
    assert ("摸", 1, "二") in events(g)
    return g


def test_on_a_drawn_card_peng_then_the_drawers_chi_then_the_xiajias() -> None:
    g = _to_seat1_draw()
    # the 下家's 碰 comes first, alone: his 吃 waits until after the drawer's
    assert g.actor == 2 and [a.text for a in g.legal_actions()] == ["碰 二", "过"]
    act(g, 2, "过")
    assert g.actor == 1 and [a.text for a in g.legal_actions()] == ["吃 二: 一二三", "吃 二: 二七十", "过"]
    act(g, 1, "过")
    # passing the 碰 did not cost the 下家 his own 吃 turn on this card
    assert g.actor == 2
    assert [a.text for a in g.legal_actions()] == [
        "吃 二: 二三四 + 二二贰", "吃 二: 二七十 + 二二贰", "过"]
    act(g, 2, "吃 二: 二三四")
    assert ("吃", 2, "二三四") in events(g) and ("过", 1, "二") in events(g)


def test_the_xiajias_peng_beats_the_drawers_chi_and_a_passed_peng_is_chou() -> None:
    g = _to_seat1_draw()
    act(g, 2, "碰")
    assert ("碰", 2, "二") in events(g) and g.actor == 2
    g = _to_seat1_draw()
    act(g, 2, "过")
    act(g, 1, "吃")  # the drawer takes it; the 下家 passed a 碰 of 二, so 二 is 臭 for him
    assert ("吃", 1, "一二三") in events(g)
    assert int(g.state[E.CHOU + 2 * 20 + 1]) == 1


def test_win_beats_a_forced_pao() -> None:
    # seat 2 holds a 坎 of 五 and would 跑 the drawn 五; seat 1 wins on it first (破跑胡)
    s2 = "x5 x5 x5 d4 d4 d6 d6 d8 d8 x1 x3 x7 x9 d1 d3 d7 d9 x10 d10 x8"
    s0 = "x9 x9 d6 x4 x6 x8 d8 x10 x10 d10 x1 x4 d3 d3 x8 x6 d5 d5 d4 d5 x2"
    g = Game.from_cards(hands=[s0, W1, s2], stock="d10 x5")
    drift(g, lambda g: any(a.text.startswith("胡") for a in g.legal_actions()))
    assert g.actor == 1
    act(g, 1, "胡")
    assert g.result.winner == 1 and not any(e[0] == "跑" for e in events(g))


def test_own_discard_is_chou() -> None:
    # the dealer discards 九 from 九九: later he may not 碰 or 吃 a 九
    s0 = "x9 x9 x8 d6 d6 x6 d8 x10 x10 d10 x1 x4 d3 d3 x8 x4 d5 d5 d4 d8 d9"
    g = Game.from_cards(hands=[s0, W1, W2], stock="d10 x9 x9")
    act(g, 0, "打 九")
    drift(g, lambda g: any(e.kind == "摸" and e.text == "九" for e in g.events))
    assert not any(e[0] in ("碰", "吃") and e[1] == 0 for e in events(g))
    assert ("过", 0, "九") not in events(g)  # never even offered


def test_chi_refused_when_no_discard_would_remain() -> None:
    # seat 1: four 坎 and x3 x4 d5 d5 x7 x7 d9 d9; after 碰 伍 and 碰 七 only the 坎 and
    # x3 x4 remain, so a 吃 of 五 (which must be followed by a discard) is not offered
    s1 = "x1x1x1 x2x2x2 d1d1d1 d2d2d2 x3 x4 d5 d5 x7 x7 d9 d9"
    s0 = "d5 x7 x5 x6 x8 d6 d6 x9 x9 d8 x10 x10 d10 d3 d3 d7 x6 x8 d4 d4 x10"
    g = Game.from_cards(hands=[s0, s1, W2], stock="x8 x9 d6 x6 x9 d3")
    act(g, 0, "打 伍")
    act(g, 1, "碰")
    act(g, 1, "打 玖")
    drift(g, lambda g: g.actor == 0 and g.legal_actions()[0].text.startswith("打"))
    act(g, 0, "打 七")
    act(g, 1, "碰")
    act(g, 1, "打 玖")
    assert g.hand(1) == "一一一二二二三四壹壹壹贰贰贰"
    drift(g, lambda g: g.actor == 0 and g.legal_actions()[0].text.startswith("打"))
    act(g, 0, "打 五")
    assert ("打", 0, "五") in events(g)
    assert not (g.actor == 1 and any(a.text.startswith("吃") for a in g.legal_actions()))


@pytest.mark.parametrize(
    ("overrides", "points"),
    [
        ({}, (-3, 6, -3)),  # 18 胡息 → 2 囤, +1 for 自摸
        ({"zimo_bonus": "none"}, (-2, 4, -2)),
        ({"zimo_bonus": "double"}, (-4, 8, -4)),
        ({"tun_rule": "per1"}, (-5, 10, -5)),  # 1 + (18 − 15) + 1
        ({"min_huxi": 10}, (-4, 8, -4)),  # 1 + (18 − 10) // 3 + 1
        ({"mingtang": True}, (-3, 6, -3)),  # 9 red cards: no 名堂, 番 = 1
    ],
)
def test_scoring_options(overrides: dict, points: tuple[int, int, int]) -> None:
    s0 = "x5 d4 x9 x9 d6 d6 x6 x8 d8 x10 x10 d10 x1 x1 d3 d3 x7 x7 d7 x4 d5"
    s2 = "x6 x6 x8 x8 x9 d7 d1 d1 x3 x3 d3 x4 x4 d4 d4 d5 d5 d6 d8 d8"
    g = Game.from_cards(hands=[s0, W1, s2], stock="x5", rules=ZipaiRules(**overrides))
    act(g, 0, "打 五")
    act(g, 1, "过")
    act(g, 1, "胡")
    assert g.result.points == points and sum(g.result.points) == 0


def test_mingtang_red_hand_doubles_the_payment() -> None:
    # seat 1 (W1) wins on the 二 seat 2 draws: ten red cards in the winning hand (红胡, 2 番);
    # 18 胡息 → 2 囤, not self-drawn. (Drawn by seat 1 himself, 二 would be a forced 偎.)
    s0 = "x5 d4 x9 x9 d6 d6 x6 x8 d8 x10 x10 d10 x1 x1 d3 d3 x7 x7 d7 x4 d5"
    s2 = "x6 x6 x8 x8 x9 d7 d1 d1 x3 x3 d3 x4 x4 d4 d4 d5 d5 d6 d8 d8"
    g = Game.from_cards(hands=[s0, W1, s2], stock="d10 x2", rules=ZipaiRules(mingtang=True))
    act(g, 0, "打 五")
    drift(g, lambda g: g.actor == 1 and g.legal_actions()[0].text.startswith("胡"))
    act(g, 1, "胡 二")
    r = g.result
    assert (r.win_kind, r.huxi, r.tun, r.fan, r.points) == ("他摸", 18, 2, 2, (-4, 8, -4))


def test_natural_tianhu_scores_its_ti_and_kan() -> None:
    three_ti = "d1d1d1d1 d2d2d2d2 d3d3d3d3 x1 x2 x3 x4 x5 x6 x7 x8"
    g = Game.from_cards(hands=[D0, three_ti, W2], stock="x4")
    r = g.result
    assert (r.winner, r.win_kind, r.huxi) == (1, "天胡三提", 36)
    assert r.tun == 1 + (36 - 15) // 3 and not r.self_drawn  # a non-dealer's: not self-drawn


@pytest.mark.parametrize(
    ("dealer", "self_drawn"),
    [
        ("x1x1x1 x2x2x2 x3x3x3 x4x4x4 x6 x7 x8 d1 d2 d3 x5 x5 x5", True),  # the 亮张 makes the 5th 坎
        ("x1x1x1 x2x2x2 x3x3x3 x4x4x4 x5x5x5 x6 x7 x8 d1 d2 d3", False),  # 5 坎 without the 亮张
        ("x1x1x1x1 x2x2x2x2 x3x3x3 x6 x7 x8 d1 d2 d3 d4 d5 d6 x3", True),  # the 亮张 makes the 3rd 提
    ],
)
def test_natural_tianhu_is_self_drawn_only_when_the_liangzhang_completes_it(dealer, self_drawn) -> None:
    g = Game.from_cards(hands=[dealer, D20, W1], stock="x4")
    r = g.result
    assert r.winner == 0 and r.win_kind in ("天胡五坎", "天胡三提")
    assert r.tun == 1 + (r.huxi - 15) // 3 + (1 if self_drawn else 0)
    assert r.self_drawn == self_drawn


def test_drawers_forced_wei_comes_before_anyone_elses_win() -> None:
    # seat 1 waits on 五; seat 2 holds 五五 and draws the 五: his 偎 is forced and takes it
    s2 = "x5 x5 d4 d4 d6 d6 d8 d8 x1 x3 x7 x9 d1 d3 d7 d9 x10 d10 x8 x9"
    s0 = "x9 x9 d6 x4 x6 x8 d8 x10 x10 d10 x1 x4 d3 d3 x8 x6 d5 d5 d4 d5 d1"
    g = Game.from_cards(hands=[s0, W1, s2], stock="d10 x5")
    act(g, 0, "打 九")
    drift(g, lambda g: any(e.kind == "摸" and e.text == "五" for e in g.events))
    assert ("偎", 2, "五") in events(g)
    assert g.actor == 2 and g.legal_actions()[0].text.startswith("打")  # no 胡 for seat 1


def test_wei_on_the_table_runs_with_another_players_card() -> None:
    # seat 1 偎s 九 on his own draw; seat 2 later discards a 九: a forced 跑 for seat 1
    s0 = "x5 x8 d4 d4 x6 x8 d6 x7 x3 d8 x1 x7 d9 d10 x6 x3 d3 d5 x1 d8 x4"
    s1 = "x9 x9 d1 d1 d2 d2 d3 d3 d5 d5 d7 d7 d9 d9 x10 x10 x4 x6 x1 x3"
    s2 = "d2 d2 x9 x1 x3 x5 x7 d4 d6 d8 d10 x10 d1 d3 d5 d7 d9 x4 x6 x8"
    g = Game.from_cards(hands=[s0, s1, s2], stock="x9 x2 x2 x2")
    act(g, 0, "打 八")
    drift(g, lambda g: any(e.kind == "偎" for e in g.events))
    assert ("偎", 1, "九") in events(g)
    act(g, 1, "打 贰")
    act(g, 2, "碰")
    act(g, 2, "打 九")
    assert ("跑", 1, "九") in events(g) and "跑 九" in g.melds(1)
    assert g.actor == 1  # his first 跑: he discards
