"""打马 house rules: the options and presets of ``rules.toml`` (the ``seed`` preset after
李清照《打马图经》) and the vector the kernels read them from.

See ``docs/rules/dama.md`` for what each option means and where it comes from.
"""

from __future__ import annotations

import numpy as np

from sim.rules import RuleSet, VectorLayout, options_from

DEFAULT_STRATEGY = "strong"  # the strongest compiled player: the default seats and rollouts


@options_from("rules.toml")
class DamaRules(RuleSet):
    """The options of 打马 (defaults = preset ``seed``).

    >>> DamaRules.from_options(preset="tujing").jia
    'tujing'
    >>> DamaRules(players=6)
    Traceback (most recent call last):
    ...
    sim.errors.OptionError: dama option players=6 is out of range; give a value from 2 to 5
    """


MOVE_HORSES_PLUS_STEPS, MOVE_WHOLE_TOTAL, MOVE_SPLIT = 0, 1, 2  # the engine's move rules
_ENTRY = {"seed": 0, "prototype": 1, "one": 2}
_MOVE = {"horses_plus_steps": MOVE_HORSES_PLUS_STEPS, "whole_total": MOVE_WHOLE_TOTAL,
         "split": MOVE_SPLIT}
_FEILONG = {"all_shang": 0, "listed": 1}


# the vector the compiled kernels read the rules from (engine.setup copies it into the state);
# jia0 is the first 夹 station, jian the number of 夹
LAYOUT = VectorLayout("players", "entry", "move", "jia0", "jian", "feilong", "hit_true", "stake",
                      "fa", "limit")
(V_PLAYERS, V_ENTRY, V_MOVE, V_JIA0, V_JIAN, V_FEILONG, V_HIT_TRUE, V_STAKE,
 V_FA, V_LIMIT) = LAYOUT.offsets()


def rules_vector(rules: DamaRules | None = None) -> np.ndarray:
    """The options as the ``int64`` vector the compiled kernels read (offsets ``V_*``)."""
    from sim.games.dama.board import JIA_LAYOUTS

    r = rules or DamaRules()
    jia0, jian = JIA_LAYOUTS[r.jia]
    return LAYOUT.build(players=r.players, entry=_ENTRY[r.entry_table], move=_MOVE[r.move_rule],
                        jia0=jia0, jian=jian, feilong=_FEILONG[r.feilong_throws],
                        hit_true=r.hit_needs_true_bencai, stake=r.stake, fa=r.fa_tie,
                        limit=r.throw_limit)
