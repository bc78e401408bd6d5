"""What every game's Python driver shares: actions, events, kernel players and the play loop."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from sim.errors import PaijuError, StrategyError


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


@dataclasses.dataclass(frozen=True)
class KernelPlayer:
    """A compiled strategy played through a Python driver (the same choices as in the batch)."""

    kernel: Callable[..., int]
    name: str = "kernel"


def kernel_player(game: str, name: str) -> KernelPlayer:
    """The registered compiled strategy ``name`` of ``game`` as a player for ``Game.play``."""
    from strategies.base import get_strategy

    return KernelPlayer(get_strategy(game, name).kernel, name)


def play_to_end(game: Any, players: Sequence[Callable[..., Any]], *, seats: int,
                kernel_code: Callable[[int, KernelPlayer], int]) -> Any:
    """Play ``game`` to its end with one player per seat and return its ``result``.

    A :class:`KernelPlayer` is asked through ``kernel_code(seat, player)`` (the game fills
    the seat's observation and calls the kernel); any other player is called as
    ``player(observation, legal_actions, rng)``. A player that raises is reported in one
    line with the hand's seed and how to replay it.
    """
    if len(players) != seats:
        raise PaijuError(f"give {seats} players, not {len(players)}")
    while not game.done:
        seat = game.actor
        player = players[seat]
        if isinstance(player, KernelPlayer):
            game.step(kernel_code(seat, player), who=f"strategy {player.name!r}")
            continue
        name = f"strategy {getattr(player, '__name__', type(player).__name__)!r}"
        try:
            choice = player(game.observation(seat), game.legal_actions(), game.rng)
        except Exception as exc:
            raise StrategyError(
                f"{name} (seat {seat}) raised {type(exc).__name__}: {exc} in hand seed "
                f"{game.seed}; replay it with Game(seed={game.seed}, dealer={game.dealer})"
            ) from exc
        game.step(choice, who=name)
    return game.result
