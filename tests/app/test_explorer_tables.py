"""The table explorer (issues 20, 33) in each orientation: every playable game at its fewest,
middle and most players, one whole game each, played through the real app's widgets to its
end with every check after every step, the app stopped (SIGTERM, kill -9) and started again
at seeded moments and after the win is undone (tests/app/explorer/suite.py).

One class per orientation: pytest-xdist (--dist loadscope) keeps a class's tests on one
worker, so the two orientations run on two workers at once, each class's fixture starting the
app process its orientation needs.

A game with no player model yet fails here, by name ("no player model for deeds").
"""

from __future__ import annotations

import os
from typing import Any

import pytest

os.environ.setdefault("KIVY_NO_ARGS", "1")

from tests.app.explorer.suite import HANG_S, PLANS, assert_explored, explore_at  # noqa: E402


class _ExploredAt:
    """Every plan explored at the window size ``SIZE`` (a subclass names it)."""

    SIZE: str

    @pytest.fixture(scope="class")
    @classmethod
    def explored(cls) -> dict[Any, Any]:
        return explore_at(cls.SIZE)

    # The first test runs the app process (the fixture): on a machine shared by many the
    # suite's 300 s per test is not enough for it. The time is printed, never asserted.
    @pytest.mark.timeout(HANG_S + 60)
    @pytest.mark.parametrize("plan", PLANS, ids=lambda p: f"{p.game}-{p.players}p")
    def test_a_whole_game_is_played_through_the_table_and_nothing_is_lost(
        self, explored: dict[Any, Any], plan: Any
    ) -> None:
        assert_explored(explored, plan, self.SIZE)

    @pytest.mark.timeout(HANG_S + 60)
    def test_every_kind_of_action_the_engine_lists_is_made(self, explored: dict[Any, Any]) -> None:
        assert explored["never made"] == [], explored["never made"]


class TestLandscape(_ExploredAt):
    SIZE = "1280x800"


class TestPortrait(_ExploredAt):
    SIZE = "800x1280"
