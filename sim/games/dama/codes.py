"""The codes of 打马's moves: one packed integer per move, written and read only here.

A single move is ``station * STATION + horses * HORSE + backward`` (``backward`` 1 for a move
back down the board). Under ``move_rule=split`` a move may instead split the total between
two whole stacks: ``first + steps * SPLIT_A + second * SPLIT`` (two single codes and the
stations ``steps`` the first part walks; the second walks the rest). Every split code is at
least ``SPLIT``, every single code less.

>>> c = encode(30, 3, 1)
>>> station(c), horses(c), backward(c)
(30, 3, 1)
>>> s = encode_split(encode(5, 2, 0), 4, encode(12, 1, 0))
>>> is_split(s), station(split_first(s)), split_steps(s), station(split_second(s))
(True, 5, 4, 12)
"""

from __future__ import annotations

from numba import njit

STATION = 64  # a single code: station * STATION + horses * HORSE + backward
HORSE = 2
SPLIT_A = 8192  # a split code: first + steps * SPLIT_A + second * SPLIT
SPLIT = 32 * SPLIT_A


@njit(cache=True)
def encode(s, k, back) -> int:
    """The code of ``k`` horses on station ``s`` moving forward (``back`` 0) or back (1)."""
    return s * STATION + k * HORSE + back


@njit(cache=True)
def station(code) -> int:
    """The station a single move starts from."""
    return code // STATION


@njit(cache=True)
def horses(code) -> int:
    """How many horses a single move moves."""
    return (code % STATION) // HORSE


@njit(cache=True)
def backward(code) -> int:
    """1 when a single move goes back down the board, else 0."""
    return code % HORSE


@njit(cache=True)
def is_split(code) -> bool:
    """Whether ``code`` is a split move (two stacks)."""
    return code >= SPLIT


@njit(cache=True)
def encode_split(first, steps, second) -> int:
    """The code of a split move: part ``first`` walks ``steps``, then part ``second`` the rest."""
    return first + steps * SPLIT_A + second * SPLIT


@njit(cache=True)
def split_first(code) -> int:
    """The single code of a split move's first part."""
    return code % SPLIT_A


@njit(cache=True)
def split_steps(code) -> int:
    """The stations a split move's first part walks."""
    return (code % SPLIT) // SPLIT_A


@njit(cache=True)
def split_second(code) -> int:
    """The single code of a split move's second part."""
    return code // SPLIT
