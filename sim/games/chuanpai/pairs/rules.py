"""Pairing-game house rules: the options and presets of ``rules.toml`` (the ``seed``, where pairs
make 10 or 20, and ``doushisi``, 斗十四) and the vector the kernels read them from.

See ``docs/rules/pairs.md`` for what each option means and why the defaults are what they are.
"""

from __future__ import annotations

import numpy as np

from sim.rules import RuleSet, VectorLayout, options_from

SUMS = {"10/20": (10, 20), "14": (14, -1), "10": (10, -1)}  # pair_sums: the pip totals of a group


@options_from("rules.toml")
class PairsRules(RuleSet):
    """The options of the pairing game (defaults = preset ``seed``)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        from sim.errors import OptionError

        if self.deal == "doushisi" and self.players != 4:
            raise OptionError(f"pairs option deal='doushisi' needs players=4, got players={self.players}; "
                              f"use deal='seed' for other tables")
        if self.deal == "doushisi" and self.decks != 1:
            raise OptionError(f"pairs option deal='doushisi' needs decks=1, got decks={self.decks}; "
                              f"斗十四's 坨 thresholds are for one deck")


# the vector the compiled kernels read the rules from (int16: it is copied into the state)
LAYOUT = VectorLayout("players", "deal", "sum1", "sum2", "yan", "eye", "chi_next",
                      "peng_tou", "an_tou", "long_tou", "gang_tou",
                      "tuo", "tuo_ord", "tuo_dealer", "tuo_xiao", "dahu_ord", "dahu_dealer",
                      "pay", "base", "decks", "seven_che", "seven_pair", "kou",
                      "sanheikan", "xiao_zimo", "fan_cap", "xiao_black", "xiao_one_red", "dingfu",
                      dtype=np.int16)
(C_NP, C_DEAL, C_SUM1, C_SUM2, C_YAN, C_EYE, C_CHI_NEXT,
 C_PENG_TOU, C_AN_TOU, C_LONG_TOU, C_GANG_TOU,
 C_TUO, C_TUO_ORD, C_TUO_DEALER, C_TUO_XIAO, C_DAHU_ORD, C_DAHU_DEALER,
 C_PAY, C_BASE, C_DECKS, C_SEVEN_CHE, C_SEVEN_PAIR, C_KOU,
 C_SANHEIKAN, C_XIAO_ZIMO, C_FAN_CAP, C_XIAO_BLACK, C_XIAO_ONE_RED, C_DINGFU) = LAYOUT.offsets()
CFG_SIZE = len(LAYOUT)
PAY_FLAT, PAY_POWER, PAY_LINEAR = 0, 1, 2


def rules_vector(rules: PairsRules | None = None) -> np.ndarray:
    """The options as the ``int16`` vector the compiled kernels read (offsets ``C_*``)."""
    r = rules or PairsRules()
    sum1, sum2 = SUMS[r.pair_sums]
    return LAYOUT.build(
        players=r.players, deal=r.deal == "doushisi", sum1=sum1, sum2=sum2, yan=r.yan,
        eye=r.eye_required, chi_next=r.chi_by == "next", peng_tou=r.peng_tou, an_tou=r.an_tou,
        long_tou=r.long_tou, gang_tou=r.gang_tou, tuo=r.tuo, tuo_ord=r.tuo_ordinary,
        tuo_dealer=r.tuo_dealer, tuo_xiao=r.tuo_xiaojia, dahu_ord=r.dahu_ordinary,
        dahu_dealer=r.dahu_dealer, pay=("flat", "power", "linear").index(r.payment), base=r.base,
        decks=r.decks, seven_che=r.seven_che, seven_pair=r.seven_pair, kou=r.kou,
        sanheikan=r.sanheikan, xiao_zimo=r.xiaojia_zimo, fan_cap=r.fan_cap,
        xiao_black=r.xiaojia_black, xiao_one_red=r.xiaojia_one_red, dingfu=r.dingfu_swing)


def deal_sizes_of(players: int, deal: str, decks: int = 1) -> tuple[int, ...]:
    """Cards per seat from the 头家 for this table (short hands only from one deck)."""
    if deal == "doushisi":
        return (18, 17, 17, 5)
    sizes = [16] + [15] * (players - 1)
    if decks > 1:
        return tuple(sizes)
    if players == 5:
        sizes[4] = 3
    elif players == 6:
        sizes[4], sizes[5] = 5, 3
    return tuple(sizes)
