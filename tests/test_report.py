"""Reports: every kind of directory gets report.md with real figures."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from PIL import Image

from sim import experiments, plots, runner
from sim.cli import main
from sim.errors import RunDirError
from sim.games.base import RunSpec
from sim.report import write_report


def check_report(directory, expected_figures):
    text = (directory / "report.md").read_text(encoding="utf-8")
    figures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    assert len(figures) == expected_figures
    for fig in figures:
        with Image.open(directory / fig) as image:
            width, height = image.size
            assert width > 400 and height > 150
            assert len(image.getcolors(1 << 20) or []) > 10  # not a blank canvas
    assert "95%" in text
    return text


@pytest.fixture(scope="module")
def dirs(tmp_path_factory):
    root = tmp_path_factory.mktemp("reports")
    play = RunSpec(game="zipai", workload="play", rules={}, seed=1, hands=600, shard_size=300)
    runner.run(play, root / "play", jobs=1, progress=False)
    deals = RunSpec(game="zipai", workload="deals", rules={}, seed=1, hands=200_000, shard_size=100_000)
    runner.run(deals, root / "deals", jobs=1, progress=False)
    cmp = experiments.comparison("zipai", a="greedy", b="random", rules={}, seed=2, hands=300)
    experiments.run_experiment(cmp, root / "cmp", jobs=1, progress=False)
    sw = experiments.sweep("zipai", vary=[("min_huxi", [10, 15, 18])], rules={}, seed=2, hands=300)
    experiments.run_experiment(sw, root / "sweep", jobs=1, progress=False)
    return root


def test_play_report(dirs):
    write_report(dirs / "play")
    text = check_report(dirs / "play", 6)
    assert "## Dealer edge" in text and "## 天胡" in text
    assert "paiju run zipai -n 600 --seed 1 --shard-size 300" in text


def test_deals_report(dirs):
    write_report(dirs / "deals")
    text = check_report(dirs / "deals", 1)
    assert "exact" in text and "三提五坎" in text


def test_comparison_report(dirs):
    write_report(dirs / "cmp")
    text = check_report(dirs / "cmp", 1)
    assert "Pairing narrowed the interval by" in text
    assert "paiju compare zipai --a greedy --b random" in text


def test_sweep_report_through_the_command_line(dirs):
    result = CliRunner().invoke(main, ["report", str(dirs / "sweep")])
    assert result.exit_code == 0, result.output
    text = check_report(dirs / "sweep", 1)
    assert "--vary min_huxi=10,15,18" in text


def test_report_of_a_foreign_directory(tmp_path):
    with pytest.raises(RunDirError, match="holds no paiju run or experiment"):
        write_report(tmp_path)


def test_the_packaged_chinese_font_draws_the_labels(tmp_path):
    """pip alone gives a font with Chinese glyphs: no system font is needed."""
    import warnings

    import matplotlib.pyplot as plt

    assert plots._packaged_font() is not None
    plots.cjk_font.cache_clear()
    assert plots.cjk_font() == "Noto Sans SC"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert plots.setup_style()
        fig, ax = plt.subplots()
        ax.set_title("荒庄 天胡 胡息 三提五坎 ◇")
        plots.save(fig, tmp_path / "cjk.png")
    assert not [str(w.message) for w in caught if "Glyph" in str(w.message)]
    plt.rcdefaults()


def test_without_a_chinese_font_one_line_not_one_warning_per_glyph(tmp_path, monkeypatch, capsys):
    import warnings

    import matplotlib.pyplot as plt

    monkeypatch.setattr(plots, "cjk_font", lambda: None)
    plots._warn_no_font.cache_clear()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _ in range(3):  # e.g. three reports in one session
            plots.setup_style()
        fig, ax = plt.subplots()
        ax.set_title("荒庄 天胡 胡息 三提五坎")
        plots.save(fig, tmp_path / "cjk.png")
    messages = [str(w.message) for w in caught]
    assert not any("Glyph" in m for m in messages), messages
    err = capsys.readouterr().err
    assert err.count("no font with Chinese glyphs") == 1 and len(err.strip().splitlines()) == 1
    assert err.startswith("paiju: ") and "pip install pylopdf-fonts-zh-cn" in err
    plots._warn_no_font.cache_clear()
    plt.rcdefaults()


@pytest.mark.parametrize("where", ["/proc/paiju-report", "a-file"])
def test_an_unwritable_report_target_is_one_line(dirs, tmp_path, where):
    target = tmp_path / "a-file" if where == "a-file" else where
    if where == "a-file":
        target.write_text("not a directory")
    result = CliRunner().invoke(main, ["report", str(dirs / "deals"), "--to", str(target)])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"paiju: error: cannot write the report to {target}")


def test_sweep_panels_skip_repeated_and_constant_measures():
    import polars as pl

    from sim.report import _distinct_measures

    rows = []
    for variant, v in (("a", 0.9), ("b", 0.6)):
        rows += [("胡 rate", "%", variant, v, v - 0.01, v + 0.01),
                 ("win rate (some seat wins)", "mean per hand", variant, v, v - 0.01, v + 0.01),
                 ("番 of wins", "mean per hand", variant, 0.0, 0.0, 0.0),
                 ("length", "decisions", variant, 20 + v, 19 + v, 21 + v)]
    table = pl.DataFrame(rows, schema=["metric", "unit", "variant", "value", "low", "high"], orient="row")
    keep, repeated, constant = _distinct_measures(table)
    assert keep == ["胡 rate", "length"]
    assert repeated == [("win rate (some seat wins)", "胡 rate")]
    assert constant == ["番 of wins"]
