"""The command line: real runs, summaries, and one-line errors."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from sim.cli import main

DEFAULT_GAME = "zipai"  # most of these commands play 跑胡子: on its worker (tests/conftest.py)


def invoke(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_deals_writes_parquet_and_prints_the_table(tmp_path):
    out = tmp_path / "run"
    result = invoke("deals", "zipai", "-n", "20000", "--shard-size", "5000", "-j", "1",
                    "-o", str(out), "--no-progress")
    assert result.exit_code == 0, result.output
    assert len(list(out.glob("part-*.parquet"))) == 4
    assert "三提五坎" in result.output and "庄 dealer" in result.output and "exact" in result.output
    assert "after Holm's adjustment for the 21 comparisons" in result.output
    assert "Columns: " in result.output and "p = the unadjusted" in result.output
    verify = invoke("verify", str(out))
    assert verify.exit_code == 0 and "OK (20,000 hands in 4 shards)" in verify.output
    assert "三提五坎" in invoke("summary", str(out)).output


def test_verify_fails_on_a_damaged_run(tmp_path):
    out = tmp_path / "run"
    invoke("deals", "zipai", "-n", "2000", "--shard-size", "1000", "-j", "1", "-o", str(out),
           "--no-progress")
    (out / "part-00001.parquet").write_bytes(b"PAR1 broken")
    result = invoke("verify", str(out))
    assert result.exit_code == 1
    assert "part-00001.parquet: " in result.output


def test_exact_prints_fractions():
    result = invoke("exact", "zipai")
    assert result.exit_code == 0
    assert "三提五坎" in result.output and "dealer (21 cards)" in result.output and "/" in result.output


@pytest.mark.parametrize(
    "args, message",
    [
        (["deals", "mahjong"], "unknown game 'mahjong'; choose one of: "),  # the list grows
        (["deals", "zipai", "--rule", "min_huxi=12"], "min_huxi=12 is not allowed; choose one of 15, 10, 9, 6, 18"),
        (["deals", "zipai", "--rule", "colour"], "write it as NAME=VALUE"),
        (["deals", "zipai", "--rule", "speed=3"], "zipai has no option 'speed'"),
        (["deals", "zipai", "--preset", "moon"], "zipai has no preset 'moon'"),
        (["verify", "/nonexistent/run"], None),
    ],
)
def test_bad_input_gives_one_line(args, message):
    result = subprocess.run([sys.executable, "-m", "sim.cli", *args], capture_output=True, text=True)
    assert result.returncode != 0
    lines = [line for line in (result.stderr + result.stdout).strip().splitlines() if line]
    assert "Traceback" not in result.stderr
    if message is not None:
        assert len(lines) == 1, lines
        assert message in lines[0]


def test_unwritable_output_is_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = subprocess.run(
        [sys.executable, "-m", "sim.cli", "deals", "zipai", "-n", "10", "-o", str(blocker / "x")],
        capture_output=True, text=True,
    )
    assert result.returncode == 2
    assert result.stderr.strip().startswith("paiju: error: cannot write to")
    assert len(result.stderr.strip().splitlines()) == 1


def test_run_header_names_preset_changes_units_and_what_was_played(tmp_path):
    out = tmp_path / "run"
    args = ["run", "zipai", "-n", "300", "--shard-size", "150", "-j", "1", "--no-progress",
            "-o", str(out), "-s", "random", "--rule", "min_huxi=10"]
    first = invoke(*args)
    assert first.exit_code == 0, first.output
    assert 'root seed 20261130, rules: preset "seed" + min_huxi=10 (rules hash ' in first.output
    assert "played 300 hands in" in first.output and "shards" not in first.output
    assert "dealer edge" in first.output and "Columns: " in first.output
    import polars as pl

    from sim import store

    rows = store.load(out).collect()
    assert all(rows[f"strategy_{s}"].cast(pl.String).to_list() == ["random"] * 300 for s in range(3))
    again = invoke(*args)
    assert "nothing to play: the run was already complete on disk" in again.output


def test_matches_are_counted_as_matches(tmp_path):
    result = invoke("run", "shengji", "--matches", "-n", "1", "-j", "1", "--no-progress",
                    "-o", str(tmp_path / "m"))
    assert result.exit_code == 0, result.output
    assert "1 match, root seed" in result.output and "played 1 match in" in result.output
    assert "matches/s" in result.output and "hands/s" not in result.output


def test_until_ci_reports_what_it_played(tmp_path):
    result = invoke("run", "zipai", "--until-ci", "0.2", "-n", "200", "-j", "1", "--no-progress",
                    "-o", str(tmp_path / "u"))
    assert result.exit_code == 0, result.output
    assert "played 200 hands in" in result.output and "kept" not in result.output


@pytest.mark.parametrize("args, message", [
    (["run", "zipai", "-s", "foo"], "zipai has no strategy 'foo'; choose one of: expert, greedy, ismcts, random, search, shape"),
    (["run", "zipai", "-s", "greedy,foo,random"], "zipai has no strategy 'foo'"),
    (["compare", "zipai", "--a", "greedy", "--b", "nope"], "zipai has no strategy 'nope'"),
    (["run", "zipai", "-s", "greedy,random"], "zipai needs 3 strategies (one per seat), got 2"),
])
def test_strategy_names_are_checked_before_their_count(args, message):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert message in result.output and len(result.output.strip().splitlines()) == 1


def test_summary_and_verify_accept_experiments_and_print_the_command(tmp_path):
    out = tmp_path / "sweep"
    made = invoke("sweep", "zipai", "--vary", "min_huxi=10,15", "-n", "200", "-j", "1",
                  "--no-progress", "-o", str(out))
    assert made.exit_code == 0, made.output
    summary = invoke("summary", str(out))
    assert summary.exit_code == 0 and "min_huxi=10" in summary.output and "天胡 (natural) rate" in summary.output
    verify = invoke("verify", str(out))
    assert verify.exit_code == 0 and verify.output.count(": OK (200 hands in 1 shard)") == 2
    (out / "min_huxi-15" / "part-00000.parquet").unlink()
    broken = invoke("verify", str(out))
    assert broken.exit_code == 1
    assert "1 problem; repair with the command that made it" in broken.output
    assert f"paiju sweep zipai --vary min_huxi=10,15 -n 200 --seed 20261130 --shard-size 50000 -o {out}" in broken.output


def test_verify_of_a_run_prints_the_command_that_repairs_it(tmp_path):
    out = tmp_path / "run"
    invoke("run", "zipai", "-n", "100", "-j", "1", "--no-progress", "-o", str(out), "--preset", "hengyang")
    (out / "part-00000.parquet").unlink()
    result = invoke("verify", str(out))
    assert f"paiju run zipai -n 100 --seed 20261130 --shard-size 50000 --preset hengyang -o {out}" in result.output
    command = result.output.strip().splitlines()[-1].split()
    assert command[0] == "paiju"
    again = invoke(*command[1:], "--no-progress", "-j", "1")
    assert again.exit_code == 0, again.output
    assert invoke("verify", str(out)).exit_code == 0


@pytest.mark.parametrize("args, message", [
    (["verify", "/nonexistent/run"], "/nonexistent/run does not exist or is not a directory"),
    (["summary", "/nonexistent/run"], "/nonexistent/run does not exist or is not a directory"),
    (["run", "zipai", "-n", "5", "-o", "/dev/null"], "/dev/null is not a directory"),
    (["deals", "zipai", "--rule", "min_huxi=lots"], "min_huxi='lots' is not a whole number"),
])
def test_more_one_line_errors(args, message):
    result = CliRunner().invoke(main, args)
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1 and message in lines[0], lines


def test_help_after_a_game_lists_its_strategies_options_and_presets():
    from sim.games import get_game
    from sim.registry import get_strategy, strategy_names

    for game in ("zipai", "shengji"):
        info = get_game(game)
        text = invoke("run", game, "--help").output
        for name in strategy_names(game):
            assert get_strategy(game, name).description[:30] in " ".join(text.split())
        for name, field in info.rules.option_fields().items():
            assert name in text
            if field.metadata.get("choices"):
                assert "one of " + ", ".join(str(c).lower() if isinstance(c, bool) else str(c)
                                             for c in field.metadata["choices"]) in text
        for preset in info.rules.PRESETS:
            assert preset in text
        assert f"[default: {info.workload('play').default_hands:,} for {game} play]" in " ".join(text.split())
    matches = " ".join(invoke("run", "shengji", "--matches", "--help").output.split())
    assert "[default: 2,000 for shengji match]" in matches
    assert "[default: 2,000,000 for zipai deals]" in " ".join(invoke("deals", "zipai", "--help").output.split())
    assert "paiju run GAME --help" in invoke("run", "--help").output
    assert invoke("games", "zipai").output.strip() in invoke("run", "zipai", "--help").output


def test_games_lists_workloads_strategies_and_presets():
    text = invoke("games").output
    assert "strategies: expert, greedy, ismcts, random, search, shape" in text and "presets:    seed, hengyang" in text
    assert "paiju run --matches shengji" in text and "strategies: greedy, ismcts, random" in text


def test_exact_is_one_mechanism_for_every_game():
    """A deals workload offers its exact table; a game without one gets a one-line error."""
    result = invoke("exact", "tiandi")
    assert result.exit_code == 0 and "some hand void (misdeal)" in result.output
    assert invoke("exact", "dama").exit_code == 0
    assert invoke("exact", "shengji").exit_code == 0
    import sim.games

    sim.games.register_game("toy", "tests.toy_game:GAME")  # a game with no deals workload
    try:
        result = invoke("exact", "toy")
    finally:
        del sim.games._MODULES["toy"]
    assert result.exit_code != 0 and "not available for 'toy'" in result.output
