"""Pieces every game's Python driver shares: a legal action and an event-log entry."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Action:
    """A legal choice: its engine code and a readable text (what ``legal_actions`` lists)."""

    code: int
    text: str

    def __int__(self) -> int:
        return self.code


@dataclasses.dataclass(frozen=True)
class Event:
    """One entry of the event log: ``kind`` (e.g. ``'摸'``, ``'碰'``), the seat, and a text."""

    kind: str
    seat: int
    text: str
