"""Helpers for scripted 跑胡子 hands."""

from __future__ import annotations

from sim.games.zipai import Game


def act(g: Game, seat: int, text: str) -> None:
    """Assert that ``seat`` is to act and take the legal action whose text starts with ``text``."""
    assert g.actor == seat, f"expected seat {seat} to act, got {g.actor}: {g.legal_actions()}"
    for a in g.legal_actions():
        if a.text.startswith(text):
            g.step(a)
            return
    raise AssertionError(f"no legal action {text!r} for seat {seat}: {[a.text for a in g.legal_actions()]}")


def events(g: Game) -> list[tuple[str, int, str]]:
    """The event log as (kind, seat, text) tuples."""
    return [(e.kind, e.seat, e.text) for e in g.events]




def drift(g: Game, until) -> None:
    """Pass every offer and discard the first legal card until ``until(g)`` holds or the end."""
    while not g.done and not until(g):
        acts = g.legal_actions()
        g.step(acts[-1] if acts[-1].text == "过" else acts[0])
