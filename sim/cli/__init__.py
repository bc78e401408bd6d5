"""The ``paiju`` command line: the group and its shared options in :mod:`.app`, the commands
by what they do — :mod:`.runs` (deals, run), :mod:`.experiments` (compare, tournament,
sweep, balance) and :mod:`.reading` (report, summary, verify, show, exact, games).

The commands load on first use of :data:`main` (or of :func:`program`), so that the program
can set up its process before numpy and the other numeric libraries load."""

from __future__ import annotations

import gc
import os

__all__ = ["COUNT", "main", "program"]


def __getattr__(name: str):
    if name in ("COUNT", "main"):
        from sim.cli import app, experiments, reading, runs  # noqa: F401  (each registers its commands)

        return getattr(app, name)
    raise AttributeError(f"module 'sim.cli' has no attribute {name!r}")


def program() -> None:
    """The ``paiju`` program: :func:`main`, then a quick exit.

    Before anything loads, OpenBLAS is asked for one thread (unless ``OPENBLAS_NUM_THREADS``
    says otherwise): its statistics are small, and the threads OpenBLAS starts for every core
    spin at numpy's import, about 0.2 s of CPU that a run's dealing would have used. Local
    workers, idle once the command is done, are stopped at once instead of being waited for
    at exit, and Python's last garbage collections skip the objects that loading the compiled
    kernels made (each costs about a third of a second)."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from sim.cli import main

    try:
        main()
    finally:
        from sim.backends import stop_local_workers

        stop_local_workers()
        gc.freeze()
