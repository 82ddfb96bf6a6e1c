"""A game's whole journey (``tests.<game>.journeys:whole_game``) through the real app in
landscape and in portrait, each in its own process, its screenshots in
``test-output/<game>/<orientation>/``; and a screenshot compared with its reviewed reference.
What the games' app tests (tests/<game>/test_app.py) share."""

from __future__ import annotations

import pytest

from tests.app.imagecompare import compare_to_reference
from tests.app.test_app_offscreen import OUTPUT, REFERENCE, run_journey

SIZES = {"landscape": "1280x800", "portrait": "800x1280"}


def whole_games(game: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    """The journey's result (its notes) by orientation."""
    out = {}
    for orientation, size in SIZES.items():
        db = tmp_path_factory.mktemp(f"{game}-{orientation}") / "g.sqlite"
        out[orientation] = run_journey(
            f"tests.{game}.journeys:whole_game", OUTPUT / game / orientation, db=db, size=size
        )
    return out


def looks_as_reviewed(game: str, orientation: str, shot: str) -> None:
    name = f"{shot}_{orientation}.png"
    problem = compare_to_reference(OUTPUT / game / orientation / name, REFERENCE / name)
    assert problem is None, problem
