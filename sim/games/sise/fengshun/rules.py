"""丰顺四色 house rules: the ``seed`` preset and its options.

See ``docs/rules/fengshun.md`` for what each option means.

>>> FengshunRules.from_options(overrides={"min_score": "10"}).min_score
10
>>> FengshunRules.from_options(overrides={"sequences": "all"})
Traceback (most recent call last):
...
sim.errors.OptionError: fengshun option sequences=all is not allowed; choose one of fixed, consecutive
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import numpy as np

from sim.rules import RuleSet, VectorLayout, option


@dataclasses.dataclass(frozen=True, kw_only=True)
class FengshunRules(RuleSet):
    """The options of 丰顺四色 (defaults = preset ``seed``)."""

    GAME: ClassVar[str] = "fengshun"
    PRESETS: ClassVar[dict[str, dict]] = {
        "seed": {},
        "hakka": {"multicolour": "zu", "jss_value": 2, "min_score": 9, "redeal": True},
    }

    sequences: str = option(
        "fixed", choices=("fixed", "consecutive"),
        doc="which same-colour triples are sequences: 将士相 and 车马炮 only (fixed), or any three "
            "consecutive ranks (consecutive: also 士相车, 相车马, 车马炮, 马炮卒)",
    )
    multicolour: str = option(
        "any", choices=("any", "zu"),
        doc="which ranks form the three- and four-colour sets: any rank but 将 (any), or 卒 only (zu)",
    )
    jss_value: int = option(1, choices=(1, 2), doc="the value of a same-colour 将士相")
    min_score: int = option(
        0, minimum=0, maximum=60,
        doc="the least score a complete hand needs to 和 (0: any complete hand wins)",
    )
    stock_out: str = option(
        "draw", choices=("draw", "highest"),
        doc="when the stock runs out: nobody wins (draw), or the highest score of the grouped "
            "cards wins, a tie for the top being a draw (highest)",
    )
    redeal: bool = option(
        False, doc="redeal when some hand holds no three identical cards and no 将",
    )
    players: int = option(3, choices=(2, 3, 4),
                          doc="players at the table: 3 (seed) or 4; 2 only with two decks")
    decks: int = option(1, choices=(1, 2),
                        doc="decks shuffled together: 1 (seed, 112 cards) or 2 (224 cards, 8 copies)")
    draw: str = option(
        "hand", choices=("hand", "open"),
        doc="a card drawn from the wall goes into the drawer's hand unseen (hand, seed), or is "
            "turned up and offered in seat order from the drawer, as in 广水 (open)",
    )
    dealer_rule: str = option(
        "seed", choices=("seed", "dice"),
        doc="who deals: hands chained in sessions, the first dealt by the dice, each later one by "
            "the previous hand's single winner, or its 点炮 player when several won, or the dice "
            "again after a draw (seed); or every hand's own dice (dice)",
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        from sim.errors import OptionError

        if self.players == 2 and self.decks != 2:
            raise OptionError("fengshun option players=2 needs decks=2 (one deck is for 3 or 4 "
                              "players); add --rule decks=2 or choose players=3 or 4")


# The engine's rules vector (cfg): one named slot per option the kernels read, and one spare
# (the state keeps all eight).
N_CFG = 8
LAYOUT = VectorLayout("min_score", "stock_out_highest", "redeal", "players", "decks", "draw_open",
                      "dealer_seed", size=N_CFG)
CFG_MIN = LAYOUT.offset("min_score")
CFG_HIGHEST = LAYOUT.offset("stock_out_highest")
CFG_REDEAL = LAYOUT.offset("redeal")
CFG_SEATS = LAYOUT.offset("players")
CFG_DECKS = LAYOUT.offset("decks")
CFG_OPEN = LAYOUT.offset("draw_open")
CFG_DEALER = LAYOUT.offset("dealer_seed")  # 1: dealer_rule=seed, hands chained in sessions


def rules_vector(rules: FengshunRules) -> np.ndarray:
    """The rules as the engine's ``int64`` ``cfg`` vector (offsets ``CFG_*``)."""
    return LAYOUT.build(min_score=rules.min_score, stock_out_highest=rules.stock_out == "highest",
                        redeal=rules.redeal, players=rules.players, decks=rules.decks,
                        draw_open=rules.draw == "open", dealer_seed=rules.dealer_rule == "seed")

DEFAULT_STRATEGY = "strong"  # the default player of every seat, and the search's rollout
