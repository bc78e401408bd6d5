"""The 打马 event log in words and data: one :class:`~sim.games.driver.Event` per engine row.

The engine logs rows ``(kind, seat, a, b, c, d)`` (:mod:`.state`); :func:`event` names
them. ``amounts`` hold the numbers of the event: the three dice of a throw, the horses and
stations of a move, and for 帖 and pots what every seat gains or pays (one value a seat).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from sim.games.dama import state as S
from sim.games.dama.throws import DICE, throw_at
from sim.games.driver import Event

END_NAMES = {0: "draw", 1: "细满", 2: "麤满"}
KINDS = ("bencai", "throw", "enter", "move", "hit", "tie", "pot", "fly", "gate", "extra", "end")
_TIE_REASONS = ("own 赏/本采", "another's 本采", "撞", "罚", "hit", "fly-out")
_POT_REASONS = ("函谷关 half pot", "half pot for hitting every horse", "细满", "麤满", "draw")


def _seat_flows(players: int, seat: int, gain: int, others: int = 0) -> tuple[int, ...]:
    """Per seat: ``gain`` to ``seat``, ``others`` to everyone else."""
    return tuple(gain if q == seat else others for q in range(players))


def _pot_flows(players: int, st: np.ndarray, seat: int, amount: int, reason: int,
               second: int) -> tuple[int, ...]:
    """What each seat gains from one pot event (a draw shares the pot; 细满's second pot is
    refilled by everyone, so the others pay the stake and the winner nets the rest)."""
    if reason == S.POT_DRAW:
        return tuple(amount // players + (1 if q < amount % players else 0) for q in range(players))
    if reason == S.POT_XIMAN and second:
        stake = int(st[S.R_STAKE])
        return _seat_flows(players, seat, amount - stake, -stake)
    return _seat_flows(players, seat, amount)


def event(row: tuple[int, ...], *, players: int, st: np.ndarray,
          station: Callable[[int], str]) -> Event:
    """The engine's event ``row`` as an :class:`Event` (``station`` names a station)."""
    kind, seat, a, b, c, d = row
    name = KINDS[kind]
    amounts: tuple[int, ...] = ()
    if kind in (S.EV_BENCAI, S.EV_THROW):
        text, amounts = str(throw_at(a)), tuple(int(x) for x in DICE[a])
    elif kind == S.EV_ENTER:
        text, amounts = f"enters {a} at 赤岸驿 (batch {b})", (a, b)
    elif kind == S.EV_MOVE:
        text = f"moves {c} from {station(a)} to {station(b)}" + (" (past 尚乘局)" if d else "")
        amounts = (c, a, b)
    elif kind == S.EV_HIT:
        text, amounts = f"hits {c} of seat {a} on {station(b)}", (c, a, b)
    elif kind == S.EV_TIE:
        text = f"pays seat {a} {b} 帖 ({_TIE_REASONS[c]})"
        amounts = tuple(-b if q == seat else (b if q == a else 0) for q in range(players))
    elif kind == S.EV_POT:
        text = f"takes {a} 帖 from the pot ({_POT_REASONS[b]})"
        amounts = _pot_flows(players, st, seat, a, b, c)
    elif kind == S.EV_FLY:
        text, amounts = f"{a} fly out of the 堑 (batch {b})", (a, b)
    elif kind == S.EV_GATE:
        text, amounts = f"{station(a)} {'gathered' if b == 1 and a == 82 else 'open'}", (a,)
    elif kind == S.EV_EXTRA:
        text = "throws again"
    else:
        text = f"game over: {END_NAMES[a]}"
    return Event(name, int(seat), text, amounts=tuple(int(x) for x in amounts))
