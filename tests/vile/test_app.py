"""A whole game of Vile Incantations through the real app drawn offscreen, in both
orientations, with its screenshots compared to reviewed references."""

from __future__ import annotations

import pytest

from tests.app.imagecompare import compare_to_reference
from tests.app.test_app_offscreen import OUTPUT, REFERENCE, run_journey

SIZES = {"landscape": "1280x800", "portrait": "800x1280"}


@pytest.fixture(scope="module")
def journeys(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    out = {}
    for orientation, size in SIZES.items():
        db = tmp_path_factory.mktemp(f"vile-{orientation}") / "g.sqlite"
        out[orientation] = run_journey(
            "tests.vile.journeys:whole_game", OUTPUT / "vile" / orientation, db=db, size=size
        )
    return out


@pytest.mark.parametrize("orientation", sorted(SIZES))
def test_whole_game__to_a_winner_with_the_ritual_walked_through(
    journeys: dict[str, dict], orientation: str
) -> None:
    notes = journeys[orientation]["notes"]
    assert notes["face_down"] == 3
    assert notes["reason"].endswith("energy and wins")
    assert any("Sabotage window" in line for line in notes["before"])
    assert any(line.startswith("Strength now:") for line in notes["during"])


@pytest.mark.parametrize("orientation", sorted(SIZES))
@pytest.mark.parametrize("shot", ["vile_scoreboard", "vile_ritual", "vile_winner"])
def test_screens__look_as_reviewed(journeys: dict[str, dict], orientation: str, shot: str) -> None:
    name = f"{shot}_{orientation}.png"
    problem = compare_to_reference(OUTPUT / "vile" / orientation / name, REFERENCE / name)
    assert problem is None, problem
