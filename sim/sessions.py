"""Sessions: hands played in chains, each hand's dealer following from the previous result.

Under a dealer rule other than plain rotation (a winning dealer keeps the deal, 占庄; or the
winner deals next), who deals hand ``i`` depends on how hand ``i − 1`` ended. A batch run
still plays every hand from its own ``(root seed, hand index)`` generator, and lays the
chains on fixed blocks of hand indices so that the data do not depend on the shard size,
the number of workers or the backend:

* session ``b`` is hands ``b·L … b·L + L − 1`` (``L`` = the session length);
* its first hand is dealt by seat ``b mod n_seats`` (so every seat opens as many sessions),
  or under :data:`NAMED_OR_DICE` by the hand's own dice;
* each later hand is dealt by :func:`chain_dealer` of the hand before it.

:func:`chain_dealer` returns :data:`DICE` (-1) when the hand's own dice choose the dealer:
the game rolls them from the hand's generator as it would for an independent hand.

A shard that starts inside a session replays that session's earlier hands (at most
``L − 1``; :func:`session_span`) to learn its first dealer and drops their rows. With
:data:`ROTATE` nothing changes: hand ``i`` is dealt by seat ``i mod n_seats``.

A compiled hand loop uses it like this (``winner`` is -1 after a draw)::

    dealer = -1
    winner = -1  # or the seat the hand named to deal next, under NAMED_OR_DICE
    for i in range(first, first + count):
        dealer = chain_dealer(i, length, n_seats, rule, dealer, winner)
        ...play hand i dealt by ``dealer`` (the dice when -1); winner = its winner...

>>> [chain_dealer(i, 4, 3, ROTATE, 0, 0) for i in range(5)]
[0, 1, 2, 0, 1]
>>> chain_dealer(5, 4, 3, DEALER_KEEPS, 1, 1), chain_dealer(5, 4, 3, DEALER_KEEPS, 1, 2)
(1, 2)
>>> chain_dealer(8, 4, 3, DEALER_KEEPS, 1, 1)  # hand 8 opens session 2: seat 2 deals
2
>>> chain_dealer(5, 4, 3, WINNER_DEALS, 1, 0), chain_dealer(5, 4, 3, WINNER_DEALS, 1, -1)
(0, 2)
>>> chain_dealer(4, 4, 3, NAMED_OR_DICE, 1, 2), chain_dealer(5, 4, 3, NAMED_OR_DICE, 1, 2)
(-1, 2)
>>> chain_dealer(5, 4, 3, NAMED_OR_DICE, 1, -1)  # nothing named (a draw): the dice again
-1
>>> session_span(10, 100, 4)
(8, 2)
"""

from __future__ import annotations

import numpy as np
from numba import njit

ROTATE = 0  # the next seat deals after every hand
DEALER_KEEPS = 1  # 占庄: a winning dealer deals again, else the next seat
WINNER_DEALS = 2  # the winner deals next; after a draw the next seat
NAMED_OR_DICE = 3  # the seat the hand before named (its winner, say) deals; else, and first, the dice
DICE = -1  # chain_dealer's answer when the hand's own dice choose the dealer


@njit(cache=True)
def chain_dealer(i: int, length: int, n_seats: int, rule: int, prev_dealer: int,
                 prev_winner: int) -> int:
    """The dealer of hand ``i``, given the dealer and winner (-1: none) of hand ``i − 1``
    (ignored for the first hand of a session and under :data:`ROTATE`); under
    :data:`NAMED_OR_DICE` ``prev_winner`` is the seat hand ``i − 1`` named to deal next, and
    the answer may be :data:`DICE`."""
    if rule == ROTATE:
        return i % n_seats
    if rule == NAMED_OR_DICE:
        return DICE if i % length == 0 or prev_winner < 0 else prev_winner
    if i % length == 0:
        return (i // length) % n_seats
    if rule == DEALER_KEEPS and prev_winner == prev_dealer:
        return prev_dealer
    if rule == WINNER_DEALS and prev_winner >= 0:
        return prev_winner
    return (prev_dealer + 1) % n_seats


def session_span(start: int, count: int, length: int) -> tuple[int, int]:
    """``(first, skip)``: to play hands ``start … start + count − 1`` of chained sessions,
    play from ``first`` (the start of ``start``'s session) and drop the first ``skip`` rows."""
    if length < 1 or count < 0:
        raise ValueError(f"a session has at least one hand (got {length}) and count >= 0")
    first = start - start % length
    return first, start - first


def session_index(hands: np.ndarray, length: int) -> np.ndarray:
    """The session of each hand index."""
    return (np.asarray(hands, dtype=np.int64) // length).astype(np.int64)
