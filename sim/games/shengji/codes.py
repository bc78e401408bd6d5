"""Plays as values: :class:`Play` (counts and card text) and its action code, one int64, the mixed-radix number of its counts in the hand's radix.

A play is a sub-multiset of the hand of the seat to play. Card kind ``k`` is a digit of radix
``hand[k] + 1`` (kinds in index order, kind 0 the lowest digit), and the play's count of that
kind is the digit. A hand of at most 54 cards gives codes below ``2**54``. A code names a
play only together with the hand it was made from, which the replay of a hand's decisions
always has.

>>> import numpy as np
>>> hand = np.zeros(54, dtype=np.int8); hand[[0, 1]] = 2     # two each of kinds 0 and 1
>>> play = np.zeros(54, dtype=np.int8); play[1] = 2
>>> play_code(hand, play)
6
>>> code_play(hand, 6).tolist() == play.tolist(), code_play(hand, 9) is None
(True, True)
"""

from __future__ import annotations

import dataclasses

import numpy as np
from numba import njit

from sim.games.shengji.cards import N_KINDS, format_hand


@dataclasses.dataclass(frozen=True, eq=False)
class Play:
    """A play: its cards as a 54-entry count vector and in card notation."""

    cards: np.ndarray
    text: str

    @classmethod
    def of(cls, cards: np.ndarray) -> Play:
        """The play of a count vector."""
        return cls(cards.copy(), format_hand(cards))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and bool(np.array_equal(self.cards, other.cards))

    def __hash__(self) -> int:
        return hash(self.cards.tobytes())

    def __len__(self) -> int:
        return int(self.cards.sum())

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Play({self.text!r})"


def play_code(hand: np.ndarray, play: np.ndarray) -> int:
    """The code of ``play`` (counts, each at most the hand's) from ``hand``."""
    code, radix = 0, 1
    for k in range(N_KINDS):
        code += int(play[k]) * radix
        radix *= int(hand[k]) + 1
    return code


def code_play(hand: np.ndarray, code: int) -> np.ndarray | None:
    """The play a code names from ``hand``, or ``None`` when it names none."""
    if code < 0:
        return None
    out = np.zeros(N_KINDS, dtype=np.int8)
    for k in range(N_KINDS):
        radix = int(hand[k]) + 1
        code, out[k] = divmod(code, radix)
    return out if code == 0 else None


@njit(cache=True)
def encode_play(hand: np.ndarray, play: np.ndarray) -> np.int64:
    """:func:`play_code` for the compiled strategies: the code a kernel returns, or -1 when
    ``play`` holds a card the hand does not."""
    code = np.int64(0)
    radix = np.int64(1)
    for k in range(N_KINDS):
        if play[k] < 0 or play[k] > hand[k]:
            return np.int64(-1)
        code += np.int64(play[k]) * radix
        radix *= np.int64(hand[k]) + 1
    return code


@njit(cache=True, inline="always")
def decode_play(hand: np.ndarray, code: np.int64, out: np.ndarray) -> bool:
    """Write the play ``code`` names from ``hand`` into ``out``; False if it names none."""
    if code < 0:
        return False
    rest = np.int64(code)
    for k in range(N_KINDS):
        radix = np.int64(hand[k]) + 1
        out[k] = rest % radix
        rest //= radix
    return rest == 0
