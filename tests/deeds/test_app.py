"""Deeds Not Words in the real app, drawn offscreen: a whole game to a winner through the
simulated device, with screenshots at both orientations compared with reviewed references."""

from __future__ import annotations

import pytest

from tests.app.imagecompare import compare_to_reference
from tests.app.test_app_offscreen import OUTPUT, REFERENCE, run_journey

SIZES = {"landscape": "1280x800", "portrait": "800x1280"}


@pytest.fixture(scope="module")
def journeys(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    out = {}
    for orientation, size in SIZES.items():
        db = tmp_path_factory.mktemp(f"deeds-{orientation}") / "g.sqlite"
        out[orientation] = run_journey(
            "tests.deeds.journeys:whole_game", OUTPUT / "deeds" / orientation, db=db, size=size
        )
    return out


@pytest.mark.parametrize("orientation", sorted(SIZES))
def test_journey__a_whole_game_to_a_winner(journeys: dict[str, dict], orientation: str) -> None:
    notes = journeys[orientation]["notes"]
    assert "Scavenger" in notes["attack_prediction"]
    assert "Medic" in notes["block_prediction"] and "-> 3" in notes["block_prediction"]
    assert notes["winner"] == ("Amy", "John")[notes["first"]]
    assert notes["confirm_enabled"]
    # Over the hand limit, a scanned card that could be deployed asked first.
    assert notes["asked"] in ([], ["Discard Shambler"]), notes["asked"]
    assert min(notes["bases"]) <= 0
    # The assistant faced the attacker for attackers, then turned to the defender for blocks.
    assert all(facing == decider for facing, decider in notes["facing"]), notes["facing"]
    assert notes["facing"][0][0] != notes["facing"][1][0]


@pytest.mark.parametrize("shot", ["deeds_battle", "deeds_scoreboard", "deeds_winner"])
@pytest.mark.parametrize("orientation", sorted(SIZES))
def test_screens_look_as_reviewed(journeys: dict[str, dict], orientation: str, shot: str) -> None:
    name = f"{shot}_{orientation}.png"
    problem = compare_to_reference(OUTPUT / "deeds" / orientation / name, REFERENCE / name)
    assert problem is None, problem
