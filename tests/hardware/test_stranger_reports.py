"""Issue 27 on the host side: the device's DIAG 4 (frames from a stranger it dropped) becomes a
DeviceStatus with the counts, and the manager keeps the last minute of them for the Devices
screen; the device's boot id comes in its first PING, and every nonce is fresh."""

from __future__ import annotations

import dataclasses

import pytest

from hardware import wire
from hardware.events import DeviceStatus
from hardware.frame_events import event_for
from hardware.manager import ATTACK_WINDOW, DeviceInfo
from hardware.peer import Peer
from hardware.simulator import SimulatedDevice

from .virtual_table import TABLE, VirtualTable


def test_diag_4_names_the_forged_and_unsigned_frames() -> None:
    frame = wire.unpack(wire.pack(wire.DIAG, 3, wire.diag_security_payload(1, 3)))
    event = event_for(Peer("a1b2c3d4"), frame)
    assert isinstance(event, DeviceStatus)
    assert (event.forged, event.unsigned) == (3, 1)
    assert (
        event.message
        == "Device a1b2c3d4 dropped 3 forged frames and 1 unsigned frame from a stranger"
    )
    with pytest.raises(wire.WireError, match="DIAG 4 detail of 1 bytes"):
        wire.parse_diag_security(b"\x01")


def test_the_devices_screen_counts_only_the_last_minute() -> None:
    info = DeviceInfo("a1b2c3d4", "simulator")
    info.stranger_reports = ((100.0, 3, 0), (130.0, 2, 5))
    assert info.stranger_frames(131.0) == (5, 5)
    assert info.stranger_frames(100.0 + ATTACK_WINDOW + 1) == (2, 5), "the first is too old"
    assert info.stranger_frames(130.0 + ATTACK_WINDOW + 1) == (0, 0)
    copy = dataclasses.replace(info)
    assert copy.stranger_frames(131.0) == (5, 5)


def test_a_device_reports_a_strangers_frames_and_the_session_stays_up() -> None:
    t = VirtualTable()
    t.device.endpoint.claim = (TABLE, bytes(range(16)))
    t.keys.store(t.device.device, bytes(range(16)))
    t.connect()
    t.settle(0.3)
    for i in range(4):
        t.device.receive(
            wire.pack(wire.SET_DIAL, i, wire.set_dial_payload(0, 9, 0, 13), bytes(16)), t.now
        )
    t.settle(0.3)
    reports = [e for e in t.events if isinstance(e, DeviceStatus) and e.forged]
    assert [(r.forged, r.unsigned) for r in reports] == [(4, 0)]
    assert t.link.rekeys == 0 and t.device.values[0] == 0


def test_the_boot_id_is_in_the_first_ping_and_every_nonce_is_fresh() -> None:
    device = SimulatedDevice(b"\xa1\xb2\xc3\xd4", dials=1, readers=0)
    nonces = []
    for i in range(20):
        device.connect(float(i))
        out = [wire.unpack(raw) for raw in device.take_outgoing()]
        hello = b"".join(f.payload[1:] for f in out if f.msg_type == wire.HELLO)
        nonces.append(wire.parse_hello(hello)[5])
        pings = [f.payload for f in out if f.msg_type == wire.PING]
        assert pings == [device.endpoint.boot_id], "unclaimed: the boot id right after HELLO"
    assert len(set(nonces)) == 20 and len({n[:4] for n in nonces}) == 20


def test_a_claim_asked_again_on_one_connection_is_the_same_claim() -> None:
    """Refused (not in pairing mode yet), then asked again: the very same CLAIM, so a device
    that took the first meanwhile answers it instead of refusing a second as busy."""
    t = VirtualTable()
    t.connect()
    t.settle(0.2)
    t.link.begin_claim(t.now)
    first = t.link._claim
    t.settle(0.2)
    assert "pairing mode" in (t.link.claim_result or "")
    t.device.hold_button(True)  # the gesture: pairing mode opens
    t.link.begin_claim(t.now)
    assert t.link._claim == first and len(first) == 13
    t.settle(0.5)
    assert t.link.claim_result == "ok" and t.link.claim_code is not None
