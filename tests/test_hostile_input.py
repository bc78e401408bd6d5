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
@settings(max_examples=300, deadline=None)
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
        got = parse_assignments(items)
    except OptionError as exc:
        assert str(exc) and "\n" not in str(exc)
        malformed = [item for item in items if "=" not in item or not item.partition("=")[0].strip()]
        names = [item.partition("=")[0].strip() for item in items]
        assert malformed or len(set(names)) < len(names)  # or a name given twice
        if malformed:
            assert "NAME=VALUE" in str(exc)
    else:  # every item is NAME=VALUE: each name once, with one of its values, both sides stripped
        given: dict[str, set[str]] = {}
        for item in items:
            name, _, value = item.partition("=")
            given.setdefault(name.strip(), set()).add(value.strip())
        assert set(got) == set(given) and all(got[k] in given[k] for k in got)


@given(st.lists(st.tuples(st.from_regex(r"[a-z_]{1,8}", fullmatch=True),
                          st.text(alphabet=st.characters(blacklist_characters="\n"), max_size=6)),
                max_size=4, unique_by=lambda pair: pair[0]))
def test_assignments_keep_every_well_formed_item(pairs):
    items = [f" {name} = {value}" for name, value in pairs]
    assert parse_assignments(items) == {name: value.strip() for name, value in pairs}


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
