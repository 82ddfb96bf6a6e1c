"""A whole game of Vile Incantations through the real app drawn offscreen, in both
orientations, with its screenshots compared to reviewed references."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.both_orientations import SIZES, looks_as_reviewed, whole_games
from tests.app.test_app_offscreen import OUTPUT, run_journey


@pytest.fixture(scope="module")
def journeys(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    return whole_games("vile", tmp_path_factory)


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
    looks_as_reviewed("vile", orientation, shot)


@pytest.mark.parametrize("orientation", sorted(SIZES))
def test_table__the_acting_seat_with_four_decisions_and_a_monster_keeps_every_text_whole(
    tmp_path: Path, orientation: str
) -> None:
    """Issue 33, item 6: with four decisions under its question, the acting seat's tiles were
    squeezed until their numbers spilled out ("'2' spills out of its box", seed 5, step 58)
    and its energy shrank towards the size of a label."""
    notes = run_journey(
        "tests.vile.journeys:acting_seat_room",
        OUTPUT / "vile" / f"crowded_{orientation}",
        db=tmp_path / "g.sqlite",
        size=SIZES[orientation],
    )["notes"]
    assert notes["problems"] == []
