"""What one seat may see when it must play, and nothing more: the observation array
(:data:`SPEC`) and its readable view (:class:`Observation`).

The engine (both drivers) fills one ``int16`` array for the deciding seat and hands it to
the compiled strategy, never its own state. Its fields are declared once in :data:`SPEC`
(``GameInfo.observation_spec``); the module constants ``O_…`` are their offsets, and the
public scalars from ``O_INFO`` on are read with ``obs_get(obs, I_…)``: mode, seat, leader,
level, trump, 庄家, trick number, attacker and defender points taken, the seat winning the
trick so far, the trick's points, ``two_quads_answer``, plays made to this trick.

Other seats' cards never enter it, so changing them cannot change an observation
(``tests/shengji/test_shengji_observe.py``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from numba import njit

from sim.games.shengji.cards import N_KINDS, SUITS
from sim.games.shengji.combos import F_FIRST, F_PARTS, FMT_SIZE, PART_SIZE
from sim.games.shengji.order import N_ESUITS, Order
from sim.games.spec import ObservationSpec

_INFO = (
    ("mode", "0 to lead, 1 to follow"),
    ("seat", "the seat deciding"),
    ("leader", "the seat that led this trick"),
    ("level", "the level played (2–14, A = 14)"),
    ("trump", "the trump suit (0–3: S H C D)"),
    ("zhuang", "the 庄家 seat"),
    ("trick", "tricks finished so far"),
    ("attacker_points", "points the attackers have taken"),
    ("defender_points", "points the 庄家 side has taken"),
    ("winner", "the seat winning this trick so far"),
    ("table_points", "points on the table in this trick"),
    ("two_quads", "1 if two quads answer a four-pair tractor (rule two_quads_answer)"),
    ("n_played", "plays made to this trick"),
)
SPEC = ObservationSpec.build("int16", [
    ("hand", N_KINDS, "the seat's own card counts by kind"),
    ("table", 4 * N_KINDS, "the cards played to this trick, 4 rows of 54 by seat"),
    ("seen", N_KINDS, "the cards of the finished tricks"),
    ("played", 4 * N_KINDS, "the cards each seat played in finished tricks, 4 rows of 54"),
    ("fmt", FMT_SIZE, "the lead's format (combos.F_…; zeros when leading)"),
    ("void", 4 * N_ESUITS, "per seat, 5 flags: shown void in effective suit e (4 = trumps)"),
    ("count", 4, "how many cards each seat holds"),
] + [(name, 1, meaning) for name, meaning in _INFO])

O_HAND = SPEC.offset("hand")
O_TABLE = SPEC.offset("table")
O_SEEN = SPEC.offset("seen")
O_PLAYED = SPEC.offset("played")
O_FMT = SPEC.offset("fmt")
O_VOID = SPEC.offset("void")
O_COUNT = SPEC.offset("count")
O_INFO = SPEC.offset("mode")
(I_MODE, I_SEAT, I_LEADER, I_LEVEL, I_TRUMP, I_ZHUANG, I_TRICK, I_ATTACKER_POINTS,
 I_DEFENDER_POINTS, I_WINNER, I_TABLE_POINTS, I_TWO_QUADS, I_N_PLAYED) = range(len(_INFO))
N_INFO = len(_INFO)
OBS_SIZE = SPEC.size


@dataclasses.dataclass(frozen=True)
class Observation:
    """What one seat may see, readable: its hand, the table, the lead and the public state.

    ``hand`` and ``table`` are in card notation; ``hand_counts``, ``table_counts``,
    ``seen``, ``fmt``, ``info`` and ``order`` are copies of the engine's arrays; ``array``
    is the observation array a compiled strategy reads (:data:`SPEC`). ``obs["hand"]`` and
    the other keys of the former dict still give those arrays.
    """

    seat: int
    phase: str
    level: int
    trump: str
    zhuang: int
    leader: int
    hand: str
    table: tuple[str, ...]
    hand_counts: np.ndarray
    table_counts: np.ndarray
    seen: np.ndarray
    fmt: np.ndarray
    info: np.ndarray
    order: Order
    array: np.ndarray

    _ARRAYS = {"hand": "hand_counts", "table": "table_counts", "obs": "array"}

    def __getitem__(self, key: str) -> Any:
        if key == "trump":
            return SUITS.index(self.trump)
        return getattr(self, self._ARRAYS.get(key, key))


@njit(cache=True, inline="always")
def fill_obs(obs: np.ndarray, mode: int, seat: int, hands: np.ndarray, table: np.ndarray,
             played: np.ndarray, fmt: np.ndarray, voids: np.ndarray, info: np.ndarray) -> None:
    """Fill ``obs`` for ``seat``; ``info`` holds the public scalars (``I_…`` order, mode and
    seat excepted, which this function writes). Only ``hands[seat]`` is read of the hands,
    besides each hand's size."""
    for k in range(N_KINDS):
        obs[O_HAND + k] = hands[seat, k]
    seen = O_SEEN
    for k in range(N_KINDS):
        obs[seen + k] = 0
    for s in range(4):
        c = 0
        for k in range(N_KINDS):
            obs[O_TABLE + N_KINDS * s + k] = table[s, k]
            obs[O_PLAYED + N_KINDS * s + k] = played[s, k]
            obs[seen + k] += played[s, k]
            c += hands[s, k]
        obs[O_COUNT + s] = c
        for e in range(N_ESUITS):
            obs[O_VOID + N_ESUITS * s + e] = voids[s, e]
    # the format's used entries; beyond them zeros (clearing what an earlier fill left)
    old = F_FIRST + PART_SIZE * obs[O_FMT + F_PARTS]
    used = F_FIRST + PART_SIZE * fmt[F_PARTS] if mode == 1 else 0
    for i in range(used):
        obs[O_FMT + i] = fmt[i]
    for i in range(used, max(old, F_FIRST)):
        obs[O_FMT + i] = 0
    for i in range(N_INFO):
        obs[O_INFO + i] = info[i]
    obs[O_INFO + I_MODE] = mode
    obs[O_INFO + I_SEAT] = seat


@njit(cache=True)
def obs_cards(obs: np.ndarray, offset: int) -> np.ndarray:
    """A copy of the 54 counts at ``offset`` (``O_HAND``, ``O_SEEN``, …) as ``int8``."""
    out = np.empty(N_KINDS, dtype=np.int8)
    for k in range(N_KINDS):
        out[k] = obs[offset + k]
    return out


@njit(cache=True)
def obs_rows(obs: np.ndarray, offset: int) -> np.ndarray:
    """A copy of the 4 × 54 counts at ``offset`` (``O_TABLE`` or ``O_PLAYED``) as ``int8``."""
    out = np.empty((4, N_KINDS), dtype=np.int8)
    for s in range(4):
        for k in range(N_KINDS):
            out[s, k] = obs[offset + N_KINDS * s + k]
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
