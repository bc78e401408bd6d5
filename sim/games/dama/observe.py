"""What a seat of 打马 sees: the board and the throw, laid out once in :data:`SPEC`.

打马 hides nothing on the board: every seat sees every horse, every 本采 and the 帖 so far.
What no seat sees is the dice still to come. :func:`fill_obs` writes the array the compiled
strategies get (the same in both drivers); :class:`Observation` is the named view a Python
strategy gets, built from that array.

>>> SPEC.offset("counts"), SPEC.size
(40, 512)
"""

from __future__ import annotations

import dataclasses

import numpy as np
from numba import njit

from sim.games.dama.board import N_STATIONS
from sim.games.dama.state import (
    BENCAI, CNT, CUR_THROW, HANGU_OPEN, HANGU_TAKER, MAXP, POT, R_HITTRUE, R_JIA0, R_JIAN, R_MOVE,
    R_NP, TIE,
)
from sim.games.dama.state import FEILONG as FEILONG_STATE
from sim.games.dama.throws import JIA_MOVE, KIND, NAMES, TOTAL, relation
from sim.games.spec import ObservationSpec, ObsField
from sim.games.spec import copy_words

_DTYPE = "int64"


def _fields() -> list[ObsField]:
    one = (
        ("seat", 0, "the seat deciding"),
        ("players", 1, "players at the board (2–5)"),
        ("throw", 2, "the throw to move on (index 0–55 of the throw table)"),
        ("total", 3, "its pips (3–18)"),
        ("relation", 4, "its relation to the seat's own 本采: 0 none, 1 傍 (same total), 2 真"),
        ("jia_move", 5, "how far a horse in a 夹 moves on it (0: it stays)"),
        ("kind", 6, "its class: 0 杂, 1 赏, 2 罚"),
        ("hangu_taker", 7, "the seat that took the 函谷关 half pot (-1: nobody yet)"),
        ("pot", 8, "帖 in the pot"),
        ("move_rule", 9, "0 horses_plus_steps, 1 whole_total, 2 split"),
        ("jia_first", 10, "the first 夹 station"),
        ("jia_count", 11, "how many 夹 stations"),
        ("hit_needs_true", 12, "1: a group hits only on its owner's 真本采"),
    )
    many = (
        ("bencai", 16, MAXP, "each seat's 真本采 (throw index; unused seats 0)"),
        ("hangu_open", 21, MAXP, "1 once a seat's ten have passed 函谷关"),
        ("feilong", 26, MAXP, "each seat's 飞龙院: 0 gathering, 1 all twenty there (stuck), 2 free"),
        ("tie", 31, MAXP, "each seat's net 帖 from throws, hits and fly-outs"),
        ("counts", 40, MAXP * N_STATIONS,
         f"horses of seat q on station s at q × {N_STATIONS} + s (0 off the board, 90 堑, 91 home)"),
    )
    return ([ObsField(n, o, 1, m, _DTYPE) for n, o, m in one]
            + [ObsField(n, o, k, m, _DTYPE) for n, o, k, m in many])


SPEC = ObservationSpec(_fields(), size=512)

(O_SEAT, O_PLAYERS, O_THROW, O_TOTAL, O_RELATION, O_JIA_MOVE, O_KIND, O_HANGU_TAKER, O_POT,
 O_MOVE_RULE, O_JIA_FIRST, O_JIA_COUNT, O_HIT_TRUE, O_BENCAI, O_HANGU_OPEN, O_FEILONG, O_TIE,
 O_COUNTS) = SPEC.offsets()
OBS_SIZE = SPEC.size
# the fields that are the state's words as they stand: (field, state word)
STATE_WORDS = np.array([(O_HANGU_TAKER, HANGU_TAKER), (O_POT, POT), (O_MOVE_RULE, R_MOVE),
                        (O_JIA_FIRST, R_JIA0), (O_JIA_COUNT, R_JIAN), (O_HIT_TRUE, R_HITTRUE)])


@njit(cache=True)
def fill_obs(st, p, obs) -> None:
    """The observation of player ``p``: the board and the throw, nothing else.

    Only the fields of :data:`SPEC` and the counts of the ``players`` seats are written; the
    rest of ``obs`` must be zero (the callers allocate it zeroed and the player count never
    changes within a game).
    """
    obs[:O_COUNTS] = 0
    n = st[R_NP]
    t = st[CUR_THROW]
    obs[O_SEAT] = p
    obs[O_PLAYERS] = n
    obs[O_THROW] = t
    obs[O_TOTAL] = TOTAL[t]
    obs[O_RELATION] = relation(t, st[BENCAI + p])
    obs[O_JIA_MOVE] = JIA_MOVE[t]
    obs[O_KIND] = KIND[t]
    copy_words(st, obs, STATE_WORDS)
    for q in range(n):
        obs[O_BENCAI + q] = st[BENCAI + q]
        obs[O_HANGU_OPEN + q] = st[HANGU_OPEN + q]
        obs[O_FEILONG + q] = st[FEILONG_STATE + q]
        obs[O_TIE + q] = st[TIE + q]
        for s in range(N_STATIONS):
            obs[O_COUNTS + q * N_STATIONS + s] = st[CNT + q * N_STATIONS + s]


@dataclasses.dataclass(frozen=True)
class Observation:
    """What a seat sees, by name (a Python strategy's ``observation``): the board is public.

    ``counts[q][s]`` is how many of seat ``q``'s horses stand on station ``s``; ``bencai``
    holds each seat's 真本采 by name; the throw is the one to move on now. ``array`` is a
    copy of the observation array the compiled strategies get; every other field is read
    from it.
    """

    seat: int
    players: int
    throw: str
    total: int
    relation: int
    jia_move: int
    kind: int
    hangu_taker: int
    pot: int
    move_rule: int
    jia: tuple[int, ...]
    hit_needs_true: bool
    bencai: tuple[str, ...]
    hangu_open: tuple[bool, ...]
    feilong: tuple[int, ...]
    tie: tuple[int, ...]
    counts: tuple[tuple[int, ...], ...]
    array: np.ndarray = dataclasses.field(repr=False, compare=False)

    @classmethod
    def from_array(cls, obs: np.ndarray) -> Observation:
        """The named view of an observation array laid out by :data:`SPEC`."""
        v = SPEC.view(obs)
        n = int(v["players"])

        def seats(name: str) -> tuple[int, ...]:
            return tuple(int(x) for x in v[name][:n])

        counts = v["counts"][: n * N_STATIONS].reshape(n, N_STATIONS)
        first, many = int(v["jia_first"]), int(v["jia_count"])
        return cls(
            seat=int(v["seat"]), players=n, throw=NAMES[int(v["throw"])], total=int(v["total"]),
            relation=int(v["relation"]), jia_move=int(v["jia_move"]), kind=int(v["kind"]),
            hangu_taker=int(v["hangu_taker"]), pot=int(v["pot"]), move_rule=int(v["move_rule"]),
            jia=tuple(range(first, first + many)), hit_needs_true=bool(v["hit_needs_true"]),
            bencai=tuple(NAMES[b] if b >= 0 else "" for b in seats("bencai")),
            hangu_open=tuple(bool(x) for x in seats("hangu_open")), feilong=seats("feilong"),
            tie=seats("tie"), counts=tuple(tuple(int(c) for c in row) for row in counts),
            array=obs.copy())
