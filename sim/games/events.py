"""The event log a hand keeps in its state vector: records of ``(kind, seat, value)``.

A game lays out room for ``capacity`` records of three values from offset ``start`` and a
count of them at offset ``count``; :func:`event_log` makes its compiled
``log(s, kind, seat, value)``, with the offsets compiled in as constants.

>>> import numpy as np
>>> log = event_log(count=0, start=1, capacity=2)
>>> s = np.zeros(7, dtype=np.int16)
>>> for kind in (5, 6, 7):
...     log(s, kind, 1, 9)
>>> s.tolist()  # the first two records kept
[2, 5, 1, 9, 6, 1, 9]
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numba import njit


def event_log(count: int, start: int, capacity: int) -> Callable[[np.ndarray, int, int, int], None]:
    """The compiled ``log(s, kind, seat, value)`` of a state whose event count is at
    ``count`` and whose ``capacity`` records start at ``start``."""

    @njit(cache=True)
    def log(s: np.ndarray, kind: int, seat: int, value: int) -> None:
        """Append an event record (the log keeps a hand's first ``capacity``)."""
        n = s[count]
        if n < capacity:
            s[start + 3 * n] = kind
            s[start + 3 * n + 1] = seat
            s[start + 3 * n + 2] = value
            s[count] = n + 1

    return log
