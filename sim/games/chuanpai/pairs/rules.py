"""Pairing-game house rules: the ``seed`` (pairs make 10 or 20) and ``doushisi`` (斗十四) presets.

See ``docs/rules/pairs.md`` for what each option means and why the defaults are what they are.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import numpy as np

from sim.rules import RuleSet, VectorLayout, option

SUMS = {"10/20": (10, 20), "14": (14, -1), "10": (10, -1)}


@dataclasses.dataclass(frozen=True, kw_only=True)
class PairsRules(RuleSet):
    """The options of the pairing game (defaults = preset ``seed``)."""

    GAME: ClassVar[str] = "pairs"
    PRESETS: ClassVar[dict[str, dict]] = {
        "seed": {},
        "doushisi": {"pair_sums": "14", "yan": False, "deal": "doushisi", "players": 4,
                     "chi_by": "next", "peng_tou": 0, "gang_tou": 0, "long_tou": 1,
                     "tuo": True, "payment": "power", "seven_che": True, "seven_pair": True,
                     "sanheikan": True, "xiaojia_zimo": True, "xiaojia_black": 6,
                     "dingfu_swing": True},
    }

    players: int = option(4, minimum=2, maximum=6, doc="players at the table (seed: 2–6 from one deck)")
    decks: int = option(
        1, choices=(1, 2),
        doc="decks of 84 shuffled together: 1 (with 5–6 players the last seats get short hands) or "
            "2 (168 cards, up to 8 copies of a card; every seat gets a full hand)",
    )
    deal: str = option(
        "seed", choices=("seed", "doushisi"),
        doc="头家 16, others 15, with 5–6 players short hands of 3 (and 5) at the end (seed); or "
            "斗十四's 18, 17, 17 and a 小家 of 5 (4 players only)",
    )
    pair_sums: str = option("10/20", choices=tuple(SUMS), doc="pip totals a two-card group (挤/摆/吃) makes")
    yan: bool = option(True, doc="燕: the three different sevens 幺六 + 三四 + 二五 are a group")
    eye_required: bool = option(False, doc="a winning hand also needs one eye (two identical cards)")
    chi_by: str = option(
        "anyone", choices=("anyone", "next"),
        doc="who may 摆/吃 an offered card: anyone in seat order (seed), or only the next seat "
            "after the discarder (the turner himself for a turned-up card)",
    )
    peng_tou: int = option(1, minimum=0, maximum=2, doc="cards a 碰 (扯) or a claimed 燕 steals")
    an_tou: int = option(1, minimum=0, maximum=2, doc="cards a 暗 (three identical in hand) or own 燕 steals")
    long_tou: int = option(2, minimum=0, maximum=3, doc="cards a 亮 (龙: four identical in hand) steals")
    gang_tou: int = option(2, choices=(0, 1, 2), doc="cards a 杠 (claiming the fourth onto an own triple) steals")
    tuo: bool = option(False, doc="斗十四 坨: a win also needs 坨 ≥ the seat's threshold")
    tuo_ordinary: int = option(18, minimum=0, maximum=60, doc="坨 an ordinary seat needs")
    tuo_dealer: int = option(20, minimum=0, maximum=60, doc="坨 the 当家 (头家) needs")
    tuo_xiaojia: int = option(5, minimum=0, maximum=60, doc="坨 the 小家 needs")
    dahu_ordinary: int = option(30, minimum=0, maximum=80, doc="坨 of an ordinary seat's 大胡 (one 番)")
    dahu_dealer: int = option(32, minimum=0, maximum=80, doc="坨 of the 当家's 大胡 (one 番)")
    payment: str = option(
        "flat", choices=("flat", "power", "linear"),
        doc="each loser pays the winner base (flat, seed), base × 2^番 (power) or base × (1 + 番)",
    )
    base: int = option(1, minimum=1, maximum=1000, doc="the stake each loser pays")
    seven_che: bool = option(
        False, doc="斗十四: a seat other than the 小家 that can 扯 an offered seven must (no pass)")
    seven_pair: bool = option(
        False, doc="斗十四 (where 7 + 7 is a group): a pair of sevens is not split to 吃: a seat "
                   "may 吃 with one of its sevens only while it holds an odd number of them")
    kou: bool = option(
        False, doc="扣 / 吃退: a seat may not 吃 a card of a type it discarded or declined to 吃 "
                   "earlier in the hand")
    sanheikan: bool = option(False, doc="三黑坎: one 番 for a win holding three or more identity "
                                        "columns (扯/偷/龙/杠) of black cards")
    xiaojia_zimo: bool = option(False, doc="one 番 when the 小家 wins on a card it turned up itself")
    fan_cap: int = option(0, minimum=0, maximum=20, doc="the most 番 a win counts (0: no cap)")
    xiaojia_black: int = option(
        0, minimum=0, maximum=60,
        doc="坨 of a 小家 whose every card is black, without 斧头 and without 扯/偷/龙 columns "
            "(0: only its red cards count)")
    xiaojia_one_red: int = option(
        0, minimum=0, maximum=60,
        doc="坨 of a 小家 holding five black cards and one red (五黑一红), without 扯/偷/龙 "
            "columns (0: only its red cards count)")
    dingfu_swing: bool = option(
        False, doc="the 小家's one 丁斧 pair (丁丁 + 斧头) counts as red or as black for its 坨, "
                   "whichever is worth more, as it does for its one-colour 番")

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
LAYOUT = VectorLayout("players", "deal", "sum1", "sum2", "yan", "eye", "chi_next", "peng_tou",
                      "an_tou", "long_tou", "gang_tou", "tuo", "tuo_ord", "tuo_dealer",
                      "tuo_xiao", "dahu_ord", "dahu_dealer", "pay", "base", "decks", "seven_che",
                      "seven_pair", "kou", "sanheikan", "xiao_zimo", "fan_cap", "xiao_black",
                      "xiao_one_red", "dingfu", dtype=np.int16)
C_NP = LAYOUT.offset("players")
C_DEAL = LAYOUT.offset("deal")
C_SUM1 = LAYOUT.offset("sum1")
C_SUM2 = LAYOUT.offset("sum2")
C_YAN = LAYOUT.offset("yan")
C_EYE = LAYOUT.offset("eye")
C_CHI_NEXT = LAYOUT.offset("chi_next")
C_PENG_TOU = LAYOUT.offset("peng_tou")
C_AN_TOU = LAYOUT.offset("an_tou")
C_LONG_TOU = LAYOUT.offset("long_tou")
C_GANG_TOU = LAYOUT.offset("gang_tou")
C_TUO = LAYOUT.offset("tuo")
C_TUO_ORD = LAYOUT.offset("tuo_ord")
C_TUO_DEALER = LAYOUT.offset("tuo_dealer")
C_TUO_XIAO = LAYOUT.offset("tuo_xiao")
C_DAHU_ORD = LAYOUT.offset("dahu_ord")
C_DAHU_DEALER = LAYOUT.offset("dahu_dealer")
C_PAY = LAYOUT.offset("pay")
C_BASE = LAYOUT.offset("base")
C_DECKS = LAYOUT.offset("decks")
C_SEVEN_CHE = LAYOUT.offset("seven_che")
C_SEVEN_PAIR = LAYOUT.offset("seven_pair")
C_KOU = LAYOUT.offset("kou")
C_SANHEIKAN = LAYOUT.offset("sanheikan")
C_XIAO_ZIMO = LAYOUT.offset("xiao_zimo")
C_FAN_CAP = LAYOUT.offset("fan_cap")
C_XIAO_BLACK = LAYOUT.offset("xiao_black")
C_XIAO_ONE_RED = LAYOUT.offset("xiao_one_red")
C_DINGFU = LAYOUT.offset("dingfu")
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
