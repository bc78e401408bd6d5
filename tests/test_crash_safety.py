"""Crash safety: a killed worker, a full disk, and never a partial shard."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from sim import runner, store
from sim.errors import RunDirError
from sim.pages import PagesWriter
from tests.conftest import deal_spec, read_rows
from tests.hold_shards import held_run, wait_for


# end to end (processes, clusters, notebooks or the command line): run by `pytest -m slow`
pytestmark = pytest.mark.slow


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


def test_a_killed_worker_stops_the_run_cleanly_and_a_rerun_completes_it(tmp_path):
    spec = deal_spec(hands=200_000, shard_size=40_000, seed=8)
    reference = tmp_path / "reference"
    runner.run(spec, reference, jobs=1, progress=False)
    out = tmp_path / "run"
    args = ["deals", "zipai", "-n", "200000", "--shard-size", "40000", "--seed", "8", "--jobs", "2",
            "--out", str(out), "--no-progress"]
    proc = held_run(args, hold_from=1)  # shard 0 is written, the others wait in the workers

    def loky_workers() -> list[int]:
        if not store.shard_path(out, 0).exists():
            return []
        found = []
        for pid in [p for c in _children(proc.pid) for p in [c, *_children(c)]]:
            try:
                # a worker, not loky's resource tracker (whose death stops nothing)
                if b"popen_loky" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    found.append(pid)
            except OSError:
                continue
        return found

    workers = wait_for("a written shard and a loky worker", loky_workers, proc)
    os.kill(workers[0], signal.SIGKILL)
    _, stderr = proc.communicate(timeout=600)
    assert proc.returncode == 2, stderr
    assert stderr.strip().splitlines()[-1].startswith("paiju: error: a worker died"), stderr
    assert "Traceback" not in stderr
    assert [p.name for p in out.glob("part-*.parquet")] == ["part-00000.parquet"]
    cmd = [sys.executable, "-m", "sim.cli", *args]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    assert list(store.iter_problems(out)) == []
    assert read_rows(out).equals(read_rows(reference))


def test_a_failed_write_leaves_no_partial_shard(tmp_path, monkeypatch):
    def full_disk(self, table, *args, **kwargs):  # a scan's shard goes through sim.pages
        if not self._owns:  # the warm-up, into memory
            return real(self, table, *args, **kwargs)
        self._fh.write(b"half a row group")
        self._fh.flush()
        raise OSError(errno.ENOSPC, "No space left on device")

    real = PagesWriter.write_table
    monkeypatch.setattr(PagesWriter, "write_table", full_disk)
    with pytest.raises(RunDirError, match=r"cannot write part-00000.parquet .*No space left on device"):
        runner.run(deal_spec(), tmp_path, backend="sequential", progress=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".lock", "manifest.json"]


@pytest.fixture
def tiny_filesystem(tmp_path):
    mount = tmp_path / "tiny"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=96k", "tmpfs", str(mount)],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip("cannot mount a small tmpfs here (needs root)")
    yield mount
    subprocess.run(["umount", str(mount)], check=False)


def test_a_really_full_disk_gives_one_clear_error(tiny_filesystem):
    out = tiny_filesystem / "run"
    result = subprocess.run(
        [sys.executable, "-m", "sim.cli", "deals", "zipai", "-n", "200000", "--shard-size",
         "100000", "-j", "1", "-o", str(out), "--no-progress"],
        capture_output=True, text=True,
    )
    assert result.returncode == 2
    assert result.stderr.strip().startswith("paiju: error: cannot write part-00000.parquet")
    assert "No space left on device" in result.stderr
    assert not [p for p in out.iterdir() if p.name.startswith((".part", "part-"))]


@pytest.mark.slow
def test_ctrl_c_stops_the_workers_in_one_line_without_leaked_locks(tmp_path):
    """Ctrl-C reaches the whole process group (the run and its loky workers): the run says
    how to resume in one line, and the workers are stopped before exit, so Python's resource
    tracker finds no leaked semaphores to warn about."""
    out = tmp_path / "run"
    args = ["deals", "zipai", "-n", "4000000", "--shard-size", "20000", "--seed", "8", "--jobs", "2",
            "--out", str(out), "--no-progress"]
    proc = held_run(args, hold_from=10**9, new_session=True)  # nothing held: workers are busy
    wait_for("a written shard", lambda: store.shard_path(out, 1).exists(), proc)
    os.killpg(proc.pid, signal.SIGINT)
    _, stderr = proc.communicate(timeout=300)
    assert proc.returncode == 130, stderr
    assert stderr.strip().splitlines()[-1].startswith("paiju: interrupted"), stderr
    assert "Traceback" not in stderr and "leaked" not in stderr, stderr
