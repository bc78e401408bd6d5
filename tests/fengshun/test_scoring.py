"""Golden cases for every row of the 丰顺 score list (the 丰顺 rule text, ``docs/rules/fengshun.md``), concealed and claimed."""

import pytest

from sim.errors import OptionError
from sim.games.sise.fengshun import FengshunRules, ScoreError, group_score, hand_score


@pytest.mark.parametrize("cards,formed,value", [
    ("红将 红士 红相", "hand", 1),  # same-colour sequence
    ("黑车 黑马 黑炮", "hand", 1),
    ("绿马 绿马", "hand", 0),  # non-将 pair
    ("红马 绿马 黄马", "hand", 1),  # three colours of one non-将 rank
    ("红车 红车 红车", "hand", 3),  # three identical, concealed
    ("红车 红车 红车", "碰", 1),
    ("红卒 绿卒 黄卒 黑卒", "hand", 4),  # four colours
    ("红炮 红炮 红炮 红炮", "hand", 8),  # four identical, concealed
    ("红炮 红炮 红炮 红炮", "杠", 6),  # the fourth claimed
    ("红将", "hand", 1),
    ("红将 绿将 黄将 黑将", "hand", 16),
    ("黄将 黄将 黄将 黄将", "hand", 32),
    ("红马 绿马 黑马", "吃", 1),  # a 吃 of a third colour
    ("绿车 绿马 绿炮", "吃", 1),
])
def test_score_rows(cards, formed, value):
    assert group_score(cards, formed=formed) == value


def test_options_change_groups():
    assert group_score("红将 红士 红相", rules=FengshunRules(jss_value=2)) == 2
    with pytest.raises(ScoreError, match="not a 丰顺 group"):
        group_score("红士 红相 红车")
    assert group_score("红士 红相 红车", rules=FengshunRules(sequences="consecutive")) == 1
    with pytest.raises(ScoreError, match="not a 丰顺 group"):
        group_score("红马 绿马 黄马", rules=FengshunRules(multicolour="zu"))
    assert group_score("红卒 绿卒 黄卒", rules=FengshunRules(multicolour="zu")) == 1
    with pytest.raises(ScoreError, match="not a 丰顺 group"):
        group_score("红将 绿将 黄将")  # 将 never make three-colour sets
    with pytest.raises(ScoreError, match="not a 丰顺 group"):
        group_score("红将 红将")  # nor pairs


def test_bad_forms_are_refused():
    with pytest.raises(ScoreError, match="cannot be formed by 碰"):
        group_score("红车 红马 红炮", formed="碰")
    with pytest.raises(ScoreError, match="cannot be formed by 吃"):
        group_score("红车 红车 红车", formed="吃")
    with pytest.raises(ScoreError, match="formed='x'"):
        group_score("红车 红车", formed="x")
    with pytest.raises(OptionError, match="jss_value=3"):
        FengshunRules.from_options(overrides={"jss_value": "3"})


def test_hand_scores_the_best_partition():
    # four 将 of four colours: 16 replaces the four singles
    assert hand_score("红将 绿将 黄将 黑将") == 16
    # four identical 将 score 32; a fifth 将 adds a single
    assert hand_score("黄将 黄将 黄将 黄将 红将") == 33
    # three identical 将 are three singles (3)
    assert hand_score("黄将 黄将 黄将") == 3
    # 红车×3 红马 红炮: 车马炮 + pair (1) beats nothing else: a triple would leave 马 炮 loose
    assert hand_score("红车 红车 红车 红马 红炮") == 1
    # 红马 ×3 + 绿马 黄马: triple (3) + ... 绿马 黄马 loose; set 红绿黄 (1) + pair (0)
    assert hand_score("红马 红马 红马 绿马 黄马") == 1
    # four colours 4 beats a set of three + a loose card
    assert hand_score("红卒 绿卒 黄卒 黑卒 黑卒 黑卒") == 4 + 0  # 4 colours + pair 黑卒
    assert hand_score("红卒 绿卒 黄卒 黑卒 黑卒 黑卒 黑卒") == 1 + 8  # three colours + quad


def test_claimed_card_scores_at_the_claimed_rate():
    # 和 on a discard with a pair: the claimed triple is a 碰 (1), self-drawn it is 3
    assert hand_score("绿车 绿车 红将", claimed="绿车") == 1 + 1
    assert hand_score("绿车 绿车 绿车 红将") == 3 + 1
    # the claimed fourth: 6 (杠) not 8; the dark remainder still scores 8
    assert hand_score("红炮 红炮 红炮 黑马 黑马 黑马 黑马", claimed="红炮") == 6 + 8
    # a claimed card may go where it scores most: here into a set, keeping the triple concealed
    assert hand_score("红马 红马 红马 绿马 黄马", claimed="黑马") == 4
    # 和 needs the claimed card: without it the hand is not complete
    assert hand_score("红车 红马") is None
    assert hand_score("红车 红马", claimed="红炮") == 1


def test_melds_add_their_fixed_values():
    melds = ["碰 黑车 黑车 黑车", ("杠", "绿卒 绿卒 绿卒 绿卒"), ("吃", "红马 绿马 黄马")]
    assert hand_score("红将 绿将", melds) == 2 + 1 + 6 + 1
    assert hand_score("红将 红马", melds) is None
    with pytest.raises(ScoreError):
        hand_score("红将", ["hand 红车 红车 红车"])
