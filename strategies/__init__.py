"""Strategies that play the games: one module (or package) per game."""
