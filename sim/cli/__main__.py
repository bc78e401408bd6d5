"""``python -m sim.cli``: the ``paiju`` command."""

from sim.cli import main

main()
