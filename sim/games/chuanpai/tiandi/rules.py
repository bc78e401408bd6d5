"""天地人和 house rules: the ``seed`` preset and its options.

See ``docs/rules/tiandi.md`` for what each option means and why the defaults are what they are.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import numpy as np

from sim.rules import RuleSet, VectorLayout, option


@dataclasses.dataclass(frozen=True, kw_only=True)
class TiandiRules(RuleSet):
    """The options of 天地人和 (defaults = preset ``seed``)."""

    GAME: ClassVar[str] = "tiandi"
    PRESETS: ClassVar[dict[str, dict]] = {
        "seed": {},
        "tiengow_order": {"tier_ties": "tiengow", "nine_combos": "red_high"},
        "tuoshou_wins": {"tuoshou": "win"},
    }

    tier_ties: str = option(
        "equal", choices=("equal", "tiengow"),
        doc="cards inside 中三 and inside 幺 are equal (seed: 平级) or ranked in the Tien-Gow "
            "order 梅子 > 长三 > 长二 > 斧头 > 四六 > 幺六 > 猫猫",
    )
    nine_combos: str = option(
        "equal", choices=("equal", "red_high"),
        doc="a 天九 with 红九 and one with 黑九 never beat each other (seed reading), or the "
            "red-nine 天九 beats the black-nine one",
    )
    civil_pairs: bool = option(True, doc="pairs of 正门 cards may be led (pairs of 点子 always may)")
    combo_sizes: str = option(
        "2", choices=("2", "2-4"),
        doc="combinations are two cards (seed: 天九 地八 人七 和五), or also the Tien-Gow sets "
            "of three and four cards (天 天 九, 天 九 九, 天 天 九 九 …)",
    )
    tuoshou: str = option(
        "draw", choices=("draw", "win", "off"),
        doc="脱手 (15 摆牌, 5 cards in hand, a lead nobody beats) ends the hand as a draw "
            "(seed), as a win for that player, or has no effect",
    )
    bao: str = option(
        "seed", choices=("seed", "opening", "off"),
        doc="包牌 for leading 天, 红九 or 黑九: at the hand's opening lead and at each player's "
            "first lead (seed), at the opening lead only, or never",
    )
    misdeal: str = option(
        "redeal", choices=("redeal", "play"),
        doc="a deal where some hand holds none of 天, 红九, 黑九 is redealt (seed) or played",
    )
    win_at: int = option(16, minimum=12, maximum=20, doc="摆牌 needed to win (小胡)")
    yijia_at: int = option(21, minimum=13, maximum=28, doc="摆牌 for 一甲 (one doubling)")
    liangjia_at: int = option(23, minimum=14, maximum=28, doc="摆牌 for 两甲 (two doublings)")
    fan: bool = option(True, doc="三红四黑 翻 count (each 翻 one more doubling)")
    doubling: str = option(
        "power", choices=("power", "linear"),
        doc="each 甲 and 翻 doubles the stake (power: base × 2^n) or adds one base (linear: "
            "base × (1 + n))",
    )
    base: int = option(1, minimum=1, maximum=1000, doc="stake of a 小胡 without 翻")
    dealer_rule: str = option(
        "rotate", choices=("rotate", "winner_keeps"),
        doc="the deal passes to the next seat after every hand (seed), or a winning dealer "
            "keeps it (占庄; a run plays it in sessions of 50 hands)",
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        from sim.errors import OptionError

        if not self.win_at < self.yijia_at < self.liangjia_at:
            raise OptionError(
                f"tiandi options need win_at < yijia_at < liangjia_at, got {self.win_at}, "
                f"{self.yijia_at}, {self.liangjia_at}; raise the later thresholds"
            )


# the vector the compiled kernels take the rules from (int16: it is copied into the state)
LAYOUT = VectorLayout("tier", "nine", "civil_pairs", "tuoshou", "bao", "misdeal", "win", "jia1",
                      "jia2", "fan", "doubling", "base", "combo", "dealer", dtype=np.int16)
C_TIER = LAYOUT.offset("tier")
C_NINE = LAYOUT.offset("nine")
C_CIVIL_PAIRS = LAYOUT.offset("civil_pairs")
C_TUOSHOU = LAYOUT.offset("tuoshou")
C_BAO = LAYOUT.offset("bao")
C_MISDEAL = LAYOUT.offset("misdeal")
C_WIN = LAYOUT.offset("win")
C_JIA1 = LAYOUT.offset("jia1")
C_JIA2 = LAYOUT.offset("jia2")
C_FAN = LAYOUT.offset("fan")
C_DOUBLING = LAYOUT.offset("doubling")
C_BASE = LAYOUT.offset("base")
C_COMBO = LAYOUT.offset("combo")
C_DEALER = LAYOUT.offset("dealer")
CFG_SIZE = len(LAYOUT)
TUOSHOU_DRAW, TUOSHOU_WIN, TUOSHOU_OFF = 0, 1, 2
BAO_SEED, BAO_OPENING, BAO_OFF = 0, 1, 2


def rules_vector(rules: TiandiRules | None = None) -> np.ndarray:
    """The options as the ``int16`` vector the compiled kernels take (offsets ``C_*``)."""
    r = rules or TiandiRules()
    return LAYOUT.build(
        tier=r.tier_ties == "tiengow", nine=r.nine_combos == "red_high", civil_pairs=r.civil_pairs,
        tuoshou=("draw", "win", "off").index(r.tuoshou), bao=("seed", "opening", "off").index(r.bao),
        misdeal=r.misdeal == "play", win=r.win_at, jia1=r.yijia_at, jia2=r.liangjia_at, fan=r.fan,
        doubling=r.doubling == "linear", base=r.base, combo=r.combo_sizes == "2-4",
        dealer=("rotate", "winner_keeps").index(r.dealer_rule))  # dealer: sim.sessions' codes

DEFAULT_STRATEGY = "strong"  # the default player of every seat, and the search's rollout
