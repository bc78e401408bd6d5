"""Golden positions for the rules: entering, moving, hits and 窝, the gates, 夹 and 堑, 帖, endings.

Each test sets a position by hand (:meth:`Game.from_position`), plays chosen dice and checks
the board and the 帖 against what the rules page says should happen.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.errors import IllegalActionError
from sim.games.dama import DamaRules
from sim.games.dama import codes as C
from sim.games.dama import state as S
from sim.games.dama.game import Game

B0, B1 = "3-3-1", "5-5-3"  # 川七 (7 pips) and 皂鹤 (13 pips)


def pos(horses, bencai=(B0, B1), **kw):
    return Game.from_position(horses=horses, bencai=list(bencai), **kw)


def codes_of(g):
    return [a.code for a in g.legal_actions()]


def code(s, k, back=0):
    return C.encode(s, k, back)


def test_entering_plain_own_true_and_bonus():
    g = pos({0: {}, 1: {}})
    g.throw("6-5-2")  # 暮宿 (13 pips) is seat 1's 傍本采: one horse, and it pays him 1 + 2
    assert g.count(0, 1) == 1 and g.tie(0) == -3 and g.actor == 1  # seed table: 傍 = 1 + 2
    g = pos({0: {}, 1: {}})
    g.throw("6-5-4")  # 马军 (赏 15): 2 horses, 2 帖 from seat 1, an extra throw
    assert g.count(0, 1) == 2 and g.tie(0) == 2 and g.actor == 0
    g.throw("3-3-1")  # own 真本采: 1 + 3 horses and 帖, another extra throw
    assert g.count(0, 1) == 6 and g.tie(0) == 6 and g.actor == 0
    g = pos({0: {}, 1: {}}, bencai=("6-4-2", B1))
    g.throw("4-4-4")  # 堂印 on a 12-pip 本采: 8 + 2 horses (the prose's example)
    assert g.count(0, 1) == 10 and g.tie(0) == 10
    g = pos({0: {0: 2, 1: 18}, 1: {1: 20}})
    g.throw("4-4-4")  # never more than the horses still off the board; no move this throw
    assert g.count(0, 1) == 20 and codes_of(g) == []


def test_horses_plus_steps_and_whole_total():
    g = pos({0: {1: 20}, 1: {1: 20}})
    g.throw("6-5-3")  # 角搜, 14 pips: k horses walk 14 - k
    moves = [a.text for a in g.legal_actions()]
    assert "1 horse 1 赤岸驿 → 14路" in moves and "13 horses 1 赤岸驿 → 2路" in moves
    assert not any(m.startswith("14 horses") for m in moves) and len(moves) == 13
    g = pos({0: {1: 20}, 1: {1: 20}}, rules=DamaRules(move_rule="whole_total"))
    g.throw("6-5-3")
    assert len(codes_of(g)) == 20 and "20 horses 1 赤岸驿 → 15路" in [a.text for a in g.legal_actions()]


def test_hit_by_equal_group_pays_and_earns_a_throw():
    g = pos({0: {5: 2, 1: 18}, 1: {17: 2, 1: 18}})
    g.throw("6-5-3")  # 2 horses walk 12: 5 → 17
    g.step(code(5, 2))
    assert g.count(1, 17) == 0 and g.count(1, 0) == 2 and g.count(0, 17) == 2
    assert g.tie(0) == 2 and g.tie(1) == -2 and g.actor == 0
    assert g._s[S.HITS_GIVEN] == 2 and g._s[S.HITS_TAKEN + 1] == 2


def test_no_landing_on_a_larger_group_and_no_hits_in_a_wo():
    g = pos({0: {5: 2, 1: 18}, 1: {17: 3, 1: 17}})
    g.throw("6-5-3")
    assert code(5, 2) not in codes_of(g) and code(5, 1) in codes_of(g)
    g = pos({0: {5: 2, 1: 18}, 1: {19: 5, 1: 15}})
    g.throw("6-6-4")  # 赤牛, 16: 2 horses walk 14 to 玉门关 (a 窝) beside 5 enemies
    g.step(code(5, 2))
    assert g.count(1, 19) == 5 and g.count(0, 19) == 2 and g.actor == 0  # extra throw


def test_hitting_needs_the_true_bencai_option():
    rules = DamaRules(hit_needs_true_bencai=True)
    g = pos({0: {5: 2, 1: 18}, 1: {17: 2, 1: 18}}, rules=rules)
    g.throw("6-5-3")
    assert code(5, 2) not in codes_of(g)


def test_backward_only_to_hit_join_or_reach_a_wo():
    g = pos({0: {30: 1, 23: 1, 1: 18}, 1: {1: 20}})
    g.throw("3-3-2")  # 雁八, 8: one horse walks 7
    legal = codes_of(g)
    assert code(30, 1) in legal and code(30, 1, 1) in legal  # forward to 37 (窝); back to join
    assert code(23, 1, 1) not in legal  # 23 → 16: nothing there, no 窝
    g.step(code(30, 1, 1))
    assert g.count(0, 23) == 2 and g.actor == 0  # a join earns a throw


def test_hangu_ten_and_the_half_pot():
    g = pos({0: {46: 9, 40: 1, 1: 10}, 1: {1: 20}}, bencai=("6-5-5", B1))
    g.throw("3-2-2")  # 夹七, 7: one horse walks 6
    assert code(46, 1) not in codes_of(g)  # fewer than ten may not pass 函谷关
    g.step(code(40, 1))
    assert g.count(0, 46) == 10 and g._s[S.HANGU_TAKER] == 0 and g._s[S.POT] == 50
    assert g.points(0) == 0  # stake 50 paid in, half of the pot of 100 taken out
    g.throw("6-5-3")  # 14: ten walk 4, nine would walk 5
    assert code(46, 10) in codes_of(g) and code(46, 9) not in codes_of(g)
    g.step(code(46, 10))
    assert g._s[S.HANGU_OPEN] == 1 and g.count(0, 50) == 10


def test_no_overtaking_a_larger_group_from_hangu_on():
    g = pos({0: {50: 1, 20: 1, 1: 18}, 1: {53: 2, 23: 2, 1: 16}}, bencai=("6-5-5", B1))
    g._s[S.HANGU_OPEN] = 1
    g.throw("3-3-2")  # one horse walks 7
    assert code(50, 1) not in codes_of(g)  # would pass two enemies on 53
    assert code(20, 1) in codes_of(g)  # before 函谷关 a single horse may pass a pair


def test_feilong_gathers_all_twenty_and_waits_for_an_exit_throw():
    g = pos({0: {80: 1, 82: 19}, 1: {1: 20}})
    g._s[S.HANGU_OPEN] = 1
    g.throw("1-1-1")  # 满盆星 (3): the last horse walks 2 to 飞龙院
    g.step(code(80, 1))
    assert g.count(0, 82) == 20 and g._s[S.FEILONG] == 1 and g.actor == 0  # the 赏's throw
    g.throw("6-6-3")  # 驴嘴, a plain throw: the gathered stack cannot move
    assert codes_of(g) == [] and g.count(0, 82) == 20
    g = pos({0: {82: 20}, 1: {1: 20}})
    g._s[S.FEILONG] = 1
    g.throw("3-3-1")  # own 真本采 frees the stack
    assert g._s[S.FEILONG] == 2 and codes_of(g)


@pytest.mark.parametrize("dice,payer_tie", [("3-2-1", 2), ("3-3-1", 4)])
def test_feilong_freed_by_the_previous_penalty_or_another_throwing_my_bencai(dice, payer_tie):
    g = pos({0: {82: 20}, 1: {1: 20}}, turn=1)
    g._s[S.FEILONG] = 1
    g.throw(dice)  # seat 1 throws 罚 (pays 2 to seat 0) or seat 0's 真本采 (pays 1 + 3)
    assert g._s[S.FEILONG] == 2 and g.tie(0) == payer_tie


def test_listed_feilong_throws():
    g = pos({0: {82: 20}, 1: {1: 20}}, rules=DamaRules(feilong_throws="listed"))
    g._s[S.FEILONG] = 1
    g.throw("6-5-4")  # 马军 is a 赏 but not one of the five listed
    assert g._s[S.FEILONG] == 1
    g = pos({0: {82: 20}, 1: {1: 20}})
    g._s[S.FEILONG] = 1
    g.throw("6-5-4")  # every 赏 frees it by default
    assert g._s[S.FEILONG] == 2


def test_jia_moves_only_on_a_pair_or_triple():
    g = pos({0: {86: 1, 1: 19}, 1: {1: 20}}, bencai=("6-5-5", B1))
    g._s[S.HANGU_OPEN] = 1
    g.throw("6-5-4")  # three different dice: the horse in the 夹 stays
    assert all(C.station(c) != 86 for c in codes_of(g))
    g = pos({0: {86: 1, 1: 19}, 1: {1: 20}}, bencai=("6-5-5", B1))
    g.throw("6-6-1")  # 大枪: the odd die, 1 station
    g.step(code(86, 1))
    assert g.count(0, 87) == 1
    g = pos({0: {86: 1, 1: 19}, 1: {1: 20}}, bencai=("6-5-5", B1))
    g.throw("4-4-4")  # 堂印: its face, 4 stations: into the 堑
    g.step(code(86, 1))
    assert g.count(0, 90) == 1


def test_tujing_jia_after_feilong():
    g = pos({0: {83: 1, 1: 19}, 1: {1: 20}}, rules=DamaRules(jia="tujing"), bencai=("6-5-5", B1))
    g.throw("6-5-4")
    assert all(C.station(c) != 83 for c in codes_of(g))


def _qian(batches, rest_home=True):
    g = pos({0: {90: sum(batches), 91: 20 - sum(batches)}, 1: {1: 20}})
    h = 0
    for b, size in enumerate(batches):
        for _ in range(size):
            g._s[S.HBATCH + h] = b
            h += 1
    return g


def test_qian_flies_out_in_entering_batches_then_cuman():
    g = _qian([3, 2])
    g.throw("4-2-1")  # own 傍本采 (7): the first batch (3 horses) flies home
    assert g.count(0, 90) == 2 and g.count(0, 91) == 18
    assert g.tie(0) == 3 + 3  # 1 帖 a horse from seat 1, and 1 + 2 for the 傍本采
    g.throw("5-1-1")  # again: the last batch flies: 麤满, one pot
    assert g.done and g.result.ending == "麤满" and g.result.winner == 0
    assert g.points(0) == 6 + 2 + 3 + 50


@pytest.mark.parametrize("dice", ["3-3-1", "2-2-3", "3-2-1"])
def test_qian_freed_by_others(dice):
    g = _qian([3, 2])
    g._s[S.TURN] = 1
    g.throw(dice)  # seat 1 throws seat 0's 真/傍本采, or a 罚 before seat 0's throw
    assert g.count(0, 90) == 2


def test_qian_freed_by_the_next_players_zhuang():
    g = _qian([3, 2])
    g.throw("6-5-2")  # seat 0: a plain throw (seat 1's 傍本采: pays 3)
    assert g.count(0, 90) == 5
    g.throw("6-4-3")  # seat 1: 傍撞 (13 again) — seat 0's first batch flies
    assert g.count(0, 90) == 2 and g.count(0, 91) == 18


def test_ximan_double_pot_and_cuman():
    g = pos({0: {82: 1, 91: 19}, 1: {1: 20}}, bencai=("6-5-5", B1))
    g._s[S.FEILONG] = 2
    g.throw("4-3-3")  # 蛾眉, 10: one horse walks 9 — exactly to 尚乘局 (or back to 骐骥院)
    g.step(code(82, 1))
    assert g.done and g.result.ending == "细满"
    assert g.points(0) == 100 and g.points(1) == -100  # the pot, then a refilled pot
    g = pos({0: {82: 1, 91: 19}, 1: {1: 20}}, bencai=("6-5-5", B1))
    g._s[S.FEILONG] = 2
    g.throw("6-4-2")  # 12: walks 11, past 尚乘局 (the only move: played by the engine)
    assert g.result.ending == "麤满" and g.points(0) == 50


def test_zhuang_and_penalty_flows():
    g = pos({0: {1: 20}, 1: {1: 20}})
    g.throw("6-6-2")  # 筳策, 14 (seat 0 has moves: pick any)
    g.step(codes_of(g)[0])
    g.throw("5-5-4")  # seat 1: 正台, 14 again — 傍撞 pays seat 0 1 + 2
    assert g.tie(0) == 3
    g = pos({0: {1: 20}, 1: {1: 20}})
    g.throw("2-1-1")  # 小娘子, a 罚: pays the next player fa_tie
    assert g.tie(1) == 2


def test_wiping_out_a_player_takes_half_the_pot():
    g = pos({0: {5: 2, 1: 18}, 1: {17: 2, 0: 18}})
    g.throw("6-5-3")
    g.step(code(5, 2))
    assert g._s[S.WIPES] == 1 and g._s[S.POT] == 50


def test_illegal_move_refused_with_message():
    g = pos({0: {1: 20}, 1: {1: 20}})
    g.throw("6-5-3")
    with pytest.raises(IllegalActionError, match="illegal action"):
        g.step(code(1, 14))
    with pytest.raises(IllegalActionError, match="not a legal action"):
        g.step("20 horses to the moon")


SPLIT = DamaRules(move_rule="split")


def split(first, a, second):
    return first + a * 8192 + second * 8192 * 32


def test_split_a_part_hits_and_the_other_walks_the_rest():
    g = pos({0: {5: 2, 30: 3, 91: 15}, 1: {12: 2, 1: 18}}, rules=SPLIT)
    g.throw("6-5-3")  # 14 pips: 2 horses walk 7 onto seat 1's pair, 3 horses the other 7
    move = split(code(5, 2), 7, code(30, 3))
    assert move in codes_of(g)
    assert g.describe(move) == "2 horses 5路 → 12路 + 3 horses 30路 → 37 沙苑监"
    assert code(5, 2) in codes_of(g)  # the whole total on one group is still a move
    g.step(move)
    assert g.count(0, 12) == 2 and g.count(0, 37) == 3 and g.count(0, 30) == 0
    assert g.count(1, 12) == 0 and g.count(1, 0) == 2 and g.tie(0) == 2 and g.actor == 0


def test_split_into_a_wo_earns_a_throw_and_order_matters():
    g = pos({0: {20: 4, 40: 6, 91: 10}, 1: {1: 20}}, rules=SPLIT)
    g.throw("5-4-3")  # 花盖, 12: 4 horses walk 8 into 汧阳监 (a 窝: an extra throw), 6 walk 4
    move = split(code(20, 4), 8, code(40, 6))
    assert g.describe(move) == "4 horses 20路 → 28 汧阳监 + 6 horses 40路 → 44路"
    g.step(move)
    assert g.count(0, 28) == 4 and g.count(0, 44) == 6 and g.actor == 0
    g = pos({0: {20: 4, 40: 6, 91: 10}, 1: {1: 20}}, rules=SPLIT)
    g.throw("5-4-3")
    assert split(code(40, 6), 4, code(20, 4)) in codes_of(g)  # the same, 40 first
    assert split(code(40, 6), 8, code(20, 4)) not in codes_of(g)  # 48: past 函谷关 with 6


def test_illegal_splits_are_refused():
    g = pos({0: {5: 2, 30: 3, 86: 1, 91: 14}, 1: {12: 4, 1: 16}}, rules=SPLIT)
    g.throw("6-5-3")
    legal = set(codes_of(g))
    assert split(code(5, 2), 7, code(30, 3)) not in legal  # 2 horses cannot land on 4
    assert split(code(5, 1), 8, code(30, 3)) not in legal  # a part moves a whole stack
    assert split(code(86, 1), 1, code(30, 3)) not in legal  # a horse in a 夹 takes no part
    assert split(code(30, 3), 5, code(30, 3)) not in legal  # two parts, two stacks
    assert split(code(5, 2), 10, code(15, 2)) not in legal  # the first part's horses again
    assert any(c >= 8192 * 32 for c in legal)
    with pytest.raises(IllegalActionError, match="illegal action"):
        g.step(split(code(5, 2), 7, code(30, 3)))
    g = pos({0: {5: 2, 30: 3, 91: 15}, 1: {12: 2, 1: 18}})  # not under horses_plus_steps
    g.throw("6-5-3")
    assert all(c < 8192 * 32 for c in codes_of(g))
    with pytest.raises(IllegalActionError, match="illegal action"):
        g.step(split(code(5, 2), 7, code(30, 3)))


def test_listed_feilong_throws_are_the_ones_its_doc_names():
    from sim.games.dama.throws import LISTED_FEILONG, NAMES

    doc = DamaRules.option_fields()["feilong_throws"].metadata["doc"]
    named = doc.split("only the five it names, ")[1].split(" (")[0].split(", ")
    assert sorted(named) == sorted(n for n, on in zip(NAMES, LISTED_FEILONG) if on)
    assert "桃花重五" in doc and "桃花重五" not in named  # left out, and the doc says so
    page = (Path(__file__).resolve().parents[2] / "docs/rules/dama.md").read_text(encoding="utf-8")
    assert "满盆星诸赏采等" in page  # the 《图经》's own words, quoted


def test_taohua_chongwu_frees_feilong_only_under_every_shang():
    for rules, freed in ((DamaRules(feilong_throws="listed"), 1), (DamaRules(), 2)):
        g = pos({0: {82: 20}, 1: {1: 20}}, rules=rules)
        g._s[S.FEILONG] = 1
        g.throw("5-5-5")  # 桃花重五
        assert g._s[S.FEILONG] == freed


def test_move_codes_round_trip():
    for s in (1, 30, 89):
        for k in (1, 5, 20):
            for back in (0, 1):
                c = C.encode(s, k, back)
                assert (C.station(c), C.horses(c), C.backward(c)) == (s, k, back)
                assert not C.is_split(c)
    first, second = C.encode(5, 2, 0), C.encode(12, 1, 1)
    sc = C.encode_split(first, 7, second)
    assert C.is_split(sc)
    assert (C.split_first(sc), C.split_steps(sc), C.split_second(sc)) == (first, 7, second)
