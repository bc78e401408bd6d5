"""Messages a newcomer reads: numbers as people write them, grammar, the preset and the seed."""

from __future__ import annotations

import click
import pytest

from sim import runner
from sim.cli import COUNT
from sim.display import rules_text
from sim.errors import OptionError, RunDirError
from sim.games.zipai.rules import ZipaiRules
from tests.conftest import deal_spec


@pytest.mark.parametrize(("text", "number"), [("1000", 1000), ("1e9", 10**9), ("1,000", 1000),
                                              ("2_500", 2500), ("1.5e3", 1500)])
def test_hand_counts_as_people_write_them(text, number):
    assert COUNT.convert(text, None, None) == number


@pytest.mark.parametrize("text", ["1.5", "abc", "0", "-3", "1e400", ""])
def test_a_bad_hand_count_says_what_to_write(text):
    with pytest.raises(click.BadParameter, match="whole number|at least 1"):
        COUNT.convert(text, None, None)


def test_a_wrong_type_is_named_in_words():
    with pytest.raises(OptionError, match="is not a whole number"):
        ZipaiRules.parse_value("min_huxi", "abc")


def test_different_rules_read_as_plural(tmp_path):
    runner.run(deal_spec(hands=1000), tmp_path, jobs=1, progress=False)
    other = deal_spec(hands=1000)
    other = type(other)(**{**other.__dict__, "rules": {"min_huxi": 10}})
    with pytest.raises(RunDirError, match=r"its rules differ\)"):
        runner.run(other, tmp_path, jobs=1, progress=False)


def test_rules_text_names_the_preset_apart_from_the_root_seed():
    assert rules_text(ZipaiRules(), preset="seed").startswith('preset "seed" (rules hash ')


def test_the_outcome_codes_are_listed_beside_the_names():
    from sim.display import outcome_codes
    from sim.games import game_names, get_game

    line = outcome_codes({"win": "胡", "natural": "天胡", "draw": "荒庄"})
    assert "draw = 荒庄" in line and 'pl.col("outcome") == "win"' in line
    docs = (__import__("pathlib").Path(__file__).parent.parent / "docs" / "python.md").read_text()
    for game in game_names():
        for code in get_game(game).workload("play").outcome_names:
            assert f"`{code}`" in docs, (game, code)


def test_a_deals_legend_does_not_speak_of_hands_won():
    import polars as pl

    from sim.display import legend

    text = legend(pl.DataFrame({"seat": ["庄家"], "event": ["提"], "hits": [3], "n": [10]}))
    assert "won" not in text and "event happened" in text


def test_deals_help_does_not_offer_matches():
    from click.testing import CliRunner

    from sim.cli import main

    result = CliRunner().invoke(main, ["deals", "--help"])
    assert result.exit_code == 0 and "--matches" not in result.output


def test_a_missed_benchmark_target_is_marked(monkeypatch):
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).parent.parent / "benchmarks"))
    from harness import verdict

    assert verdict(True) == "met" and verdict(False) == "NOT met ◀"
