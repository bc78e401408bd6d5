"""The 112-card 四色 family: deck and notation, group tables, the exact group evaluator, and
the redrawing of unseen cards the drivers' ``resample`` shares (:mod:`.resample`).

Games of the family (广水 in :mod:`sim.games.sise.guangshui`, 丰顺 in
:mod:`sim.games.sise.fengshun`) keep their own rules, engine and strategies.
"""
