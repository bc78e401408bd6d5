"""The ``paiju`` command line: the group and its shared options in :mod:`.app`, the commands
by what they do — :mod:`.runs` (deals, run), :mod:`.experiments` (compare, tournament,
sweep, balance) and :mod:`.reading` (report, summary, verify, show, exact, games)."""

from __future__ import annotations

import gc

from sim.cli import experiments, reading, runs  # noqa: F401  (each registers its commands)
from sim.cli.app import COUNT, main

__all__ = ["COUNT", "main", "program"]


def program() -> None:
    """The ``paiju`` program: :func:`main`, then a quick exit. Local workers, idle once the
    command is done, are stopped at once instead of being waited for at exit, and Python's
    last garbage collections skip the objects that loading the compiled kernels made (each
    costs about a third of a second)."""
    try:
        main()
    finally:
        from sim.backends import stop_local_workers

        stop_local_workers()
        gc.freeze()
