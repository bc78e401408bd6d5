"""The default run's xdist groups take effect: each game's tests share one worker, so on a
fresh machine a game's hand loops compile once rather than in every worker at once."""

from __future__ import annotations

import pytest


@pytest.mark.xdist_group("zipai")
def test_a_marked_test_is_sent_with_its_group(request: pytest.FixtureRequest) -> None:
    if not getattr(request.config.option, "loadgroup", False):  # set in --dist loadgroup workers
        pytest.skip("not run by pytest-xdist workers with --dist loadgroup")
    # under --dist loadgroup the worker appends the group to the id the scheduler sees
    assert request.node.nodeid.endswith("@zipai"), request.node.nodeid


@pytest.mark.parametrize("game", ["fengshun"])
def test_a_test_of_one_game_joins_that_games_group(request: pytest.FixtureRequest, game: str) -> None:
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("not run by pytest-xdist workers with --dist loadgroup")
    assert request.node.nodeid.endswith(f"@{game}"), request.node.nodeid


DEFAULT_GAME = "zipai"  # what this module's tests that name no game play


def test_a_test_naming_no_game_joins_its_modules_default_game(request: pytest.FixtureRequest) -> None:
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("not run by pytest-xdist workers with --dist loadgroup")
    assert request.node.nodeid.endswith("@zipai"), request.node.nodeid
