"""The command line: real runs, summaries, and one-line errors."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from sim.cli import main


def invoke(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_deals_writes_parquet_and_prints_the_table(tmp_path):
    out = tmp_path / "run"
    result = invoke("deals", "zipai", "-n", "20000", "--shard-size", "5000", "-j", "1",
                    "-o", str(out), "--no-progress")
    assert result.exit_code == 0, result.output
    assert len(list(out.glob("part-*.parquet"))) == 4
    assert "三提五坎" in result.output and "庄 dealer" in result.output and "exact" in result.output
    assert "fall outside their 95% interval" in result.output
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
        (["deals", "mahjong"], "unknown game 'mahjong'; choose one of: "),
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
