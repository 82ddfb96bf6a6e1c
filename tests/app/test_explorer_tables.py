"""The table explorer (issue 20) in each orientation: every playable game at its fewest and
most players, played through the real app's widgets for a few steps each with every check
after every step (tests/app/explorer/suite.py).

One class per orientation: pytest-xdist (--dist loadscope) keeps a class's tests on one
worker, so the two orientations run on two workers at once, each class's fixture starting the
one app process its orientation needs.

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
    def explored(cls) -> dict[tuple[str, int], Any]:
        return explore_at(cls.SIZE)

    # The first test runs the app process (the fixture): on a machine shared by many the
    # suite's 300 s per test is not enough for it. The time is printed, never asserted.
    @pytest.mark.timeout(HANG_S + 60)
    @pytest.mark.parametrize("plan", PLANS, ids=lambda p: f"{p.game}-{p.players}p")
    def test_every_step_is_made_through_the_table_and_every_screen_is_legible(
        self, explored: dict[tuple[str, int], Any], plan: Any
    ) -> None:
        assert_explored(explored, plan, self.SIZE)


class TestLandscape(_ExploredAt):
    SIZE = "1280x800"


class TestPortrait(_ExploredAt):
    SIZE = "800x1280"
