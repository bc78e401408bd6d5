"""打马 house rules: the ``seed`` preset (after 李清照《打马图经》) and its options.

See ``docs/rules/dama.md`` for what each option means and where it comes from.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import numpy as np

from sim.rules import RuleSet, VectorLayout, option

DEFAULT_STRATEGY = "strong"  # the strongest compiled player: the default seats and rollouts


@dataclasses.dataclass(frozen=True, kw_only=True)
class DamaRules(RuleSet):
    """The options of 打马 (defaults = preset ``seed``).

    >>> DamaRules.from_options(preset="tujing").jia
    'tujing'
    >>> DamaRules(players=6)
    Traceback (most recent call last):
    ...
    sim.errors.OptionError: dama option players=6 is out of range; give a value from 2 to 5
    """

    GAME: ClassVar[str] = "dama"
    PRESETS: ClassVar[dict[str, dict]] = {
        "seed": {},
        "tujing": {"jia": "tujing", "feilong_throws": "listed"},
        "prototype": {"entry_table": "prototype"},
    }

    players: int = option(2, minimum=2, maximum=5, doc="players at the board (2–5)")
    entry_table: str = option(
        "seed", choices=("seed", "prototype", "one"),
        doc="horses one throw enters (and 帖 it earns): seed = 赏 value (堂印 8, 碧油 6, 桃花重五 5, "
            "雁行儿/拍板儿/满盆星 4, other 赏 2) or 1 for a 杂, +2 on one's own 傍本采, +3 on the "
            "真本采; prototype = 杂 1, 傍 2, 真 3 (赏 as in seed); one = one horse for any throw but a 罚",
    )
    move_rule: str = option(
        "horses_plus_steps", choices=("horses_plus_steps", "whole_total", "split"),
        doc="how far a group moves: horses_plus_steps = k horses walk total − k stations; "
            "whole_total = the group walks the whole total; split = the whole total on one "
            "group, or divided between two whole stacks",
    )
    jia: str = option(
        "seed", choices=("seed", "tujing"),
        doc="where the 夹 are: seed = five 夹 on 85–89 right before the 堑; tujing = three 夹 "
            "right after 飞龙院 (83–85), as the 《打马图经》 says",
    )
    feilong_throws: str = option(
        "all_shang", choices=("all_shang", "listed"),
        doc="which 赏 throws free the stack at 飞龙院: every 赏 (the 《图经》's 满盆星诸赏采等), or "
            "only the five it names, 堂印, 碧油, 雁行儿, 拍板儿, 满盆星 (so not 桃花重五, a 赏 "
            "triple the list leaves out)",
    )
    hit_needs_true_bencai: bool = option(
        False, doc="a group may hit only on its owner's 真本采 (五杂俎's 非正本采不得打)",
    )
    stake: int = option(50, minimum=2, maximum=10_000, doc="帖 each player puts into the pot (铺盆)")
    fa_tie: int = option(2, minimum=0, maximum=100, doc="帖 a 罚 throw pays to the next player")
    throw_limit: int = option(
        30_000, minimum=50, maximum=30_000,
        doc="throws after which a game nobody has won is stopped as a draw (the table's patience)",
    )


MOVE_HORSES_PLUS_STEPS, MOVE_WHOLE_TOTAL, MOVE_SPLIT = 0, 1, 2  # the engine's move rules
_ENTRY = {"seed": 0, "prototype": 1, "one": 2}
_MOVE = {"horses_plus_steps": MOVE_HORSES_PLUS_STEPS, "whole_total": MOVE_WHOLE_TOTAL,
         "split": MOVE_SPLIT}
_FEILONG = {"all_shang": 0, "listed": 1}


# the vector the compiled kernels read the rules from (engine.setup copies it into the state)
LAYOUT = VectorLayout("players", "entry", "move", "jia0", "jian", "feilong", "hit_true", "stake",
                      "fa", "limit")
V_PLAYERS = LAYOUT.offset("players")
V_ENTRY = LAYOUT.offset("entry")
V_MOVE = LAYOUT.offset("move")
V_JIA0 = LAYOUT.offset("jia0")  # first 夹 station
V_JIAN = LAYOUT.offset("jian")  # number of 夹
V_FEILONG = LAYOUT.offset("feilong")
V_HIT_TRUE = LAYOUT.offset("hit_true")
V_STAKE = LAYOUT.offset("stake")
V_FA = LAYOUT.offset("fa")
V_LIMIT = LAYOUT.offset("limit")


def rules_vector(rules: DamaRules | None = None) -> np.ndarray:
    """The options as the ``int64`` vector the compiled kernels read (offsets ``V_*``)."""
    from sim.games.dama.board import JIA_LAYOUTS

    r = rules or DamaRules()
    jia0, jian = JIA_LAYOUTS[r.jia]
    return LAYOUT.build(players=r.players, entry=_ENTRY[r.entry_table], move=_MOVE[r.move_rule],
                        jia0=jia0, jian=jian, feilong=_FEILONG[r.feilong_throws],
                        hit_true=r.hit_needs_true_bencai, stake=r.stake, fa=r.fa_tie,
                        limit=r.throw_limit)
