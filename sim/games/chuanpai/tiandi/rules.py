"""天地人和 house rules: the options and presets of ``rules.toml`` (the ``seed`` preset and its
options) and the vector the kernels read them from.

See ``docs/rules/tiandi.md`` for what each option means and why the defaults are what they are.
"""

from __future__ import annotations

import numpy as np

from sim.rules import RuleSet, VectorLayout, options_from


@options_from("rules.toml")
class TiandiRules(RuleSet):
    """The options of 天地人和 (defaults = preset ``seed``)."""

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
(C_TIER, C_NINE, C_CIVIL_PAIRS, C_TUOSHOU, C_BAO, C_MISDEAL, C_WIN, C_JIA1,
 C_JIA2, C_FAN, C_DOUBLING, C_BASE, C_COMBO, C_DEALER) = LAYOUT.offsets()
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
