"""Property tests: every game's public hand functions refuse cards no deck can hold.

Each test draws a hand, table groups and a claimed card from a few kinds, so that copies
often collide; when the parts together hold more copies of a card than the deck has, the
function must refuse in one line, whatever else it would have said.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.errors import PaijuError
from sim.games import shengji, zipai
from sim.games.chuanpai import pairs, tiandi
from sim.games.chuanpai.pairs import PairsRules
from sim.games.sise import fengshun, guangshui
from sim.games.sise.fengshun import FengshunRules
from sim.games.validate import ImpossibleCardsError, check_counts

FAST = settings(max_examples=120, deadline=None)
CLEAN = (PaijuError, ValueError)


def refused(call, total: Counter, copies: int) -> None:
    """``call()`` must refuse in one line when ``total`` exceeds ``copies`` of some card."""
    impossible = max(total.values(), default=0) > copies
    try:
        call()
    except CLEAN as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert not impossible, f"answered for impossible cards {dict(total)}"


def test_the_validator_sums_the_parts_and_names_the_card():
    import numpy as np

    with pytest.raises(ImpossibleCardsError, match="hold 5 of b; the deck has only 4 of each card"):
        check_counts(4, np.array([0, 3]), np.array([0, 2]), name="ab".__getitem__, what="x")
    with pytest.raises(ImpossibleCardsError, match="only 1 of a"):
        check_counts([1, 8], np.array([2, 0]), name="ab".__getitem__, what="x")
    assert check_counts(8, np.array([4, 4]), np.array([4, 0]), name=str).tolist() == [8, 4]


# ---------------------------------------------------------------- 广水
GS_HAND = st.lists(st.sampled_from(["红车", "红马", "红炮", "黄将"]), max_size=9)
GS_MELDS = {"碰 红车": ["红车"] * 3, "发子 红车": ["红车"] * 4, "吃 红车红马红炮": ["红车", "红马", "红炮"],
            "占 红马": ["红马"] * 2, "将 黄将": ["黄将"], "发子 黄将": ["黄将"] * 4}


@FAST
@given(hand=GS_HAND, melds=st.lists(st.sampled_from(sorted(GS_MELDS)), max_size=3))
def test_guangshui_hand_fu_and_can_win(hand, melds):
    total = Counter(hand + [c for m in melds for c in GS_MELDS[m]])
    refused(lambda: guangshui.hand_fu(" ".join(hand), melds), total, 4)
    refused(lambda: guangshui.can_win(" ".join(hand), melds), total, 4)


@FAST
@given(card=st.sampled_from(["红车", "黄将", "白卒"]), n=st.integers(1, 7))
def test_guangshui_group_fu(card, n):
    refused(lambda: guangshui.group_fu(" ".join([card] * n)), Counter({card: n}), 4)


# ---------------------------------------------------------------- 丰顺
FS_HAND = st.lists(st.sampled_from(["红车", "红马", "红炮", "红将"]), max_size=10)
FS_MELDS = {"碰 红车 红车 红车": ["红车"] * 3, "杠 红车 红车 红车 红车": ["红车"] * 4,
            "吃 红车 红马 红炮": ["红车", "红马", "红炮"]}


@FAST
@given(hand=FS_HAND, melds=st.lists(st.sampled_from(sorted(FS_MELDS)), max_size=3),
       claimed=st.sampled_from([None, "红车", "红马"]), decks=st.sampled_from([1, 2]))
def test_fengshun_hand_score(hand, melds, claimed, decks):
    rules = FengshunRules(decks=decks)
    total = Counter(hand + [c for m in melds for c in FS_MELDS[m]] + ([claimed] if claimed else []))
    refused(lambda: fengshun.hand_score(" ".join(hand), melds, claimed=claimed, rules=rules), total,
            4 * decks)


@FAST
@given(card=st.sampled_from(["红车", "红将", "黑卒"]), n=st.integers(1, 9), decks=st.sampled_from([1, 2]))
def test_fengshun_group_score(card, n, decks):
    refused(lambda: fengshun.group_score(" ".join([card] * n), rules=FengshunRules(decks=decks)),
            Counter({card: n}), 4 * decks)


def test_fengshun_five_identical_cards_are_refused_not_scored():
    with pytest.raises(ImpossibleCardsError):
        fengshun.hand_score("红车 红车 红车 红车 红车")
    with pytest.raises(ImpossibleCardsError):
        fengshun.hand_score("红车 红车 红车 红车", claimed="红车")
    with pytest.raises(ImpossibleCardsError):
        fengshun.hand_score("红车 红车", ["碰 红车 红车 红车"])
    assert fengshun.hand_score("红车 红车 红车 红车 红车", rules=FengshunRules(decks=2)) == 3


# ---------------------------------------------------------------- 跑胡子
ZP_HAND = st.lists(st.sampled_from(["x1", "x2", "x3"]), max_size=9)
ZP_MELDS = {"提 x1": ["x1"] * 4, "碰 x1": ["x1"] * 3, "吃 x1x2x3": ["x1", "x2", "x3"]}


@FAST
@given(hand=ZP_HAND, melds=st.lists(st.sampled_from(sorted(ZP_MELDS)), max_size=2),
       card=st.sampled_from(["x1", "x2"]), self_drawn=st.booleans())
def test_zipai_best_win_and_chi_options(hand, melds, card, self_drawn):
    text = "".join(hand)
    total = Counter(hand + [c for m in melds for c in ZP_MELDS[m]] + [card])
    refused(lambda: zipai.best_win(text, melds, card, self_drawn=self_drawn), total, 4)
    refused(lambda: zipai.chi_options(text, card), Counter(hand + [card]), 4)
    refused(lambda: zipai.natural_win(text), Counter(hand), 4)


# ---------------------------------------------------------------- 川牌
CP = st.lists(st.sampled_from(["天", "红九", "黑九"]), min_size=1, max_size=4)


@FAST
@given(lead=CP, play=CP)
def test_tiandi_beats(lead, play):
    rules = tiandi.TiandiRules(combo_sizes="2-4")
    refused(lambda: tiandi.beats(" ".join(lead), " ".join(play), rules=rules), Counter(lead + play), 4)


@FAST
@given(cards=st.lists(st.sampled_from(["天", "地", "人"]), max_size=20))
def test_tiandi_hand_level_and_misdeal(cards):
    refused(lambda: tiandi.hand_level(" ".join(cards)), Counter(cards), 4)
    refused(lambda: tiandi.is_misdeal(" ".join(cards)), Counter(cards), 4)


PAIR_COLUMNS = {"天 天 天": ["天"] * 3, "天 天 天 天": ["天"] * 4, "天 地": ["天", "地"]}


@FAST
@given(hand=st.lists(st.sampled_from(["天", "地"]), max_size=6),
       columns=st.lists(st.sampled_from(sorted(PAIR_COLUMNS)), max_size=3),
       seat=st.sampled_from(["ordinary", "当家", "小家"]), decks=st.sampled_from([1, 2]))
def test_pairs_tuo_and_is_complete(hand, columns, seat, decks):
    rules = PairsRules.from_options(preset="doushisi" if decks == 1 else "seed",
                                    overrides={"decks": decks})
    total = Counter(hand + [c for m in columns for c in PAIR_COLUMNS[m]])
    refused(lambda: pairs.tuo(" ".join(hand), columns, seat=seat, rules=rules), total, 4 * decks)
    refused(lambda: pairs.is_complete(" ".join(hand + hand), rules=rules), Counter(hand + hand),
            4 * decks)


# ---------------------------------------------------------------- 升级
SJ = st.lists(st.sampled_from(["AH", "KH", "3H"]), min_size=1, max_size=4)


@FAST
@given(lead=SJ, hand=st.lists(st.sampled_from(["AH", "KH", "3H"]), min_size=1, max_size=9))
def test_shengji_legal_follow(lead, hand):
    """The lead is a shape (the seed's lists reuse the follower's cards): only the hand counts."""
    play = " ".join(hand[: len(lead)])
    refused(lambda: shengji.legal_follow(" ".join(lead), " ".join(hand), play, level=2, trump="S"),
            Counter(hand), 4)


@FAST
@given(plays=st.lists(st.sampled_from(["AH", "AH AH", "KH", "AH KH"]), min_size=2, max_size=4))
def test_shengji_trick_winner(plays):
    size = len(plays[0].split())
    plays = [p for p in plays if len(p.split()) == size]
    total = Counter(c for p in plays for c in p.split())
    refused(lambda: shengji.trick_winner(plays, level=2, trump="S"), total, 4)
