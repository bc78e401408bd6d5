"""跑胡子 house rules: the ``seed`` preset and its regional options.

See ``docs/rules/zipai.md`` for what each option means and where it is played.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import numpy as np

from sim.rules import RuleSet, VectorLayout, option


@dataclasses.dataclass(frozen=True, kw_only=True)
class ZipaiRules(RuleSet):
    """The options of 3-player Hunan 跑胡子 (defaults = preset ``seed``)."""

    GAME: ClassVar[str] = "zipai"
    PRESETS: ClassVar[dict[str, dict]] = {
        "seed": {},
        "hengyang": {"min_huxi": 10},
        "chenzhou": {"min_huxi": 9},
        "liuhuqiang": {"min_huxi": 6},
        "huaihua": {"min_huxi": 18},
    }

    min_huxi: int = option(
        15, choices=(15, 10, 9, 6, 18), doc="胡息 a hand needs to win (seed: 15)"
    )
    tun_rule: str = option(
        "per3",
        choices=("per3", "per1"),
        doc="胡息 → 囤: per3 = 1 + (胡息 − minimum) // 3; per1 = 1 + (胡息 − minimum)",
    )
    zimo_bonus: str = option(
        "tun", choices=("tun", "none", "double"),
        doc="a self-drawn win adds 1 囤 (tun), nothing (none), or doubles the payment (double)",
    )
    mingtang: bool = option(False, doc="score 名堂 (named bonuses, 常德 values) as 番")
    tianhu_on_liangzhang: bool = option(
        True, doc="a non-dealer may win (天胡) on the dealer's face-up 亮张"
    )
    multi_qishou_ti: str = option(
        "skip", choices=("skip", "redeal"),
        doc="two or more 提 at the deal: skip one later discard per extra 提, or redeal",
    )


DEFAULT_STRATEGY = "expert"  # the default player of every seat, and the search's rollout

# The engine's rules vector (int16, copied into the state): one slot per option the kernels read.
LAYOUT = VectorLayout("min_huxi", "tun", "zimo", "mingtang", "tianhu_liang", "multi", dtype=np.int16)
CFG_MIN = LAYOUT.offset("min_huxi")
CFG_TUN = LAYOUT.offset("tun")
CFG_ZIMO = LAYOUT.offset("zimo")
CFG_MT = LAYOUT.offset("mingtang")
CFG_TL = LAYOUT.offset("tianhu_liang")
CFG_MULTI = LAYOUT.offset("multi")
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
