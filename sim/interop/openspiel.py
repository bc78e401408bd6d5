"""Every paiju game as an OpenSpiel game: importing this module registers ``paiju_<game>``.

>>> import pyspiel, sim.interop.openspiel  # doctest: +SKIP
>>> game = pyspiel.load_game("paiju_pairs(preset=doushisi)")  # doctest: +SKIP

A game's parameters are ``preset`` (a preset of its rules), its rule options by name and
``chance``, how the hand is dealt:

- ``chance=cards`` (the default): every chance event is a chance node. The deck is dealt one
  card per node (outcome: the card's kind, with probability its copies left over the cards
  left), then any other draw of the deal (升级: the seat dealt first), then the hand starts
  exactly as its engine deals that arrangement (:mod:`sim.games.chance`); 打马's dice are a
  chance node at every throw. Algorithms that sample or enumerate chance see the real odds.
- ``chance=deals``: one chance node picks one of ``deals`` seeded deals, uniformly: outcome
  ``d`` is the deal of hand ``d`` of a paiju run with root seed ``seed``, the same cards as
  that hand's row (and 打马's dice come from that hand's stream).

After the deal the hand is the game's Python driver: actions are the engine's codes (升级's:
an index into the seat's legal list), strings are the driver's texts, observation and
information-state tensors the seat's observation array (laid out by the game's observation
spec), ``resample_from_infostate`` the driver's ``resample`` and the returns the hand's points.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sim.interop import require

pyspiel = require("pyspiel")

from sim.errors import OptionError  # noqa: E402
from sim.games import game_names, get_game  # noqa: E402
from sim.games.chance import chance_outcomes  # noqa: E402
from sim.interop.table import ACTION_BOUNDS, action_table, points_of  # noqa: E402,F401

MAX_DECISIONS = 2000  # decisions in a hand (打马: one at most per throw, up to its throw_limit)
MAX_REDEALS = 100  # deals a hand may throw in (跑胡子's redeal stops at 100)
DEFAULT_DEALS = 1024
CHANCE_MODES = ("cards", "deals")


def _parameters(name: str) -> dict[str, Any]:
    """The OpenSpiel parameters of game ``name``: preset, its rule options, seed, deals."""
    info = get_game(name)
    params: dict[str, Any] = {"preset": "seed", "chance": "cards", "seed": 0,
                              "deals": DEFAULT_DEALS}
    for option, field in info.rules.option_fields().items():
        default = field.default
        if isinstance(default, str) and default.lstrip("-").isdigit():
            continue  # OpenSpiel would read it back as a number; give it in the game string
        if isinstance(default, (bool, int, float, str)):
            params[option] = default
    return params


def _game_type(name: str) -> Any:
    return pyspiel.GameType(
        short_name=f"paiju_{name}", long_name=f"paiju {get_game(name).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=8, min_num_players=2,  # seats follow the rules (players=)
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=_parameters(name))


class PaijuGame(pyspiel.Game):
    """One paiju game with its rules, as an OpenSpiel game."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        self.name = name
        self.info = get_game(name)
        values = {**_parameters(name), **(params or {})}
        self.root_seed = int(values.pop("seed"))
        self.deals = int(values.pop("deals"))
        self.chance = str(values.pop("chance"))
        if self.chance not in CHANCE_MODES:
            raise OptionError(f"paiju_{name}: chance={self.chance!r} is not one of "
                              f"{', '.join(CHANCE_MODES)} (cards: card by card; deals: seeded deals)")
        preset = str(values.pop("preset"))
        # OpenSpiel hands every parameter over: an option differing from its default overrides
        # the preset (one set to its default under a preset that changes it is the preset's)
        base = _parameters(name)
        overrides = {k: v for k, v in values.items() if v != base.get(k)}
        self.rules = self.info.rules.from_options(preset=preset, overrides=overrides)
        sample = self.info.new_game(seed=0, rules=self.rules)
        self.seats = int(sample._n_seats)
        spec = self.info.observation_spec
        self.table = action_table(name)  # 升级: actions index the legal list (sim.interop.table)
        self.dice = False  # whether a hand waits for chance in play (打马's throws)
        outcomes, chance_steps = self._chance_bounds()
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.table.size, max_chance_outcomes=outcomes,
            num_players=self.seats, min_utility=-1e7, max_utility=1e7, utility_sum=None,
            max_game_length=(self._throws() or MAX_DECISIONS) + chance_steps)
        super().__init__(_game_type(name), game_info, dict(params or {}))
        self.tensor_size = int(spec.size)

    def new_deal(self) -> Any:
        """The card-by-card deal of a new hand (:class:`sim.games.chance.CardDeal`)."""
        return self.info.driver.chance_deal(rules=self.rules, dealer=0)

    def _chance_bounds(self) -> tuple[int, int]:
        """(the most outcomes a chance node has, the most chance nodes in a hand)."""
        if self.chance == "deals":
            return self.deals, 1
        deal = self.new_deal()
        kinds = max([len(deal.counts), *deal.extras_sizes, 1])
        per_deal = deal.size + len(deal.extras_sizes)
        steps = per_deal * (MAX_REDEALS + 1)
        dealt = deal.play_out(np.random.default_rng(0))
        dice = len(chance_outcomes(dealt))
        if dice:
            self.dice = True
            kinds, steps = max(kinds, dice), steps + self._throws()
        return kinds, steps

    def _throws(self) -> int:
        """The most throws of a game with dice (打马: its throw_limit, with the 本采 throws
        at the start; 0 for a card game)."""
        limit = getattr(self.rules, "throw_limit", 0)
        return int(limit) + 100 if limit else 0

    def __deepcopy__(self, memo: dict) -> PaijuGame:
        # a game never changes: a copied state keeps the same game (a copy of the wrapper
        # would lose its Python attributes: the rules, the action table)
        return self

    def new_initial_state(self) -> PaijuState:
        """A hand before its deal (a chance node)."""
        return PaijuState(self)

    def state_of(self, driver: Any) -> PaijuState:
        """An OpenSpiel state over a dealt driver game (e.g. a search's sampled world)."""
        return PaijuState(self, driver=driver)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SeatObserver:
        """The observer of a seat: its observation array and text."""
        return SeatObserver(self.tensor_size)


class _Listed:
    """A state's legal actions and codes, listed once per decision. A copy of the state
    starts with none listed (they are the driver's to list again), so that a copy costs
    the same however many legal actions the decision has (OpenSpiel copies every state of
    its walks, each of its attributes deeply)."""

    __slots__ = ("actions", "codes")

    def __init__(self) -> None:
        self.actions: list[Any] | None = None
        self.codes: list[int] | None = None

    def __deepcopy__(self, memo: dict) -> _Listed:
        return _Listed()


class PaijuState(pyspiel.State):
    """A hand of a paiju game: a chance node (the deal), then the Python driver."""

    def __init__(self, game: PaijuGame, *, driver: Any = None) -> None:
        super().__init__(game)
        self.paiju = game
        self.driver: Any = driver
        self.dealing: Any = None  # the card-by-card deal, made when first asked for
        self._undealt = driver is None and game.chance == "cards"
        self._listed = _Listed()  # the seat's legal actions and codes, until the next step

    def _deal(self) -> Any:
        """The card-by-card deal in progress (made on first use: OpenSpiel makes many states
        only to copy others into); the hand is the driver once the last card is drawn."""
        if self._undealt:
            self._undealt = False
            self.dealing = self.paiju.new_deal()
        if self.dealing is not None and self.dealing.done:
            self.driver, self.dealing = self.dealing.game, None
        return self.dealing

    def _actions(self) -> list[Any]:
        """The driver's legal actions of the seat to act (listed once per decision: OpenSpiel
        asks for them, their codes and their texts many times)."""
        if self._listed.actions is None:
            if self.driver is None:
                self._deal()
            self._listed.actions = list(self.driver.legal_actions())
        return self._listed.actions

    def _codes(self) -> list[int]:
        """The legal codes of the seat to act (no texts: listed once per decision)."""
        if self._listed.codes is None:
            if self.driver is None:
                self._deal()
            self._listed.codes = list(self.driver.legal_codes())
        return self._listed.codes

    def _chance_now(self) -> bool:
        """Whether the state is a chance node (the deal, or a throw due in play)."""
        if self.driver is None:
            self._deal()
            if self.driver is None:
                return True
        return self.paiju.dice and bool(chance_outcomes(self.driver))

    def current_player(self) -> int:
        """The seat to act, the chance player before the deal, or terminal."""
        if self._chance_now():
            return pyspiel.PlayerId.CHANCE
        if self.driver.done:
            return pyspiel.PlayerId.TERMINAL
        return int(self.driver.actor)

    def _legal_actions(self, player: int) -> list[int]:
        codes = self._codes()
        if self.paiju.table.by_code:
            return sorted(codes)
        if len(codes) > self.paiju.table.size:
            raise ValueError(f"{self.paiju.name} has {len(codes)} legal actions, more than the "
                             f"{self.paiju.table.size} its action space holds")
        return list(range(len(codes)))

    def code_of(self, action: int) -> int:
        """The engine code of OpenSpiel action ``action`` (the action itself, or 升级's index
        into the seat's legal list)."""
        if self.paiju.table.by_code:
            return int(action)
        return self._codes()[int(action)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card's kinds, the dice of a throw, or the seeded deals (uniform)."""
        self._deal()
        if self.driver is not None:
            return chance_outcomes(self.driver)
        if self.dealing is not None:
            return self.dealing.outcomes()
        p = 1.0 / self.paiju.deals
        return [(d, p) for d in range(self.paiju.deals)]

    def _apply_action(self, action: int) -> None:
        if self.driver is None:
            self._deal()
        if self.driver is None and self.dealing is not None:
            self.dealing.apply(int(action))
            self._deal()
        elif self.driver is None:
            seed = self.paiju.info.driver._run_seed(self.paiju.root_seed, int(action))
            self.driver = self.paiju.info.new_game(seed=seed, rules=self.paiju.rules)
        elif self.paiju.dice and chance_outcomes(self.driver):
            self.driver.apply_chance(int(action))
        else:
            self.driver.step(self.code_of(action), who="OpenSpiel")
        self._listed = _Listed()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            self._deal()
            if self.driver is None and self.dealing is not None:
                return self.dealing.text(int(action))
            if self.driver is not None:
                text = getattr(self.driver, "chance_text", None)
                return text(int(action)) if text else f"throw {action}"
            return f"deal {action}"
        legal = self._actions()
        if not self.paiju.table.by_code:
            return legal[int(action)].text if 0 <= int(action) < len(legal) else f"action {action}"
        for a in legal:
            if a.code == int(action):
                return a.text
        return f"action {action}"

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        if self.driver is None:
            self._deal()
        return self.driver is not None and self.driver.done

    def returns(self) -> list[float]:
        """The hand's points per seat (zeros until it ends)."""
        if not self.is_terminal():
            return [0.0] * self.paiju.seats
        return list(points_of(self.driver.result))

    def resample_world(self, player: int, gen: np.random.Generator) -> PaijuState:
        """A copy in which everything ``player`` has not seen is redrawn from ``gen``."""
        if self.driver is None:
            return self.clone()
        return self.paiju.state_of(self.driver.resample(player, gen))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> PaijuState:
        """The driver's resample for ``player_id``, seeded from ``probability_sampler``."""
        seed = int(float(probability_sampler()) * 2**53)
        return self.resample_world(int(player_id), np.random.default_rng(seed))

    def __str__(self) -> str:
        self._deal()
        if self.driver is None and self.dealing is not None:
            return f"dealing: {len(self.dealing.order)} of {self.dealing.size} cards dealt"
        return "before the deal" if self.driver is None else str(self.driver)


class SeatObserver:
    """A seat's view: the observation array of the game's spec and the observation's text
    (the same for the information state: what the seat has seen is in its observation)."""

    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: PaijuState, player: int) -> None:
        """Fill the tensor with ``player``'s observation array (zeros before the deal)."""
        self.tensor.fill(0)
        if state.driver is None:
            state._deal()
        if state.driver is not None:
            self.tensor[:] = state.driver.observation_array(player)

    def string_from(self, state: PaijuState, player: int) -> str:
        """``player``'s observation in the game's notation."""
        state._deal()
        if state.driver is None:
            return f"seat {player} before the deal"
        return f"seat {player} " + str(state.driver.observation(player))


def _game_class(name: str) -> type[PaijuGame]:
    """A subclass of :class:`PaijuGame` for game ``name`` (OpenSpiel registers classes)."""

    def __init__(self: PaijuGame, params: dict[str, Any] | None = None) -> None:
        PaijuGame.__init__(self, name, params)

    return type(f"Paiju_{name}", (PaijuGame,), {"__init__": __init__})


def register_all() -> list[str]:
    """Register ``paiju_<game>`` for every paiju game (done on import); returns the names."""
    names = []
    for name in game_names():
        if name not in ACTION_BOUNDS:
            continue
        pyspiel.register_game(_game_type(name), _game_class(name))
        names.append(f"paiju_{name}")
    return names


REGISTERED = register_all()
