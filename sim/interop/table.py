"""What the interop adapters share: each game's action space, the map between a Discrete
action index and the engine's action codes, the observation's bounds, the hand's points
and the deal of a hand from a root seed.

The rule for the PettingZoo and Gymnasium adapters: **an action is the engine's code**
wherever a game's codes stay below :data:`CODE_LIMIT` (every game but 升级; the action space
is ``Discrete(ACTION_BOUNDS[game])`` and the mask marks the legal codes). 升级's codes name
sets of cards and reach past 2**46, so there **an action is an index into the seat's list
of legal actions** (the driver's order), padded to :data:`MAX_LEGAL`; the mask marks the
first ``len(legal)`` indices. Random play of 2,000 升级 hands (seed-preset rules, measured
with ``benchmarks/bench_interop.py --legal 2000 --games shengji``) met a decision with 1,993
listed plays (the first ten hands had at most 235), so
the list is padded to 8,192, four times that; no bound is proven, and a decision with more
raises a one-line error rather than dropping plays.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np

# The largest action code of each game's engine, plus one (OpenSpiel's num_distinct_actions).
ACTION_BOUNDS: dict[str, int] = {"dama": 32768, "fengshun": 816, "guangshui": 140, "pairs": 256,
                                 "tiandi": 512, "zipai": 512, "shengji": 2**31 - 1}
CODE_LIMIT = 2**15  # codes up to this bound are actions themselves
MAX_LEGAL = 8192  # the padded length of the legal-action list where codes are not actions
SKIP_LIMIT = 1000  # hands over at the deal skipped in a row before giving up


def points_of(result: Any) -> tuple[float, ...]:
    """The points per seat of a finished hand's result (every game's result has them)."""
    points = result["points"] if isinstance(result, dict) else getattr(result, "points")
    return tuple(float(p) for p in points)


@dataclasses.dataclass(frozen=True)
class ActionTable:
    """A game's Discrete action space: ``size`` actions, each a code (``by_code``) or an
    index into the legal list."""

    game: str
    size: int
    by_code: bool

    def mask(self, codes: Sequence[int]) -> np.ndarray:
        """The int8 mask of the legal actions, given the legal codes in the driver's order."""
        mask = np.zeros(self.size, dtype=np.int8)
        if self.by_code:
            mask[list(codes)] = 1
        else:
            if len(codes) > self.size:
                raise ValueError(f"{self.game} has {len(codes)} legal actions, more than the "
                                 f"{self.size} the action space holds")
            mask[:len(codes)] = 1
        return mask

    def code(self, action: Any, codes: Sequence[int]) -> int | None:
        """The engine code of ``action`` among the legal ``codes``, or ``None`` if illegal."""
        if isinstance(action, np.ndarray) and action.shape in ((), (1,)):
            action = action.reshape(()).item()
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            return None
        a = int(action)
        if self.by_code:
            return a if a in codes else None
        return int(codes[a]) if 0 <= a < len(codes) else None

    def action(self, code: int, codes: Sequence[int]) -> int:
        """The action index of the legal ``code``."""
        return int(code) if self.by_code else list(codes).index(int(code))


def action_table(game: str) -> ActionTable:
    """The action space of ``game`` under the rule of the module docstring."""
    bound = ACTION_BOUNDS[game]
    if bound <= CODE_LIMIT:
        return ActionTable(game, bound, True)
    return ActionTable(game, MAX_LEGAL, False)


def observation_bounds(spec: Any) -> tuple[float, float]:
    """Bounds of the float32 Box of an observation array with this spec's integer dtype
    (int16: its range; wider: ±2**31)."""
    info = np.iinfo(spec.dtype)
    if info.bits <= 16:
        return float(info.min), float(info.max)
    return -float(2**31), float(2**31)


def observed(driver: Any, seat: int) -> np.ndarray:
    """``seat``'s observation array as float32 (a fresh array)."""
    return np.asarray(driver.observation_array(seat), dtype=np.float32)


def game_rules(info: Any, preset: str | None, options: dict[str, Any]) -> Any:
    """The rules object of a preset (default ``seed``) and rule options (one-line errors)."""
    return info.rules.from_options(preset=preset or "seed", overrides=options)


def deal(info: Any, rules: Any, root_seed: int, hand: int) -> tuple[int, Any]:
    """``(hand, driver)``: hand ``hand`` of a run with ``root_seed`` (the deal of OpenSpiel's
    chance outcome ``hand``), or the first hand after it that is not over at the deal (a
    natural win, say, leaves no decision to anyone)."""
    for h in range(int(hand), int(hand) + SKIP_LIMIT):
        driver = info.new_game(seed=info.driver._run_seed(int(root_seed), h), rules=rules)
        if not driver.done:
            return h, driver
    raise ValueError(f"{info.name}: {SKIP_LIMIT} hands in a row from hand {hand} of root seed "
                     f"{root_seed} end at the deal")
