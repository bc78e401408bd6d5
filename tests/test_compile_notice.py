"""The first-run compile notice: printed once when numba compiles, never when its cache is warm."""

from __future__ import annotations

import io
import json
import subprocess
import sys

from numba import njit

from sim.compiling import compile_notice, recorded_seconds


def _fresh_function():
    @njit  # no disk cache: compiles on its first call in every process
    def add_one(x):
        return x + 1

    return add_one


def test_a_compile_is_announced_once_and_its_time_remembered(tmp_path, monkeypatch):
    monkeypatch.setenv("PAIJU_CACHE_DIR", str(tmp_path))
    func = _fresh_function()
    out = io.StringIO()
    with compile_notice("跑胡子 (字牌)", key="demo/play", default_seconds=40, stream=out, delay=0):
        func(1)
        func(2.5)  # a second signature: a second compile, still one notice
    lines = out.getvalue().splitlines()
    assert lines == ["compiling the 跑胡子 (字牌) kernels (first run on this machine; about 40 s on an "
                     "idle machine, longer on a busy one)…"]
    assert recorded_seconds("demo/play") is not None
    assert "demo/play" in json.loads((tmp_path / "kernels" / "compile-seconds.json").read_text())
    with compile_notice("跑胡子 (字牌)", key="demo/play", stream=out, delay=0):
        _fresh_function()(1)  # another compile in the same process: announced once is enough
    assert len(out.getvalue().splitlines()) == 1


def test_a_short_compile_passes_silently(tmp_path, monkeypatch):
    monkeypatch.setenv("PAIJU_CACHE_DIR", str(tmp_path))
    out = io.StringIO()
    with compile_notice("跑胡子 (字牌)", key="demo/short", stream=out, delay=30):
        _fresh_function()(1)
    assert out.getvalue() == "" and recorded_seconds("demo/short") is None


def test_the_notice_says_what_the_last_compile_here_took(tmp_path, monkeypatch):
    monkeypatch.setenv("PAIJU_CACHE_DIR", str(tmp_path))
    (tmp_path / "kernels").mkdir()
    (tmp_path / "kernels" / "compile-seconds.json").write_text('{"demo/again": 130}')
    out = io.StringIO()
    with compile_notice("四副牌升级", key="demo/again", default_seconds=40, stream=out, delay=0):
        _fresh_function()(1)
    assert "(first run on this machine; the last compile here took 2.2 min)…" in out.getvalue()


def test_nothing_is_printed_when_nothing_compiles(tmp_path, monkeypatch):
    monkeypatch.setenv("PAIJU_CACHE_DIR", str(tmp_path))
    func = _fresh_function()
    func(1)  # compiled already
    out = io.StringIO()
    with compile_notice("四副牌升级", key="demo/warm", stream=out, delay=0):
        func(3)
    assert out.getvalue() == ""


def test_a_warm_command_prints_no_notice(tmp_path):
    from sim import runner
    from tests.conftest import deal_spec

    runner.run(deal_spec(hands=500, shard_size=500), tmp_path / "first", jobs=1, progress=False)
    # the kernels are in numba's disk cache now: a fresh process loads them silently
    second = subprocess.run(
        [sys.executable, "-m", "sim.cli", "deals", "zipai", "-n", "500", "-j", "1",
         "--no-progress", "-o", str(tmp_path / "second")], capture_output=True, text=True)
    assert second.returncode == 0, second.stderr
    assert "compiling" not in second.stderr


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_notice_counts_and_ends_with_the_time(tmp_path, monkeypatch):
    monkeypatch.setenv("PAIJU_CACHE_DIR", str(tmp_path))
    out = _Terminal()
    with compile_notice("跑胡子 (字牌)", key="demo/tty", stream=out, delay=0):
        _fresh_function()(1)
    text = out.getvalue()
    assert text.count("\n") == 1 and "\r" in text
    assert "1 function, " in text and text.rstrip().endswith(" s") and "done in" in text
