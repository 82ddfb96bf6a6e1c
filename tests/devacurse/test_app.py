"""Devacurse in the real app drawn offscreen: a whole journey to a winner, in both
orientations, with screenshots compared to the reviewed references."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.imagecompare import compare_to_reference
from tests.app.test_app_offscreen import OUTPUT, REFERENCE, run_journey

SHOTS = ("devacurse_scoreboard", "devacurse_combat", "devacurse_winner")


@pytest.mark.parametrize("size", ["1280x800", "800x1280"])
def test_a_whole_game_of_devacurse_to_a_winner(tmp_path: Path, size: str) -> None:
    out = OUTPUT / "app" / f"devacurse_{size}"
    result = run_journey(
        "tests.devacurse.journeys:whole_game", out, db=tmp_path / "g.sqlite", size=size
    )
    notes = result["notes"]
    assert notes["winner"] == "Alena"
    assert "1 blessing unspent: Faith 20 to 19" in notes["alena_lines"]
    assert "Temple Guard (Anton) dies: to the Cenotaph" in notes["forecast"]
    orientation = "portrait" if size == "800x1280" else "landscape"
    for name in SHOTS:
        shot = out / f"{name}.png"
        assert shot.stat().st_size > 5000
        problem = compare_to_reference(shot, REFERENCE / f"{name}_{orientation}.png")
        assert problem is None, problem


@pytest.mark.parametrize("size", ["1280x800", "800x1280"])
def test_table__the_acting_seat_with_four_blocks_a_soldier_and_a_hero_keeps_every_text_whole(
    tmp_path: Path, size: str
) -> None:
    """Issue 33, item 6: with four blocks under its question, the acting seat's tiles were
    squeezed until their numbers spilled out ("'2' spills out of its box", seed 5, step 71)."""
    notes = run_journey(
        "tests.devacurse.journeys:acting_seat_room",
        OUTPUT / "app" / f"devacurse_crowded_{size}",
        db=tmp_path / "g.sqlite",
        size=size,
    )["notes"]
    assert notes["problems"] == []
