"""四副牌升级 house rules: the options and presets of ``rules.toml`` (the ``seed`` preset and its
regional options) and the vector the kernels read them from.

See ``docs/rules/shengji.md`` for what each option means.
"""

from __future__ import annotations

import numpy as np

from sim.rules import RuleSet, VectorLayout, options_from

DEFAULT_STRATEGY = "expert"  # the strongest player: the default seats and the search's rollouts


@options_from("rules.toml")
class ShengjiRules(RuleSet):
    """The options of four-deck 升级 (defaults = preset ``seed``)."""


# the rule options as the integers the compiled kernels take
DECL_OVERTURN, DECL_FIRST, DECL_NONE = 0, 1, 2
KOU_BOTH, KOU_ATTACKERS, KOU_OFF = 0, 1, 2
END_DEFEND_A, END_REACH_A = 0, 1
_CODES = {
    "declaration": {"overturn": DECL_OVERTURN, "first": DECL_FIRST, "none": DECL_NONE},
    "kou_di_sides": {"both": KOU_BOTH, "attackers": KOU_ATTACKERS, "off": KOU_OFF},
    "kou_di_multiplier": {"cards": 0, "double": 1, "power": 2},
    "match_end": {"defend_a": END_DEFEND_A, "reach_a": END_REACH_A},
}


# the vector the compiled kernels read the rules from (penalty: points a failed throw moves)
LAYOUT = VectorLayout("declaration", "kou_sides", "kou_mult", "penalty", "two_quads", "cross_tier",
                      "start_level", "match_end")
(V_DECL, V_KOU_SIDES, V_KOU_MULT, V_PENALTY, V_TWO_QUADS, V_CROSS_TIER,
 V_START_LEVEL, V_MATCH_END) = LAYOUT.offsets()


def rules_vector(rules: ShengjiRules | None = None) -> np.ndarray:
    """The options as the ``int64`` vector the compiled kernels read (offsets ``V_*``)."""
    r = rules or ShengjiRules()
    c = {name: codes[getattr(r, name)] for name, codes in _CODES.items()}
    return LAYOUT.build(declaration=c["declaration"], kou_sides=c["kou_di_sides"],
                        kou_mult=c["kou_di_multiplier"], penalty=r.throw_penalty,
                        two_quads=r.two_quads_answer, cross_tier=r.cross_tier,
                        start_level=r.start_level, match_end=c["match_end"])
