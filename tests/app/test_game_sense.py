"""Issue 33 through the real app drawn offscreen: what the table must never do with a game
(show a hidden card, play a card for the wrong player, face the wrong seat, close a window by
itself, let typing drive the game). Each test failed before its fix."""

from __future__ import annotations

from pathlib import Path

from tests.app.test_app_offscreen import OUTPUT, run_journey


def test_zg_hidden_hands_no_face_down_card_is_named_until_the_test_flips_it(
    tmp_path: Path,
) -> None:
    """Basic Rules 3-5: hand cards scanned at the start, the action card and the target card
    are acknowledged without their faces, on the table, in the log and the broadcast; the
    spin flips the two cards of the test over and names them."""
    notes = run_journey(
        "tests.app.journeys_hidden:hands_and_a_test", OUTPUT / "hidden", db=tmp_path / "g.sqlite"
    )["notes"]
    assert notes["leaks"] == []
    assert notes["panels"] == ["A card, face down"]
    assert len(notes["named_after_spin"]) == 2


def test_keys_typed_into_a_field_reach_that_field_only(tmp_path: Path) -> None:
    """Item 5: a broker's host typed on the Broadcast page turned a dial, digits scanned
    cards and "0" offered to enrol a tag."""
    notes = run_journey(
        "tests.app.journeys_keys:typing_on_the_broadcast_page",
        OUTPUT / "keys",
        db=tmp_path / "g.sqlite",
    )["notes"]
    assert notes["moved"] == []
    assert notes["field"] == notes["typed"]
