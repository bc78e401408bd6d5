"""广水四色牌 house rules: the ``seed`` preset and its options.

See ``docs/rules/guangshui.md`` for what each option means.

>>> GuangshuiRules.from_options(overrides={"min_fu": "50"}).min_fu
50
>>> GuangshuiRules.from_options(overrides={"che_mode": "twice"})
Traceback (most recent call last):
...
sim.errors.OptionError: guangshui option che_mode=twice is not allowed; choose one of on_top, replaces
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import numpy as np

from sim.rules import RuleSet, VectorLayout, option


@dataclasses.dataclass(frozen=True, kw_only=True)
class GuangshuiRules(RuleSet):
    """The options of 广水四色牌 (defaults = preset ``seed``)."""

    GAME: ClassVar[str] = "guangshui"
    PRESETS: ClassVar[dict[str, dict]] = {
        "seed": {},
        "strict": {"min_fu": 50, "zi_fa": "must_before_win"},
        "no_zu_pairs": {"zu_pairs": False},
    }

    min_fu: int = option(
        48, choices=(48, 50),
        doc="付 an 一牌 hand without 楼 needs: 48 (the seed's 50 that may fall 2 short, and its "
            "win section's 48) or a strict 50",
    )
    che_mode: str = option(
        "on_top", choices=("on_top", "replaces"),
        doc="a 车 counts on top of the groups it is built from (seed: 可重复计算), or its value "
            "replaces the 付 of the groups made only of its cards",
    )
    zi_fa: str = option(
        "passed_chance", choices=("passed_chance", "must_before_win"),
        doc="有子不发不能赢: a player who let the fourth card of a 子 go (or a third card of a 车 "
            "component) cannot win this hand (seed reading); must_before_win = besides, no win "
            "while a 子 is held unlaid in hand",
    )
    zu_pairs: bool = option(True, doc="a pair of identical 卒 is a 对 (0 付) and not 闲牌")
    lou_rule: str = option(
        "halve", choices=("halve", "listed_only"),
        doc="levels the seed does not list (两牌, 三牌, …) need half the 付 per 楼 (halve), or the "
            "full count whatever the 楼 (listed_only)",
    )
    top_level: int = option(
        10, choices=(10, 20, 40),
        doc="the highest level paid, in 牌: 10 = 大甲, the seed's top name (default); 20 or 40 "
            "keep counting 50 付 per 牌 beyond it",
    )
    chuan_dealer: str = option(
        "stay", choices=("stay", "next"),
        doc="after 穿牌 (stock empty, no winner) the dealer deals again (stay) or the deal passes "
            "to the 下家 (next); a winner always deals next",
    )
    match_hands: int = option(
        12, minimum=1, maximum=999,
        doc="hands in a match (the match workload: paiju run guangshui --matches)",
    )
    dealer_win: bool = option(
        True, doc="the dealer may win on his 31 dealt cards before the first discard",
    )


# The engine's rules vector (cfg): one named slot per option the kernels read.
LAYOUT = VectorLayout("min_fu", "che_replaces", "zi_must", "lou_halve", "chuan_next", "dealer_win",
                      "zu_pairs", "top_level")
CFG_MIN_FU = LAYOUT.offset("min_fu")
CFG_CHE_REPLACES = LAYOUT.offset("che_replaces")
CFG_ZI_MUST = LAYOUT.offset("zi_must")
CFG_LOU_HALVE = LAYOUT.offset("lou_halve")
CFG_CHUAN_NEXT = LAYOUT.offset("chuan_next")
CFG_DEALER_WIN = LAYOUT.offset("dealer_win")
CFG_ZU_PAIRS = LAYOUT.offset("zu_pairs")
CFG_TOP = LAYOUT.offset("top_level")
N_CFG = len(LAYOUT)


def rules_vector(rules: GuangshuiRules | None) -> np.ndarray:
    """The rules as the ``int64`` vector the kernels read (offsets ``CFG_*``)."""
    r = rules or GuangshuiRules()
    return LAYOUT.build(min_fu=r.min_fu, che_replaces=r.che_mode == "replaces",
                        zi_must=r.zi_fa == "must_before_win", lou_halve=r.lou_rule == "halve",
                        chuan_next=r.chuan_dealer == "next", dealer_win=r.dealer_win,
                        zu_pairs=r.zu_pairs, top_level=r.top_level)

DEFAULT_STRATEGY = "strong"  # the default player of every seat, and the search's rollout
