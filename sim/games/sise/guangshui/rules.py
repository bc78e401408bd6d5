"""广水四色牌 house rules: the options and presets of ``rules.toml`` (the ``seed`` preset and its
options) and the vector the kernels read them from.

See ``docs/rules/guangshui.md`` for what each option means.

>>> GuangshuiRules.from_options(overrides={"min_fu": "50"}).min_fu
50
>>> GuangshuiRules.from_options(overrides={"che_mode": "twice"})
Traceback (most recent call last):
...
sim.errors.OptionError: guangshui option che_mode=twice is not allowed; choose one of on_top, replaces
"""

from __future__ import annotations

import numpy as np

from sim.rules import RuleSet, VectorLayout, options_from


@options_from("rules.toml")
class GuangshuiRules(RuleSet):
    """The options of 广水四色牌 (defaults = preset ``seed``)."""


# The engine's rules vector (cfg): one named slot per option the kernels read.
LAYOUT = VectorLayout("min_fu", "che_replaces", "zi_must", "lou_halve", "chuan_next", "dealer_win",
                      "zu_pairs", "top_level")
(CFG_MIN_FU, CFG_CHE_REPLACES, CFG_ZI_MUST, CFG_LOU_HALVE, CFG_CHUAN_NEXT, CFG_DEALER_WIN,
 CFG_ZU_PAIRS, CFG_TOP) = LAYOUT.offsets()
N_CFG = len(LAYOUT)


def rules_vector(rules: GuangshuiRules | None) -> np.ndarray:
    """The rules as the ``int64`` vector the kernels read (offsets ``CFG_*``)."""
    r = rules or GuangshuiRules()
    return LAYOUT.build(min_fu=r.min_fu, che_replaces=r.che_mode == "replaces",
                        zi_must=r.zi_fa == "must_before_win", lou_halve=r.lou_rule == "halve",
                        chuan_next=r.chuan_dealer == "next", dealer_win=r.dealer_win,
                        zu_pairs=r.zu_pairs, top_level=r.top_level)

DEFAULT_STRATEGY = "strong"  # the default player of every seat, and the search's rollout
