"""Hostile input: arbitrary strings and values give clean errors, never crashes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.errors import OptionError
from sim.games.zipai.cards import NotationError, parse_cards, parse_hand
from sim.games.zipai.rules import ZipaiRules
from sim.rules import parse_assignments, read_rules_file

OPTION_NAMES = sorted(ZipaiRules.option_fields())


@given(st.text(max_size=40))
def test_any_text_either_parses_or_names_the_problem(text):
    try:
        kinds = parse_cards(text)
    except NotationError as exc:
        assert "\n" not in str(exc) and "cannot read" in str(exc)
    else:
        assert all(0 <= k < 20 for k in kinds)


@given(st.text(alphabet="一二三壹贰叁x1d0 ", max_size=30))
def test_hands_never_hold_five_copies(text):
    try:
        counts = parse_hand(text)
    except NotationError:
        return
    assert counts.max(initial=0) <= 4


@given(st.sampled_from(OPTION_NAMES), st.one_of(st.text(max_size=12), st.integers(), st.floats(),
                                                st.booleans(), st.none()))
@settings(max_examples=300)
def test_any_option_value_is_accepted_or_refused_by_name(name, value):
    try:
        rules = ZipaiRules.from_options(overrides={name: value})
    except OptionError as exc:
        assert name in str(exc) and "\n" not in str(exc)
    else:
        assert getattr(rules, name) == ZipaiRules.parse_value(name, value)


@given(st.lists(st.text(max_size=15), max_size=4))
def test_assignments_parse_or_refuse(items):
    try:
        parse_assignments(items)
    except OptionError as exc:
        assert "NAME=VALUE" in str(exc)


def test_rules_file_in_toml_and_json(tmp_path):
    toml = tmp_path / "house.toml"
    toml.write_text('min_huxi = 10\nmingtang = true\n')
    assert ZipaiRules.from_options(overrides=read_rules_file(toml)).min_huxi == 10
    js = tmp_path / "house.json"
    js.write_text('{"zimo_bonus": "none"}')
    assert ZipaiRules.from_options(overrides=read_rules_file(js)).zimo_bonus == "none"


@pytest.mark.parametrize(
    "content, message",
    [
        ("min_huxi = 15.5\n", "min_huxi=15.5 has the wrong type; give a whole number"),
        ("min_huxi = 11\n", "min_huxi=11 is not allowed"),
        ('mingtang = "perhaps"\n', "mingtang='perhaps' is not true or false"),
        ("speed = 3\n", "zipai has no option 'speed'"),
        ("[table]\nx = 1\n", "'table' must be a single value"),
        ("min_huxi = = 3\n", "is not valid TOML"),
    ],
)
def test_bad_rules_files_name_the_key(tmp_path, content, message):
    path = tmp_path / "bad.toml"
    path.write_text(content)
    with pytest.raises(OptionError, match=message.replace("(", r"\(").replace(".", r"\.")):
        ZipaiRules.from_options(overrides=read_rules_file(path))


def test_a_missing_rules_file_is_one_line(tmp_path):
    with pytest.raises(OptionError, match="cannot read the rules file"):
        read_rules_file(tmp_path / "nope.toml")
