"""The host link against the simulated device, frame by frame, with a made-up clock."""

from __future__ import annotations

from hardware import wire
from hardware.events import ButtonPressed, DeviceStatus, DialChanged, TagPresented, TagRemoved
from hardware.keys import KeyStore
from hardware.link import RETRY_AFTER, State
from hardware.simulator import SimulatedDevice

from .virtual_table import TABLE, VirtualTable

UID = bytes.fromhex("04a1b2c3d4e5f6")


def inputs(events: list[object]) -> list[object]:
    return [e for e in events if not isinstance(e, DeviceStatus)]


def claimed_table(**kwargs: object) -> VirtualTable:
    """A device already claimed by TABLE, with the key in the host's store."""
    device = SimulatedDevice()
    keys = KeyStore()
    key = bytes(range(16))
    device.endpoint.claim = (TABLE, key)
    keys.store(device.device, key)
    t = VirtualTable(device, keys, **kwargs)  # type: ignore[arg-type]
    t.connect()
    t.settle(0.2)
    return t


def test_claimed_device_authenticates_and_events_arrive_signed_in_order() -> None:
    t = claimed_table()
    assert t.link.state is State.OPEN
    t.device.turn_dial(0, 5)
    t.device.place_tag(0, UID, card_ref="z001")
    t.device.press_button(0, "long")
    t.device.remove_tag(0)
    t.settle(0.1)
    assert all(getattr(e, "trusted", True) for e in t.events)
    assert inputs(t.events) == [
        DialChanged("a1b2c3d4", 0, 5),
        TagPresented("a1b2c3d4", 0, UID, "z001"),
        ButtonPressed("a1b2c3d4", 0, "long"),
        TagRemoved("a1b2c3d4", 0, UID),
    ]
    unsigned = {wire.HELLO, wire.AUTH}  # the handshake, before the session key exists
    assert all(wire.is_signed(f) for f in t.to_host if wire.unpack(f).msg_type not in unsigned)


def test_events_made_while_disconnected_arrive_after_reconnect() -> None:
    t = claimed_table()
    t.disconnect()
    for v in range(1, 6):
        t.device.turn_dial(1, v)
    t.settle(0.5)
    assert inputs(t.events) == []
    t.connect()
    t.settle(0.5)
    assert [e.value for e in inputs(t.events) if isinstance(e, DialChanged)] == [1, 2, 3, 4, 5]


def test_set_dial_is_applied_once_and_answered_with_the_dial_value() -> None:
    t = claimed_table()
    t.link.queue_command(wire.SET_DIAL, wire.set_dial_payload(1, 9, 0, 20))
    t.settle(0.2)
    assert t.device.values[1] == 9 and t.device.ranges[1] == (0, 20)
    assert inputs(t.events) == [DialChanged("a1b2c3d4", 1, 9)]
    t.device.turn_dial(1, 30)  # clamped to the new range
    t.settle(0.1)
    assert inputs(t.events)[-1] == DialChanged("a1b2c3d4", 1, 20)


def test_new_claim_needs_the_button_held() -> None:
    t = VirtualTable()
    t.connect()
    t.settle(0.2)
    assert t.link.state is State.UNCLAIMED
    t.link.begin_claim(t.now)
    t.settle(0.2)
    assert "pairing mode" in (t.link.claim_result or "")
    assert t.link.state is State.UNCLAIMED  # refused, the device carries on as it was
    assert t.keys.key_for("a1b2c3d4") is None and t.device.endpoint.claim is None

    t.device.hold_button(True)
    t.link.begin_claim(t.now)
    t.settle(0.3)
    assert t.link.claim_result == "ok" and t.link.state is State.OPEN
    # The key was agreed by X25519, never sent: both ends hold the same new 16 bytes.
    key = t.keys.key_for("a1b2c3d4")
    assert key is not None and len(key) == 16
    assert t.device.endpoint.claim == (TABLE, key)
    assert t.link.claim_code is not None and len(t.link.claim_code) == 6


def test_a_new_claim_waits_for_the_players_press_and_nothing_is_kept_before_it() -> None:
    """Issue 35: a proved new claim is the table's only once the players press on the device;
    until then the table stores no key, says what to do, and sends nothing signed."""
    t = VirtualTable()
    t.connect()
    t.settle(0.2)
    t.device.hold_button(True, confirm=False)  # pairing open; nobody presses yet
    t.link.begin_claim(t.now)
    t.settle(1.0)
    assert t.link.awaiting_press and t.link.claim_result is None
    assert t.keys.key_for("a1b2c3d4") is None and t.device.endpoint.claim is None
    said = [e.message for e in t.events if isinstance(e, DeviceStatus)]
    assert any("press dial 0's button once to confirm" in m for m in said), said
    t.device.press_to_confirm(t.now)
    t.settle(0.3)
    assert t.link.claim_result == "ok" and not t.link.awaiting_press
    key = t.keys.key_for("a1b2c3d4")
    assert key is not None and t.device.endpoint.claim == (TABLE, key)
    t.device.turn_dial(0, 4)
    t.settle(0.2)
    assert DialChanged("a1b2c3d4", 0, 4) in inputs(t.events), "the session serves, signed"


def test_an_unclaimed_device_s_events_met_by_its_new_claim_are_not_reported_nor_lost() -> None:
    """An unclaimed device streams its events unsigned until it reads the table's CLAIM; those
    that cross the CLAIM are expected, not a stranger's: no "unsigned" warning for the player.
    Its ring sends them again, signed, once the session opens."""
    t = VirtualTable()
    t.connect()
    t.settle(0.2)
    t.device.hold_button(True)
    t.link.begin_claim(t.now)
    for value in range(1, 6):
        t.device.turn_dial(0, value)
        t.step()
    t.settle(0.5)
    assert t.link.claim_result == "ok" and t.link.state is State.OPEN
    assert t.link.unsigned_before_claim > 0, "some crossed the claim"
    assert [r for r in t.reports if r.kind == "unsigned"] == []
    dials = [e for e in inputs(t.events) if isinstance(e, DialChanged)]
    assert [e.value for e in dials] == [1, 2, 3, 4, 5] and all(e.trusted for e in dials)


def test_an_unsigned_event_is_still_reported_in_a_session_and_in_a_known_device_s_claim() -> None:
    t = VirtualTable()
    t.connect()
    t.settle(0.2)
    t.device.hold_button(True)
    t.link.begin_claim(t.now)
    t.settle(0.5)
    t.inject(wire.pack(wire.DIAL, 40, wire.dial_payload(0, 9)))  # a stranger's, in the session
    assert [r.kind for r in t.reports].count("unsigned") == 1
    # A device this table claimed before never sends unsigned events: during its handshake
    # (a reconnect), one is a stranger's.
    k = claimed_table()
    k.disconnect()
    k.connect()
    k.step()
    assert k.link.state is State.CLAIMING
    k.inject(wire.pack(wire.DIAL, 40, wire.dial_payload(0, 9)))
    assert [r.kind for r in k.reports].count("unsigned") == 1


def test_unclaimed_device_events_are_refused_and_reported_once() -> None:
    t = VirtualTable()
    t.connect()
    t.settle(0.1)
    t.device.turn_dial(0, 3)
    t.device.turn_dial(0, 4)
    t.settle(0.6)
    assert inputs(t.events) == []
    assert [r.kind for r in t.reports] == ["unclaimed"]


def test_unclaimed_device_is_accepted_when_asked_for_the_monitor() -> None:
    t = VirtualTable(accept_unclaimed=True)
    t.connect()
    t.device.turn_dial(0, 3)
    t.settle(0.2)
    assert inputs(t.events) == [DialChanged("a1b2c3d4", 0, 3)]
    assert not t.events[-1].trusted  # marked: no claim, no MAC


def test_device_claimed_by_another_table_is_refused() -> None:
    device = SimulatedDevice()
    device.endpoint.claim = (b"\x00\x00\x00\x01", bytes(16))
    keys = KeyStore()
    keys.store(device.device, bytes(16))
    t = VirtualTable(device, keys)
    t.connect()
    t.settle(0.2)
    assert t.link.state is State.REFUSED
    assert "another table" in t.reports[0].message


def test_wrong_key_is_refused_both_ways() -> None:
    device = SimulatedDevice()
    device.endpoint.claim = (TABLE, bytes(16))
    keys = KeyStore()
    keys.store(device.device, b"\x01" * 16)
    t = VirtualTable(device, keys)
    t.connect()
    t.settle(0.2)
    assert t.link.state is State.REFUSED
    assert any(r.kind == "bad-proof" for r in t.reports)


def test_forged_and_replayed_frames_are_refused_and_reported() -> None:
    t = claimed_table()
    t.device.turn_dial(0, 2)
    t.settle(0.1)
    old_session = [f for f in t.to_host if wire.unpack(f).msg_type == wire.DIAL]
    t.disconnect()
    t.connect()
    t.settle(0.2)
    before = list(t.events)
    t.inject(old_session[-1])  # signed with the earlier session's key
    t.inject(wire.pack(wire.DIAL, 50, wire.dial_payload(0, 13), b"\x00" * 16))  # forged MAC
    t.inject(wire.pack(wire.DIAL, 51, wire.dial_payload(0, 13)))  # unsigned
    assert inputs(t.events) == inputs(before)
    assert {r.kind for r in t.reports} == {"replay", "bad-mac", "unsigned"}
    assert t.peers["a1b2c3d4"].refused == 3


def test_other_protocol_version_is_refused_with_a_message() -> None:
    t = VirtualTable()
    t.connect()
    # A version 1 device's HELLO: 19 bytes of payload in one 24-byte frame.
    body = bytes([0x20, 0, 0, 1, 1, 0, 0]) + bytes.fromhex("01020304") + bytes([0, 1, 1]) + bytes(8)
    t.link = t._new_link()
    t.link.start(0)
    t.inject(body + wire.crc16(body).to_bytes(2, "little"))
    assert t.link.state is State.REFUSED
    assert "protocol version 1" in t.reports[0].message
    assert "update the firmware" in t.reports[0].message


def test_host_restart_keeps_going_from_the_devices_ring() -> None:
    t = claimed_table()
    t.device.turn_dial(0, 1)
    t.settle(0.1)
    t.disconnect()
    t.device.turn_dial(0, 2)
    t.peers.clear()  # the app restarted: it remembers nothing of this device's numbering
    t.connect()
    t.settle(0.3)
    assert [e.value for e in inputs(t.events) if isinstance(e, DialChanged)] == [1, 2]


def test_device_reboot_restarts_numbering() -> None:
    t = claimed_table()
    t.device.turn_dial(0, 1)
    t.settle(0.1)
    t.disconnect()
    t.device.endpoint.reboot()
    t.device.turn_dial(0, 2)
    t.connect()
    t.settle(0.3)
    assert [e.value for e in inputs(t.events) if isinstance(e, DialChanged)] == [1, 2]


def test_ring_overflow_is_reported_not_silent() -> None:
    t = claimed_table()
    t.disconnect()
    for v in range(40):
        t.device.turn_dial(0, v % 14)
    t.connect()
    t.settle(0.5)
    dials = [e for e in inputs(t.events) if isinstance(e, DialChanged)]
    assert len(dials) < 40 and dials[-1].value == 39 % 14
    messages = [e.message for e in t.events if isinstance(e, DeviceStatus)]
    assert any("replay ring overflow" in m for m in messages)
    assert any("lost" in m for m in messages)


def test_quiet_link_is_noticed() -> None:
    t = claimed_table()
    assert not t.link.quiet(t.now)
    t.disconnect()
    t.settle(1.5)  # its last frame (a PONG) came at most PING_EVERY before
    assert not t.link.quiet(t.now)
    t.settle(1.6)
    assert t.link.quiet(t.now)


def test_a_stall_of_the_host_itself_is_not_the_device_s_silence() -> None:
    """A loaded tablet's event loop once stood still for 6 s: the link, ticked again, found no
    frame for 6 s and dropped a live device (with an unclaim still queued). Time this host was
    not listening counts for little; a device really gone is still noticed."""
    t = claimed_table()
    t.now += 6.0  # nothing ran: no tick, no frame either way
    t.step()  # the first tick after the stall: its PING goes out, the PONG comes back
    assert not t.link.quiet(t.now)
    t.settle(0.2)
    assert not t.link.quiet(t.now) and t.link.state is State.OPEN
    t.disconnect()
    for _ in range(5):  # gone, and this host stalls again and again while it waits
        t.now += 6.0
        t.step()
    t.settle(0.6)
    assert t.link.quiet(t.now)


def test_a_claim_sent_again_on_a_slow_line_is_refused_once() -> None:
    """On a slow line (a loaded tablet) the host sends its CLAIM again before the device's
    REFUSE arrives, and the device refuses both. The second REFUSE answers a claim already
    refused: the device carries on unclaimed, its link not dropped as a refused one."""
    t = VirtualTable()
    t.connect()
    t.settle(0.2)
    t.link.begin_claim(t.now)
    to_device = t.link.take_outgoing()
    t.now += RETRY_AFTER
    t.link.tick(t.now)  # no answer yet: the claim goes again
    to_device += t.link.take_outgoing()
    for raw in to_device:
        t.device.receive(raw, t.now)
    answers = t.device.take_outgoing()
    assert [wire.unpack(raw).msg_type for raw in answers].count(wire.REFUSE) == 2
    for raw in answers:
        t.link.receive(raw, t.now)
    t.collect()
    assert "pairing mode" in (t.link.claim_result or "")
    assert t.link.state is State.UNCLAIMED
