"""Property tests: the public hand functions answer or refuse cleanly, whatever they are given."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sim.errors import PaijuError
from sim.games import shengji, zipai
from sim.games.shengji.cards import NotationError as ShengjiNotationError
from sim.games.zipai.cards import NotationError as ZipaiNotationError

ZIPAI_TOKENS = st.sampled_from(["x1", "x2", "x3", "x7", "x10", "d2", "d7", "d10", "一", "拾", "y9", "  "])
ZIPAI_TEXT = st.one_of(st.text(max_size=12), st.lists(ZIPAI_TOKENS, max_size=24).map(" ".join))
MELDS = st.lists(st.one_of(
    st.sampled_from(["提 d10", "偎 x2", "碰 x8", "跑 x1", "吃 d1d2d3", "绞 d8x8x8", "吃 x2x7x10"]),
    st.text(max_size=8)), max_size=3)
SHENGJI_TOKENS = st.sampled_from(["AS", "KS", "5S", "10S", "2H", "2S", "SJ", "BJ", "大王", "9D", "QC", "ZZ"])
SHENGJI_TEXT = st.one_of(st.text(max_size=10), st.lists(SHENGJI_TOKENS, max_size=10).map(" ".join))
CLEAN = (PaijuError, ZipaiNotationError, ShengjiNotationError, ValueError)
FAST = settings(max_examples=150, deadline=None)


def one_line(exc: Exception) -> None:
    assert str(exc) and "\n" not in str(exc)


@FAST
@given(hand=ZIPAI_TEXT, melds=MELDS, card=ZIPAI_TEXT, self_drawn=st.booleans())
def test_best_win_answers_or_refuses(hand, melds, card, self_drawn):
    try:
        result = zipai.best_win(hand, melds, card, self_drawn=self_drawn)
    except CLEAN as exc:
        one_line(exc)
    else:
        assert result is None or 0 <= result <= 200


@FAST
@given(hand=ZIPAI_TEXT, card=ZIPAI_TEXT)
def test_chi_options_answer_or_refuse(hand, card):
    try:
        plans = zipai.chi_options(hand, card)
    except CLEAN as exc:
        one_line(exc)
    else:
        assert isinstance(plans, list) and len(set(plans)) == len(plans)


@FAST
@given(hand=ZIPAI_TEXT)
def test_natural_win_answers_or_refuses(hand):
    try:
        answer = zipai.natural_win(hand)
    except CLEAN as exc:
        one_line(exc)
    else:
        assert answer in (None, "三提", "五坎")


# Cards with several copies, so that 提 (four) and 坎 (three) are common.
_CARD = st.sampled_from([("x1", "一"), ("x2", "x2"), ("x7", "x7"), ("x10", "十"), ("d2", "贰"),
                         ("d7", "d7"), ("d10", "拾"), ("x5", "五"), ("d5", "伍"), ("x9", "x9")])
COPIES_OF = st.lists(st.tuples(_CARD, st.sampled_from([1, 2, 3, 3, 4, 4, 4, 5]), st.booleans()),
                     max_size=8, unique_by=lambda group: group[0])


@FAST
@given(COPIES_OF, st.randoms(use_true_random=False))
def test_natural_win_counts_ti_and_kan_as_the_rules_page_says(groups, rnd):
    """docs/rules/zipai.md: three or more 提 is 三提; else five or more 提 + 坎 is 五坎."""
    cards, count = [], {}
    for (ascii_name, other_name), copies, chinese in groups:
        cards += [other_name if chinese else ascii_name] * copies
        count[ascii_name] = count.get(ascii_name, 0) + copies
    rnd.shuffle(cards)
    hand = " ".join(cards)
    if any(c > 4 for c in count.values()):
        try:
            zipai.natural_win(hand)
        except ZipaiNotationError as exc:
            assert "four of each card" in str(exc)
        else:
            raise AssertionError(f"{hand!r} holds five of a card and was not refused")
        return
    ti = sum(c == 4 for c in count.values())
    kan = sum(c == 3 for c in count.values())
    want = "三提" if ti >= 3 else "五坎" if ti + kan >= 5 else None
    assert zipai.natural_win(hand) == want, (hand, ti, kan)


@FAST
@given(lead=SHENGJI_TEXT, hand=SHENGJI_TEXT, play=SHENGJI_TEXT,
       level=st.one_of(st.integers(-3, 20), st.sampled_from(["2", "10", "J", "A", "Z"])),
       trump=st.sampled_from(["S", "H", "C", "D", "X", "黑桃"]))
def test_legal_follow_answers_or_refuses(lead, hand, play, level, trump):
    try:
        answer = shengji.legal_follow(lead, hand, play, level=level, trump=trump)
    except CLEAN as exc:
        one_line(exc)
    else:
        assert answer in (True, False)


@FAST
@given(plays=st.lists(SHENGJI_TEXT, max_size=5), level=st.integers(0, 16),
       trump=st.sampled_from(["S", "H", "Q"]))
def test_trick_winner_answers_or_refuses(plays, level, trump):
    try:
        winner = shengji.trick_winner(plays, level=level, trump=trump)
    except CLEAN as exc:
        one_line(exc)
    else:
        assert 0 <= winner < len(plays)


@FAST
@given(points=st.one_of(st.integers(-2000, 2000), st.floats(allow_nan=True), st.text(max_size=4)))
def test_level_change_answers_or_refuses(points):
    try:
        change = shengji.level_change(points)
    except CLEAN as exc:
        one_line(exc)
    else:
        assert change.side in ("defenders", "attackers") and change.levels >= 0


@FAST
@given(st.lists(st.integers(0, 53), max_size=30))
def test_shengji_notation_round_trips(kinds):
    from sim.games.shengji.cards import format_cards, parse_cards

    assert sorted(parse_cards(format_cards(kinds))) == sorted(kinds)


@FAST
@given(st.text(max_size=20))
def test_shengji_notation_reads_or_names_the_bad_token(text):
    from sim.games.shengji.cards import parse_cards

    try:
        kinds = parse_cards(text)
    except ShengjiNotationError as exc:
        one_line(exc)
    else:
        assert all(0 <= k < 54 for k in kinds)
