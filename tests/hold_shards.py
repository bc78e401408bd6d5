"""Run the paiju command line with every shard from ``PAIJU_TEST_HOLD_FROM`` on held back.

A held shard waits, without playing, until the process running it is killed (in a worker,
until the run that started the worker is gone; in the run's own process, until it stops), so a test can kill a run part-way at a known
point instead of racing it: shards below the index are played and written as usual.

    python -c "import tests.hold_shards as h; h.main()" deals zipai -n ... --out DIR
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sim import local_pool, runner

_PLAY = runner._play_shard
ROOT = Path(__file__).resolve().parents[1]
PATIENCE_S = 600.0  # a held shard nobody kills ends the run with an error, not a pass


def held_play_shard(spec, index: int, out: str, *rest):
    """Play shards below the hold index; wait on the others until this process's run is killed."""
    if index < int(os.environ["PAIJU_TEST_HOLD_FROM"]):
        return _PLAY(spec, index, out, *rest)
    end = time.monotonic() + PATIENCE_S
    if multiprocessing.parent_process() is None:  # the run's own process: until it stops
        while not local_pool.stopping():
            if time.monotonic() > end:
                raise RuntimeError(f"shard {index} was held for {PATIENCE_S:.0f} s and nobody killed the run")
            time.sleep(0.05)
        raise RuntimeError("the run stopped")
    parent = os.getppid()
    while os.getppid() == parent:
        if time.monotonic() > end:
            raise RuntimeError(f"shard {index} was held for {PATIENCE_S:.0f} s and nobody killed the run")
        time.sleep(0.05)
    os._exit(1)  # the run that handed out this shard is gone: write nothing


def main() -> None:
    """The paiju command line, with :func:`held_play_shard` as the shard task."""
    from sim.cli import main as cli

    runner._play_shard = held_play_shard
    cli()


def held_run(args: list[str], hold_from: int, *, new_session: bool = False) -> subprocess.Popen:
    """``paiju ARGS`` with every shard from ``hold_from`` on held until the run is killed
    (``new_session``: in a process group of its own, as a terminal's Ctrl-C reaches it)."""
    env = {**os.environ, "PAIJU_TEST_HOLD_FROM": str(hold_from),
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen([sys.executable, "-c", "import tests.hold_shards as h; h.main()", *args],
                            env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=new_session)


def wait_for(what: str, ready, proc: subprocess.Popen, timeout: float = 600.0):
    """Poll until ``ready()`` gives something true; a run that ends first or a timeout fails."""
    end = time.monotonic() + timeout
    while True:
        got = ready()
        if got:
            return got
        if proc.poll() is not None:
            pytest.fail(f"the run ended (status {proc.returncode}) before {what}: {proc.stderr.read()}")
        if time.monotonic() > end:
            proc.kill()
            pytest.fail(f"no {what} after {timeout:.0f} s")
        time.sleep(0.05)
