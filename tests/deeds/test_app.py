"""Deeds Not Words in the real app, drawn offscreen: a whole game to a winner through the
simulated device, with screenshots at both orientations compared with reviewed references."""

from __future__ import annotations

import re

import pytest

from tests.app.both_orientations import SIZES, looks_as_reviewed, whole_games


@pytest.fixture(scope="module")
def journeys(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    return whole_games("deeds", tmp_path_factory)


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
    # The history page counts rounds under its plots, never turns (its "Turn" button turns
    # the page to the next edge).
    words = notes["history_words"]
    assert any(w.startswith("round ") for w in words), words
    assert not any(re.search(r"\bturn \d", w, re.IGNORECASE) for w in words), words


@pytest.mark.parametrize("shot", ["deeds_battle", "deeds_scoreboard", "deeds_winner"])
@pytest.mark.parametrize("orientation", sorted(SIZES))
def test_screens_look_as_reviewed(journeys: dict[str, dict], orientation: str, shot: str) -> None:
    looks_as_reviewed("deeds", orientation, shot)
