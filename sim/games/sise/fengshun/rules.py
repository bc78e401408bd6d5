"""丰顺四色 house rules: the options and presets of ``rules.toml`` (the ``seed`` preset and its
options) and the vector the kernels read them from.

See ``docs/rules/fengshun.md`` for what each option means.
"""

from __future__ import annotations

import numpy as np

from sim.rules import RuleSet, VectorLayout, options_from


@options_from("rules.toml")
class FengshunRules(RuleSet):
    """The options of 丰顺四色 (defaults = preset ``seed``); two players need two decks.

    >>> FengshunRules.from_options(preset="hakka", overrides={"min_score": "10"}).min_score
    10
    >>> FengshunRules.from_options(overrides={"players": "2"})
    Traceback (most recent call last):
    ...
    sim.errors.OptionError: fengshun option players=2 needs decks=2 (one deck is for 3 or 4 players); add --rule decks=2 or choose players=3 or 4
    """

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
# dealer_seed is 1 for dealer_rule=seed, the hands chained in sessions
CFG_MIN, CFG_HIGHEST, CFG_REDEAL, CFG_SEATS, CFG_DECKS, CFG_OPEN, CFG_DEALER = LAYOUT.offsets()


def rules_vector(rules: FengshunRules) -> np.ndarray:
    """The rules as the engine's ``int64`` ``cfg`` vector (offsets ``CFG_*``)."""
    return LAYOUT.build(min_score=rules.min_score, stock_out_highest=rules.stock_out == "highest",
                        redeal=rules.redeal, players=rules.players, decks=rules.decks,
                        draw_open=rules.draw == "open", dealer_seed=rules.dealer_rule == "seed")

DEFAULT_STRATEGY = "strong"  # the default player of every seat, and the search's rollout
