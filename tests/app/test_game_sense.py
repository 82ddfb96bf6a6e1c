"""Issue 33 through the real app drawn offscreen: what the table must never do with a game
(show a hidden card, play a card for the wrong player, face the wrong seat, close a window by
itself, let typing drive the game). Each test failed before its fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion_app.tournament.mosquitto import INSTALL_HINT, find_mosquitto
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


@pytest.mark.skipif(find_mosquitto() is None, reason=INSTALL_HINT)
def test_the_broadcast_page_says_whether_a_broker_is_connected(tmp_path: Path) -> None:
    """Item 12: "Broadcasting this table ... through 127.0.0.1:18839" with nothing listening,
    still after 20 s. Now: connecting, then not connected; connected once a real Mosquitto
    listens there; not connected again when it is killed; off when stopped."""
    notes = run_journey(
        "tests.app.journeys_broadcast_state:broadcast_with_and_without_a_broker",
        OUTPUT / "broadcast_state",
        db=tmp_path / "g.sqlite",
    )["notes"]
    first, nobody, connected, lost, off = notes["said"]
    # Loopback refuses at once: the page may already say so when the tap returns.
    assert first.startswith(("Connecting to the broker at", "Not connected")), first
    assert notes["where"] in first
    assert nobody.startswith("Not connected: no broker answers at " + notes["where"])
    assert connected.startswith("Broadcasting this table as table7: connected")
    assert lost.startswith("Not connected")
    assert off.startswith("Stopped")


def test_a_card_on_a_shared_reader_is_its_owners_or_the_actors(tmp_path: Path) -> None:
    """Item 3: a card of Alena's enrolled deck laid on the shared reader while Anton holds
    priority is Alena's (refused on her panel: not her priority), not played for Anton; in
    an eight-player mulligan a card goes to the player deciding, not the turn's player."""
    notes = run_journey(
        "tests.app.journeys_seats:owner_and_actor", OUTPUT / "seats", db=tmp_path / "g.sqlite"
    )["notes"]
    owner = notes["owner"]
    assert owner["played_for"] in ([], [0]), owner
    assert owner["panels"] == [0], owner
    assert notes["mulligan_actor"] != notes["mulligan_active"]
    assert notes["mulligan"]["panels"] == [notes["mulligan_actor"]], notes["mulligan"]


def test_the_ritual_page_faces_each_decider_and_hands_back_the_table_with_its_result(
    tmp_path: Path,
) -> None:
    """Item 7: Anton's "No more sabotage" faced Alena's... the other way round: the window is
    Alena's and the page faced Anton; the component order faced the wrong seat; when done
    the page showed no result and stayed open."""
    notes = run_journey(
        "tests.app.journeys_facing:ritual_with_a_sabotage_window",
        OUTPUT / "facing",
        db=tmp_path / "g.sqlite",
    )["notes"]
    facing = notes["facing"]
    assert facing["perform"] == 1  # Anton performs
    assert facing["sabotage_decider"] == 0 and facing["sabotage"] == 0  # Alena's window
    assert facing["components"] == 1  # Anton orders his components
    assert notes["said"].startswith("Anton's ritual is done: strength ")
    assert notes["said"].endswith(f"energy {notes['energy']}")


def test_the_enrol_popup_faces_its_seat_inside_the_window(tmp_path: Path) -> None:
    """Item 7: the unknown-tag popup for a short-edge seat was rotated off the top (in
    landscape; portrait placed it right, and the explorer checks popups in both)."""
    notes = run_journey(
        "tests.app.journeys_popup_seat:enrol_popup_at_each_seat",
        OUTPUT / "popup_seat",
        db=tmp_path / "g.sqlite",
    )["notes"]
    for seat, popup in notes["popups"].items():
        assert popup["rotation"] == popup["want"], (seat, popup)
        assert popup["outside"] == [], (seat, popup)


def test_deeds_tactics_waits_for_the_players_unless_the_table_chose_a_countdown(
    tmp_path: Path,
) -> None:
    """Item 4: the Tactics step passed by itself after about 4 s while a player had Cards in
    play open; with hidden hands a player holding a tactic missed it."""
    notes = run_journey(
        "tests.app.journeys_windows:tactics_waits_for_the_players",
        OUTPUT / "windows",
        db=tmp_path / "g.sqlite",
    )["notes"]
    assert notes["waited"] == ["tactics", 0, ""]
    assert notes["menu_says"] == "Windows pass: in 4 s"
    assert notes["band_says"].startswith("Next step in")
    assert notes["after"] != "tactics"
