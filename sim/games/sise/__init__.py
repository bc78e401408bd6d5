"""The 112-card 四色 family: deck and notation, group tables, the exact group evaluator.

Games of the family (广水 in :mod:`sim.games.sise.guangshui`) keep their own rules, engine
flow and strategies.
"""
