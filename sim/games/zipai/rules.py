"""跑胡子 house rules: the options and presets of ``rules.toml`` (the ``seed`` preset and its
regional options) and the vector the kernels read them from.

See ``docs/rules/zipai.md`` for what each option means and where it is played.
"""

from __future__ import annotations

import numpy as np

from sim.rules import RuleSet, VectorLayout, options_from


@options_from("rules.toml")
class ZipaiRules(RuleSet):
    """The options of 3-player Hunan 跑胡子 (defaults = preset ``seed``)."""


DEFAULT_STRATEGY = "expert"  # the default player of every seat, and the search's rollout

# The engine's rules vector (int16, copied into the state): one slot per option the kernels read.
LAYOUT = VectorLayout("min_huxi", "tun", "zimo", "mingtang", "tianhu_liang", "multi", dtype=np.int16)
CFG_MIN, CFG_TUN, CFG_ZIMO, CFG_MT, CFG_TL, CFG_MULTI = LAYOUT.offsets()
N_CFG = len(LAYOUT)
MULTI_SKIP = 0
MULTI_REDEAL = 1


def rules_vector(rules: ZipaiRules | None) -> np.ndarray:
    """The rules as the small integer vector the kernels read (offsets ``CFG_*``)."""
    r = rules or ZipaiRules()
    return LAYOUT.build(min_huxi=r.min_huxi, tun=("per3", "per1").index(r.tun_rule),
                        zimo=("tun", "none", "double").index(r.zimo_bonus), mingtang=r.mingtang,
                        tianhu_liang=r.tianhu_on_liangzhang,
                        multi=("skip", "redeal").index(r.multi_qishou_ti))
