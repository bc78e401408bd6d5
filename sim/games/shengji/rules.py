"""四副牌升级 house rules: the ``seed`` preset and its regional options.

See ``docs/rules/shengji.md`` for what each option means.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import numpy as np

from sim.rules import RuleSet, VectorLayout, option

DEFAULT_STRATEGY = "expert"  # the strongest player: the default seats and the search's rollouts


@dataclasses.dataclass(frozen=True, kw_only=True)
class ShengjiRules(RuleSet):
    """The options of four-deck 升级 (defaults = preset ``seed``)."""

    GAME: ClassVar[str] = "shengji"
    PRESETS: ClassVar[dict[str, dict]] = {
        "seed": {},
        "strict_tractors": {"cross_tier": False, "two_quads_answer": False},
        "attackers_kou_di": {"kou_di_sides": "attackers", "kou_di_multiplier": "double"},
    }

    declaration: str = option(
        "overturn", choices=("overturn", "first", "none"),
        doc="trump declaration during the deal: overturn = show level cards, another player "
            "overturns with one more card of another suit, no self-overturn (seed); first = the "
            "first declaration stands; none = nobody declares (trump is spades)",
    )
    kou_di_sides: str = option(
        "both", choices=("both", "attackers", "off"),
        doc="who can 扣底 by winning the last trick: both sides (seed), only the attackers, nobody",
    )
    kou_di_multiplier: str = option(
        "cards", choices=("cards", "double", "power"),
        doc="扣底 pays the last trick's points × k: k = cards per player (seed), 2·cards, 2^cards",
    )
    throw_penalty: int = option(
        0, choices=(0, 5, 10, 20),
        doc="points a failed throw moves to the other side (seed: none)",
    )
    two_quads_answer: bool = option(
        True, doc="two quads answer (and can beat) a four-pair tractor, as the seed's list ① says",
    )
    cross_tier: bool = option(
        True, doc="trump tractors may cross tiers (A → 副2 → 主2 → 副级 → 主级 → 小王 → 大王)",
    )
    start_level: int = option(
        2, minimum=2, maximum=14,
        doc="level of a single hand, and where both sides start a match (2–14, A = 14)",
    )
    match_end: str = option(
        "defend_a", choices=("defend_a", "reach_a"),
        doc="a match ends when the 庄家 side wins a hand at level A (defend_a) or when a "
            "side first reaches level A (reach_a)",
    )


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


# the vector the compiled kernels read the rules from
LAYOUT = VectorLayout("declaration", "kou_sides", "kou_mult", "penalty", "two_quads", "cross_tier",
                      "start_level", "match_end")
V_DECL = LAYOUT.offset("declaration")
V_KOU_SIDES = LAYOUT.offset("kou_sides")
V_KOU_MULT = LAYOUT.offset("kou_mult")
V_PENALTY = LAYOUT.offset("penalty")  # points a failed throw moves
V_TWO_QUADS = LAYOUT.offset("two_quads")
V_CROSS_TIER = LAYOUT.offset("cross_tier")
V_START_LEVEL = LAYOUT.offset("start_level")
V_MATCH_END = LAYOUT.offset("match_end")


def rules_vector(rules: ShengjiRules | None = None) -> np.ndarray:
    """The options as the ``int64`` vector the compiled kernels read (offsets ``V_*``)."""
    r = rules or ShengjiRules()
    c = {name: codes[getattr(r, name)] for name, codes in _CODES.items()}
    return LAYOUT.build(declaration=c["declaration"], kou_sides=c["kou_di_sides"],
                        kou_mult=c["kou_di_multiplier"], penalty=r.throw_penalty,
                        two_quads=r.two_quads_answer, cross_tier=r.cross_tier,
                        start_level=r.start_level, match_end=c["match_end"])
