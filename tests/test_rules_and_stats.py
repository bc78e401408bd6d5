"""Rule options and the interval functions."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest
from scipy import stats

from sim.errors import OptionError
from sim.games import game_names, get_game
from sim.games.zipai.rules import ZipaiRules
from sim.rules import parse_assignments
from sim.stats import clopper_pearson, mean_interval, rate_table, wilson


def test_presets_and_overrides():
    assert ZipaiRules.from_options().min_huxi == 15
    assert ZipaiRules.from_options(preset="hengyang").min_huxi == 10
    rules = ZipaiRules.from_options(overrides={"min_huxi": "18", "mingtang": "on"})
    assert (rules.min_huxi, rules.mingtang) == (18, True)
    assert rules.digest() != ZipaiRules().digest()
    assert ZipaiRules(**rules.to_dict()) == rules


@pytest.mark.parametrize(
    "overrides, message",
    [
        ({"min_huxi": "12"}, "min_huxi=12 is not allowed; choose one of 15, 10, 9, 6, 18"),
        ({"min_huxi": "lots"}, "min_huxi='lots' is not a whole number"),
        ({"mingtang": "maybe"}, "mingtang='maybe' is not true or false"),
        ({"tun_rule": "per7"}, "choose one of per3, per1"),
        ({"nonsense": "1"}, "zipai has no option 'nonsense'; options are:"),
    ],
)
def test_bad_options_name_the_option(overrides, message):
    with pytest.raises(OptionError, match=message.replace("(", r"\(").replace("'", "'")):
        ZipaiRules.from_options(overrides=overrides)


def test_wrong_types_are_refused_when_built_directly():
    with pytest.raises(OptionError, match="wrong type"):
        ZipaiRules(min_huxi="15")  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="wrong type"):
        ZipaiRules(min_huxi=True)


TABLE = """
[game]
name = "tabled"
title = "A game from a table"

[presets]
seed = {}
short = {stake = 2}

[options.stake]
default = 5
minimum = 1
maximum = 9
doc = "what a loser pays"

[options.colour]
default = "red"
choices = ["red", "black"]
"""

MODULE = """
from sim.rules import RuleSet, options_from


@options_from("rules.toml")
class TabledRules(RuleSet):
    \"\"\"Made of rules.toml.\"\"\"
"""


def _tabled(tmp_path, monkeypatch, table: str, package: str):
    (tmp_path / package).mkdir()
    (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / package / "rules.toml").write_text(table, encoding="utf-8")
    (tmp_path / package / "rules.py").write_text(MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib

    return importlib.import_module(f"{package}.rules").TabledRules


def test_a_rules_table_makes_the_dataclass(tmp_path, monkeypatch):
    import dataclasses

    cls = _tabled(tmp_path, monkeypatch, TABLE, "tabled_ok")
    assert (cls.GAME, cls.TITLE, cls.ALIASES, list(cls.PRESETS)) == ("tabled", "A game from a table",
                                                                     (), ["seed", "short"])
    assert [(f.name, f.default, f.metadata["choices"]) for f in dataclasses.fields(cls)] == [
        ("stake", 5, None), ("colour", "red", ("red", "black"))]
    assert cls.from_options(preset="short").stake == 2
    with pytest.raises(OptionError, match="tabled option stake=10 is out of range; give a value from 1 to 9"):
        cls.from_options(overrides={"stake": "10"})
    with pytest.raises(dataclasses.FrozenInstanceError):
        cls().stake = 3  # type: ignore[misc]


@pytest.mark.parametrize("table, message", [
    (TABLE.replace("minimum = 1", "minimun = 1"), "option stake takes"),
    (TABLE.replace("seed = {}", ""), "with seed"),
    (TABLE.replace("{stake = 2}", "{stake = 20}"), "stake=20 is out of range"),
])
def test_a_bad_rules_table_fails_on_import(tmp_path, monkeypatch, table, message):
    package = f"tabled_bad{abs(hash(message))}"
    with pytest.raises((ValueError, OptionError), match=message):
        _tabled(tmp_path, monkeypatch, table, package)


def test_assignments_parse():
    assert parse_assignments(["a=1", " b = x "]) == {"a": "1", "b": "x"}
    with pytest.raises(OptionError):
        parse_assignments(["=1"])


def test_unknown_game_lists_the_games():
    with pytest.raises(OptionError, match="choose one of: " + ", ".join(game_names())):
        get_game("poker")
    assert {"dama", "shengji", "zipai"} <= set(game_names())
    assert get_game("跑胡子").name == "zipai"


@pytest.mark.parametrize("k, n", [(0, 10), (3, 10), (50, 100), (1, 100_000), (999, 1000)])
def test_intervals_match_scipy(k, n):
    exact_ci = stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="exact")
    assert clopper_pearson(k, n) == pytest.approx((exact_ci.low, exact_ci.high), abs=1e-9)
    wilson_ci = stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    assert wilson(k, n) == pytest.approx((wilson_ci.low, wilson_ci.high), abs=1e-9)


def test_wilson_covers_the_true_rate_about_95_percent_of_the_time():
    rng = np.random.default_rng(7)
    hits = rng.binomial(400, 0.3, size=4000)
    covered = sum(lo <= 0.3 <= hi for lo, hi in (wilson(int(h), 400) for h in hits))
    assert 0.93 < covered / 4000 < 0.97


def test_mean_interval_on_known_data():
    mean, lo, hi = mean_interval(np.array([1.0, 2.0, 3.0, 4.0]))
    half = stats.t.ppf(0.975, 3) * np.std([1, 2, 3, 4], ddof=1) / 2
    assert (mean, lo, hi) == pytest.approx((2.5, 2.5 - half, 2.5 + half))


def test_rate_table_counts_events():
    df = pl.DataFrame({"x": [1, 2, 3, 4]})
    table = rate_table(df, {"big": pl.col("x") > 2, "odd": pl.col("x") % 2 == 1})
    assert table["hits"].to_list() == [2, 2] and table["n"].to_list() == [4, 4]
    assert table.columns == ["event", "hits", "n", "rate", "ci_low", "ci_high"]  # as every table
