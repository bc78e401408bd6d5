"""The public rule functions of 天地人和, taking cards in 川牌 notation."""

from __future__ import annotations

from sim.errors import PaijuError
from sim.games.chuanpai.cards import (COPIES, HEIJIU, HONGJIU, NAMES, TIAN, cards_of, format_cards,
                                      parse_cards)
from sim.games.chuanpai.tiandi.rules import TiandiRules, rules_vector
from sim.games.validate import check_counts
from sim.games.chuanpai.tiandi.scoring import LEVEL_NAMES, fan_of, level_of
from sim.games.chuanpai.tiandi.shapes import (
    COMBO_PARTNERS, code_set, code_single, code_two, play_key,
)


def play_code(cards: str) -> int:
    """The engine code of a play: one or two cards (any cards), or a Tien-Gow set of three or
    four (a combination's civil card once or twice with one or two of its partners).

    >>> play_code("天"), play_code("天 红九"), play_code("天 天 红九 黑九")
    (0, 43, 493)
    """
    ks = cards_of(parse_cards(cards))
    if len(ks) == 1:
        return int(code_single(ks[0]))
    if len(ks) == 2:
        return int(code_two(ks[0], ks[1]))
    if len(ks) in (3, 4):
        for c in range(4):
            p0, p1 = int(COMBO_PARTNERS[c, 0]), int(COMBO_PARTNERS[c, 1])
            nc, r, other = ks.count(c), ks.count(p0), ks.count(p1)
            nm = r + other
            if nc + nm == len(ks) and 1 <= nc <= 2 and 1 <= nm <= 2:
                return int(code_set(c, nc, nm, r))
        raise PaijuError(
            f"{format_cards(parse_cards(cards))!r} is no set; a set of three or four cards is "
            f"天, 地, 人 or 和 once or twice with one or two of its partners (天 天 红九, 地 二六 三五 …)")
    raise PaijuError(f"a play is one to four cards, not {len(ks)} ({cards!r})")


def _key(cards: str, cfg, role: str) -> int:
    key = int(play_key(play_code(cards), cfg))
    if key < 0:
        text = format_cards(parse_cards(cards))
        raise PaijuError(
            f"the {role} {text!r} is no legal play; play one card, an identical pair "
            f"(正门 pairs if civil_pairs), 天九 地八 人七 和五, or their sets of three or four "
            f"cards if combo_sizes=2-4 (丁丁 and 二红 never play)"
        )
    return key


def beats(lead: str, play: str, *, rules: TiandiRules | None = None) -> bool:
    """Whether ``play`` beats ``lead`` (both legal plays of the same number of cards).

    With ``combo_sizes="2-4"`` the Tien-Gow sets play too: 文文武 (天 天 九), 文武武 (天 九 九) and
    文文武武 are three shapes that never beat each other, each ranked 天 > 地 > 人 > 和.

    >>> beats("四六", "天"), beats("四六", "长三"), beats("梅子", "长三")
    (True, True, False)
    >>> beats("红五", "黑九"), beats("红五 红五", "红七 红七")
    (False, True)
    >>> beats("地 平八", "天 红九"), beats("天 红九", "天 黑九")
    (True, False)
    >>> beats("梅子", "长三", rules=TiandiRules(tier_ties="tiengow"))
    False
    >>> beats("长三", "梅子", rules=TiandiRules(tier_ties="tiengow"))
    True
    >>> four = TiandiRules(combo_sizes="2-4")
    >>> beats("地 地 二六", "天 天 黑九", rules=four), beats("地 二六 三五", "天 天 黑九", rules=four)
    (True, False)
    >>> beats("天", "丁丁")
    Traceback (most recent call last):
    ...
    sim.errors.PaijuError: the play '丁丁' is no legal play; play one card, an identical pair (正门 pairs if civil_pairs), 天九 地八 人七 和五, or their sets of three or four cards if combo_sizes=2-4 (丁丁 and 二红 never play)
    """
    cfg = rules_vector(rules)
    a = _key(lead, cfg, "lead")
    b = _key(play, cfg, "play")
    check_counts(COPIES, parse_cards(lead), parse_cards(play), name=NAMES.__getitem__,
                 what="the lead and the play together")
    if parse_cards(lead).sum() != parse_cards(play).sum():
        raise PaijuError(f"{play!r} has not as many cards as the lead {lead!r}; a play answers "
                         f"with the same number of cards")
    return a // 64 == b // 64 and b > a


def is_misdeal(hand: str) -> bool:
    """Whether a 28-card hand holds none of 天, 红九, 黑九 (无天无九: the deal is void).

    >>> is_misdeal("地 地 地 地 人 人 人 人 和 和 和 和 梅子 梅子 梅子 梅子 长三 长三 长三 长三 "
    ...            "长二 长二 长二 长二 斧头 斧头 斧头 斧头")
    True
    >>> is_misdeal("天 地 地 地 人 人 人 人 和 和 和 和 梅子 梅子 梅子 梅子 长三 长三 长三 长三 "
    ...            "长二 长二 长二 长二 斧头 斧头 斧头 斧头")
    False
    """
    counts = parse_cards(hand)
    check_counts(COPIES, counts, name=NAMES.__getitem__, what="the hand")
    if int(counts.sum()) != 28:
        raise PaijuError(f"a 天地人和 hand has 28 cards, this one {int(counts.sum())}: {hand!r}")
    return int(counts[TIAN] + counts[HONGJIU] + counts[HEIJIU]) == 0


def hand_level(laid: str, *, rules: TiandiRules | None = None) -> tuple[str, int]:
    """``(level, fan)`` of the cards a player has laid (摆牌, hard cards included).

    ``level`` is ``""`` below 16 摆牌, else ``"小胡"``, ``"一甲"`` (21) or ``"两甲"`` (23);
    ``fan`` counts 三红四黑 (three of a red card, four of a black one) up to 摆牌 − 16.

    >>> hand_level("天 天 地 人 和 梅子 长三 长二 斧头 四六 幺六 猫猫 红九 黑九 二六")
    ('', 0)
    >>> hand_level("天 天 天 地 人 和 梅子 长三 长二 斧头 四六 幺六 猫猫 红九 黑九 二六 三五")
    ('小胡', 1)
    >>> hand_level("天 天 天 天 地 人 和 梅子 长三 长二 斧头 四六 幺六 猫猫 红九 黑九 二六")
    ('小胡', 1)
    >>> hand_level("天 天 天 天 地 人 和 梅子 长三 长二 斧头 四六 幺六 猫猫 红九 黑九 二六 三五")
    ('小胡', 2)
    >>> hand_level("丁丁 丁丁 丁丁 丁丁 二红 二红 二红 二红 地 人 和 梅子 长三 长二 斧头 四六 "
    ...            "幺六 猫猫 红九 黑九 二六")
    ('一甲', 2)
    """
    cfg = rules_vector(rules)
    counts = parse_cards(laid).astype("int16")
    check_counts(COPIES, counts, name=NAMES.__getitem__, what="the laid cards")
    jia = int(level_of(int(counts.sum()), cfg))
    if jia < 0:
        return "", 0
    return LEVEL_NAMES[jia], int(fan_of(counts, cfg))
