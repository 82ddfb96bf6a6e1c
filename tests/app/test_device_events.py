"""Hardware events into the session (companion_app/session/device_events.py), on a small
``SessionForEvents`` of the test's own: no GameSession, no Kivy (issue 24)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion_app.session.device_events import DeviceEvents, SessionForEvents
from companion_app.session.table import FeedbackCommand
from companion_app.simulator.sim_tags import UNKNOWN_UID, sim_uid
from hardware.events import DeviceStatus, TagPresented, TagRemoved
from tests.app.session_parts import ALENAS_READER, DEVICE, EventsSide


@pytest.fixture
def side(tmp_path: Path) -> EventsSide:
    s = EventsSide(tmp_path)
    s.enrol_deck()
    return s


def scan(card_id: str, uid: bytes | None = None) -> TagPresented:
    """The scan on Alena's reader as the device manager hands it in: stamped with her seat."""
    return TagPresented(DEVICE, ALENAS_READER, uid or sim_uid(card_id), seat=0)


def test_the_small_session_is_what_device_events_ask_for(side: EventsSide) -> None:
    assert isinstance(side, SessionForEvents)


def test_a_scanned_card_is_shown_to_the_seat_of_its_reader_and_put_away_when_lifted(
    side: EventsSide,
) -> None:
    events = DeviceEvents(side)
    events.handle(scan("specter_wisp"))
    shown = side.scans[0]  # Alena's reader: shown on her side, with the engine's verdict
    assert shown.card_id == "specter_wisp" and not shown.played  # a character, in combat
    assert side.sounds.played == ["scan_refused"]
    events.handle(TagRemoved(DEVICE, ALENAS_READER, sim_uid("specter_wisp")))
    assert side.scans == {}


def test_a_spell_that_asks_for_targets_is_asked_and_the_scanned_target_picks_it(
    side: EventsSide,
) -> None:
    events = DeviceEvents(side)
    events.handle(scan("burn"))
    assert 0 in side.picking and not side.require_game().state.stack
    events.handle(TagRemoved(DEVICE, ALENAS_READER, sim_uid("burn")))
    assert 0 in side.picking  # lifting the spell keeps the question
    events.handle(scan("psychopomp"))
    assert side.picking == {} and side.require_game().state.stack[-1].name == "Burn"
    assert FeedbackCommand(DEVICE, ALENAS_READER, True) in side.sent  # the reader lights up


def test_a_screen_that_picks_by_scan_takes_the_card_first(side: EventsSide) -> None:
    picked: list[str] = []
    side.scan_pickers.append(lambda card_id: picked.append(card_id) or True)
    DeviceEvents(side).handle(scan("psychopomp"))
    assert picked == ["psychopomp"] and side.scans == {}


def test_an_unknown_tag_is_offered_for_enrolment_and_enrolled(side: EventsSide) -> None:
    events = DeviceEvents(side)
    events.handle(scan("", UNKNOWN_UID))
    assert side.unknown_tag == (0, UNKNOWN_UID.hex())
    assert side.sounds.played == ["scan_refused"]
    assert not events.enrol_unknown("no_such_card")
    assert side.said[-1] == ("There is no card 'no_such_card' in the catalog.", False, -1)
    assert events.enrol_unknown("specter_wisp")
    assert side.cards.card_for(UNKNOWN_UID) == "specter_wisp" and side.unknown_tag is None


def test_enrolling_a_deck_binds_the_next_tags_in_order(side: EventsSide) -> None:
    steps: list[tuple[int, int, str | None]] = []
    events = DeviceEvents(side)
    events.start_enrolment(["burn", "psychopomp"], lambda *step: steps.append(step))
    for uid in (b"\x04\x00\x00\x00\x00\x00\x01", b"\x04\x00\x00\x00\x00\x00\x02"):
        events.handle(TagPresented(DEVICE, ALENAS_READER, uid))
    assert [s[-1] for s in steps] == ["psychopomp", None]  # then nothing left to enrol
    assert side.cards.card_for(b"\x04\x00\x00\x00\x00\x00\x02") == "psychopomp"
    assert side.scans == {}  # an enrolment scan plays nothing


def test_a_device_back_after_an_absence_has_its_dials_set_again(side: EventsSide) -> None:
    side.seat_map.assign_dial(DEVICE, 0, 0)
    DeviceEvents(side).handle(DeviceStatus(DEVICE, connected=True))
    assert any(getattr(c, "device", None) == DEVICE for c in side.sent)


def test_with_no_game_a_device_status_is_said(side: EventsSide) -> None:
    side.table = None
    DeviceEvents(side).handle(DeviceStatus(DEVICE, connected=False, message="Dial box lost"))
    assert side.said[-1] == ("Dial box lost", False, -1)
