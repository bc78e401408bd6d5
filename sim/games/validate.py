"""One check for the public hand functions of every game: no card more often than the deck has it.

A hand with its table groups and a claimed card are cards of one deck, so together they can
hold no more copies of a card than the deck has. Each game passes its copies per card kind
and the parts as count vectors; an impossible combination raises a one-line error.

>>> import numpy as np
>>> check_counts(4, np.array([4, 0]), np.array([1, 0]), name=["红车", "红马"].__getitem__,
...              what="hand and claimed card")
Traceback (most recent call last):
...
sim.games.validate.ImpossibleCardsError: hand and claimed card hold 5 of 红车; the deck has only 4 of each card, so remove the extra copies
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import numpy as np

from sim.errors import PaijuError


class ImpossibleCardsError(PaijuError, ValueError):
    """Cards that no deal can produce (more copies of a card than the deck holds)."""


def counts_of(kinds: Iterable[int], n_kinds: int, dtype: type = np.int64) -> np.ndarray:
    """A list of card kinds as a count vector of length ``n_kinds``."""
    out = np.zeros(n_kinds, dtype=dtype)
    for k in kinds:
        out[int(k)] += 1
    return out


def check_counts(copies: int | Sequence[int] | np.ndarray, *parts: np.ndarray,
                 name: Callable[[int], str], what: str = "these cards",
                 error: type[Exception] = ImpossibleCardsError) -> np.ndarray:
    """The sum of the count vectors ``parts``, or a one-line error if it holds more copies of a
    kind than ``copies`` (one number for every kind, or one per kind) allows.

    ``error`` is the class raised (a game whose card errors have their own class passes it).
    """
    if not parts:
        raise ValueError("check_counts needs at least one count vector")
    total = np.zeros(len(parts[0]), dtype=np.int64)
    for p in parts:
        total += np.asarray(p, dtype=np.int64)
    limit = np.broadcast_to(np.asarray(copies, dtype=np.int64), total.shape)
    over = np.flatnonzero(total > limit)
    if over.size:
        k = int(over[0])
        same = bool((limit == limit[0]).all())
        deck = f"only {int(limit[k])} of each card" if same else f"only {int(limit[k])} of {name(k)}"
        raise error(f"{what} hold {int(total[k])} of {name(k)}; the deck has {deck}, "
                    "so remove the extra copies")
    if (total < 0).any():
        raise error(f"{what} hold a negative number of some card; give counts of 0 or more")
    return total
