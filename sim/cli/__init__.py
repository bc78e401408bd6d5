"""The ``paiju`` command line: the group and its shared options in :mod:`.app`, the commands
by what they do — :mod:`.runs` (deals, run), :mod:`.experiments` (compare, tournament,
sweep, balance) and :mod:`.reading` (report, summary, verify, show, exact, games)."""

from __future__ import annotations

from sim.cli import experiments, reading, runs  # noqa: F401  (each registers its commands)
from sim.cli.app import COUNT, main

__all__ = ["COUNT", "main"]
