"""The observation array: everything one seat may see when it must play, and nothing more.

The engine (both drivers) fills one ``int16`` array for the deciding seat and hands it to
the compiled strategy, never its own state. Layout (offsets are module constants):

* ``O_HAND``: the seat's own 54 counts;
* ``O_TABLE``: the cards played to this trick, 4 rows of 54 by seat;
* ``O_SEEN``: the cards of the finished tricks (54 counts);
* ``O_PLAYED``: the cards each seat has played in finished tricks (4 × 54);
* ``O_FMT``: the lead's format (:mod:`sim.games.shengji.combos`; zeros when leading);
* ``O_VOID``: 4 × 5 flags, seat ``s`` has shown it is void in effective suit ``e``;
* ``O_COUNT``: how many cards each seat holds (the others only as counts);
* scalars at ``O_INFO + I_…``: mode, seat, leader, level, trump, 庄家, trick number,
  attacker and defender points taken, the seat winning the trick so far, the trick's
  points, ``two_quads_answer``, plays made to this trick.

Other seats' cards never enter it, so changing them cannot change an observation
(``tests/shengji/test_shengji_observe.py``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.shengji.combos import FMT_SIZE

O_HAND = 0
O_TABLE = O_HAND + 54
O_SEEN = O_TABLE + 4 * 54
O_PLAYED = O_SEEN + 54
O_FMT = O_PLAYED + 4 * 54
O_VOID = O_FMT + FMT_SIZE
O_COUNT = O_VOID + 4 * 5
O_INFO = O_COUNT + 4
(I_MODE, I_SEAT, I_LEADER, I_LEVEL, I_TRUMP, I_ZHUANG, I_TRICK, I_ATTACKER_POINTS,
 I_DEFENDER_POINTS, I_WINNER, I_TABLE_POINTS, I_TWO_QUADS, I_N_PLAYED) = range(13)
OBS_SIZE = O_INFO + 13


@njit(cache=True)
def fill_obs(obs: np.ndarray, mode: int, seat: int, hands: np.ndarray, table: np.ndarray,
             played: np.ndarray, fmt: np.ndarray, voids: np.ndarray, info: np.ndarray) -> None:
    """Fill ``obs`` for ``seat``; ``info`` holds the public scalars (``I_…`` order, mode and
    seat excepted, which this function writes). Only ``hands[seat]`` is read of the hands,
    besides each hand's size."""
    for k in range(54):
        obs[O_HAND + k] = hands[seat, k]
    seen = O_SEEN
    for k in range(54):
        obs[seen + k] = 0
    for s in range(4):
        c = 0
        for k in range(54):
            obs[O_TABLE + 54 * s + k] = table[s, k]
            obs[O_PLAYED + 54 * s + k] = played[s, k]
            obs[seen + k] += played[s, k]
            c += hands[s, k]
        obs[O_COUNT + s] = c
        for e in range(5):
            obs[O_VOID + 5 * s + e] = voids[s, e]
    # the format's used entries; beyond them zeros (clearing what an earlier fill left)
    old = 3 + 3 * obs[O_FMT + 2]
    used = 3 + 3 * fmt[2] if mode == 1 else 0
    for i in range(used):
        obs[O_FMT + i] = fmt[i]
    for i in range(used, max(old, 3)):
        obs[O_FMT + i] = 0
    for i in range(13):
        obs[O_INFO + i] = info[i]
    obs[O_INFO + I_MODE] = mode
    obs[O_INFO + I_SEAT] = seat


@njit(cache=True)
def obs_cards(obs: np.ndarray, offset: int) -> np.ndarray:
    """A copy of the 54 counts at ``offset`` (``O_HAND``, ``O_SEEN``, …) as ``int8``."""
    out = np.empty(54, dtype=np.int8)
    for k in range(54):
        out[k] = obs[offset + k]
    return out


@njit(cache=True)
def obs_rows(obs: np.ndarray, offset: int) -> np.ndarray:
    """A copy of the 4 × 54 counts at ``offset`` (``O_TABLE`` or ``O_PLAYED``) as ``int8``."""
    out = np.empty((4, 54), dtype=np.int8)
    for s in range(4):
        for k in range(54):
            out[s, k] = obs[offset + 54 * s + k]
    return out


@njit(cache=True)
def obs_fmt(obs: np.ndarray) -> np.ndarray:
    """A copy of the lead's format."""
    out = np.empty(FMT_SIZE, dtype=np.int16)
    for i in range(FMT_SIZE):
        out[i] = obs[O_FMT + i]
    return out


@njit(cache=True)
def obs_get(obs: np.ndarray, field: int) -> int:
    """One scalar, ``I_…``."""
    return obs[O_INFO + field]
