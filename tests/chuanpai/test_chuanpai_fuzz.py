"""Hostile strings never crash the notation or the public rule functions: either an answer
or a one-line PaijuError."""

from hypothesis import given, settings
from hypothesis import strategies as st

from sim.errors import PaijuError
from sim.games.chuanpai.cards import NAMES, format_cards, parse_cards
from sim.games.chuanpai.tiandi import beats, hand_level

TOKENS = st.sampled_from([*NAMES, "牦牛", "红五", "66", "45", "54", "王", "7", "天天", " ", ","])


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=16))
def test_any_text_parses_or_fails_in_one_line(text):
    try:
        counts = parse_cards(text)
    except PaijuError as exc:
        assert "\n" not in str(exc)
    else:
        assert parse_cards(format_cards(counts)).tolist() == counts.tolist()


@settings(max_examples=300, deadline=None)
@given(st.lists(TOKENS, max_size=3), st.lists(TOKENS, max_size=3))
def test_beats_answers_or_refuses_in_one_line(lead, play):
    try:
        result = beats(" ".join(lead), " ".join(play))
    except PaijuError as exc:
        assert "\n" not in str(exc)
    else:
        assert isinstance(result, bool)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(NAMES), max_size=30))
def test_hand_level_of_any_laid_cards(cards):
    try:
        level, fan = hand_level(" ".join(cards))
    except PaijuError as exc:
        assert "more than 4" in str(exc)
    else:
        assert level in ("", "小胡", "一甲", "两甲") and 0 <= fan <= max(0, len(cards) - 16)
