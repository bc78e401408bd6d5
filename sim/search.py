"""Search strategies: players that look ahead in sampled worlds instead of reading a policy.

A search strategy chooses by trying actions in worlds that agree with everything its seat
has seen: the game's :meth:`~sim.games.driver.DriverGame.resample` (and, in the compiled
engines, the game's own compiled resample) redraws every card the seat cannot see from
the cards it has not seen. That is the only way a search touches the hand's state, so
what it chooses depends on the seat's information alone; each game's tests check that by
asking the same question of a hand and of a resample of it.

Two kinds exist, and both are ordinary strategies of the registry:

* a **compiled search** (:class:`SearchParams` as its ``params``): the game's batch
  driver runs it inside the hand loop (K sampled worlds × the candidate actions, each
  played to the end by a compiled rollout policy); the Python driver asks the same
  compiled function through :class:`SearchPlayer`, so both make the same choices;
* a **Python searcher** (``StrategyInfo.searcher``): ``search(view, rng) -> action``,
  given a :class:`SeatView` — the seat's observation, its legal actions and
  :meth:`SeatView.world`, a sampled world to look ahead in (a whole game, any number of
  times).

Parameters are written after the name in the form of OpenSpiel's game strings,
``search(k=32,width=4)``; :func:`sim.registry.get_strategy` reads them into the
strategy's parameter dataclass.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import numpy as np


@dataclasses.dataclass(frozen=True, kw_only=True)
class SearchParams:
    """The parameters of a compiled sampled-world search.

    ``k`` worlds are sampled at each decision with more than one legal action; in each,
    every candidate action is played and the hand finished by ``rollout`` in every seat
    (empty: the game's default, strongest policy); the action with the best mean result
    for the deciding seat is taken. ``width`` > 0 keeps only that many candidates, the
    rollout policy's own choice first (the game's documentation says how it ranks the
    rest); 0 tries every legal action."""

    k: int = 16
    width: int = 0
    rollout: str = ""

    def __post_init__(self) -> None:
        from sim.errors import OptionError

        if self.k < 1:
            raise OptionError(f"search needs k >= 1 sampled worlds, not {self.k}")
        if self.width < 0:
            raise OptionError(f"search width is 0 (every action) or a positive count, not {self.width}")


def is_compiled_search(info: Any) -> bool:
    """Whether a registered strategy is a compiled search (its params are :class:`SearchParams`)."""
    return isinstance(getattr(info, "params", None), SearchParams)


@dataclasses.dataclass(frozen=True)
class SearchPlayer:
    """A compiled search played through a Python driver (the batch's choices): the driver's
    ``_search_code(seat, player)`` runs the game's compiled search on its own state."""

    params: SearchParams
    name: str = "search"


@dataclasses.dataclass(frozen=True)
class Searcher:
    """A Python searcher played through a Python driver: ``search(view, rng)``."""

    search: Callable[["SeatView", np.ndarray], Any]
    name: str = "searcher"


class SeatView:
    """What a Python searcher gets for one decision: the seat, its observation and legal
    actions, and sampled worlds to look ahead in. It holds the game, but gives out only
    copies resampled for the seat."""

    __slots__ = ("seat", "observation", "legal", "_game")

    def __init__(self, game: Any, seat: int) -> None:
        self.seat = int(seat)
        self.observation = game.observation(seat)
        self.legal = game.legal_actions()
        self._game = game

    def world(self, rng: np.random.Generator) -> Any:
        """A whole game in which everything this seat has not seen is redrawn from ``rng``:
        the seat's observation is the same, and the hand plays on from the same decision."""
        return self._game.resample(self.seat, rng)


def numpy_generator(rng: np.ndarray) -> np.random.Generator:
    """A numpy generator seeded by one draw of the hand's strategy generator ``rng`` (the
    ``rng`` a strategy is handed), for :meth:`SeatView.world`: same hand, same worlds."""
    from sim.rng import next_u64

    return np.random.default_rng(int(next_u64(rng)))


def parse_strategy_text(text: str) -> tuple[str, dict[str, str]]:
    """``"search(k=32,width=4)"`` → ``("search", {"k": "32", "width": "4"})``; a plain name
    has no parameters. Raises a one-line error on a malformed text."""
    from sim.errors import OptionError

    text = text.strip()
    if "(" not in text:
        if ")" in text:
            raise OptionError(f"cannot read strategy {text!r}: a ')' without '('")
        return text, {}
    name, _, rest = text.partition("(")
    if not rest.endswith(")") or ")" in rest[:-1] or "(" in rest:
        raise OptionError(f"cannot read strategy {text!r}; write parameters as name(key=value,...)")
    params: dict[str, str] = {}
    body = rest[:-1].strip()
    for item in body.split(",") if body else []:
        key, eq, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not key or not value:
            raise OptionError(f"cannot read {item.strip()!r} in strategy {text!r}; write key=value")
        if key in params:
            raise OptionError(f"strategy {text!r} sets {key!r} twice")
        params[key] = value
    return name.strip(), params


def bind_params(default: Any, values: dict[str, str], *, strategy: str) -> Any:
    """``default`` (a frozen parameter dataclass) with ``values`` read by its fields' types;
    a one-line error names an unknown key or a value of the wrong kind."""
    from sim.errors import OptionError

    if not dataclasses.is_dataclass(default):
        raise OptionError(f"strategy {strategy!r} takes no parameters")
    fields = {f.name: f for f in dataclasses.fields(default)}
    changes: dict[str, Any] = {}
    for key, raw in values.items():
        if key not in fields:
            raise OptionError(f"strategy {strategy!r} has no parameter {key!r}; it has "
                              f"{', '.join(fields)}")
        kind = type(getattr(default, key))
        try:
            if kind is bool:
                if raw.lower() not in ("true", "false", "1", "0"):
                    raise ValueError(raw)
                changes[key] = raw.lower() in ("true", "1")
            else:
                changes[key] = kind(raw)
        except ValueError:
            raise OptionError(f"strategy {strategy!r}: {key}={raw!r} is not a {kind.__name__}") from None
    return dataclasses.replace(default, **changes)


def split_strategies(text: str) -> list[str]:
    """A comma-separated list of strategy names, commas inside parentheses kept:
    ``"search(k=8,width=2),strong"`` → ``["search(k=8,width=2)", "strong"]`` (an empty
    item stays, as ``""``, for the caller to refuse or drop)."""
    out, depth, word = [], 0, []
    for ch in text:
        if ch == "," and depth == 0:
            out.append("".join(word).strip())
            word = []
            continue
        depth += (ch == "(") - (ch == ")")
        word.append(ch)
    out.append("".join(word).strip())
    return out


def canonical_text(name: str, values: dict[str, str]) -> str:
    """The stored name of a parametrised strategy: ``name(k=v,...)`` in the order given."""
    if not values:
        return name
    return f"{name}(" + ",".join(f"{k}={v}" for k, v in values.items()) + ")"


def sampled_world_choice(view: SeatView, rng: np.ndarray, *, k: int,
                         rollout: list[Any], score: Callable[[Any, int], float]) -> Any:
    """The legal action of ``view`` with the best mean ``score(game, seat)`` over ``k``
    sampled worlds, each candidate played to the end by ``rollout`` (one player per seat,
    as ``Game.play`` takes them); ties go to the earlier action. The plain Python form of
    the search every compiled one follows: slow, but it fits any game with ``resample``."""
    from sim.rng import generator_state

    if len(view.legal) == 1:
        return view.legal[0]
    gen = numpy_generator(rng)
    totals = np.zeros(len(view.legal))
    for _ in range(k):
        world = view.world(gen)
        for i, action in enumerate(view.legal):
            trial = world.clone()
            trial.rng = generator_state(gen)
            trial.step(action.code, who="search")
            if not trial.done:
                trial.play(rollout)
            totals[i] += score(trial, view.seat)
    return view.legal[int(np.argmax(totals))]
