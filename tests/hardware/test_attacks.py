"""The link as an attacker at the next table sees it (docs/protocol.md, "Threat model").

Each test sends what a stranger could (noise, forged, reflected, replayed, tampered frames, every
type from the wrong side) into an unclaimed, a half-claimed and an open link, then checks that
nothing became an event and that the session is alive: the real device's next event arrives.
"""

from __future__ import annotations

import random

import pytest

from hardware import handshake, wire
from hardware.events import DeviceStatus, DialChanged
from hardware.keys import KeyStore
from hardware.link import State
from hardware.simulator import SimulatedDevice

from .virtual_table import TABLE, VirtualTable

KEY = bytes(range(16))
DEV = "a1b2c3d4"


def inputs(events: list[object]) -> list[object]:
    return [e for e in events if not isinstance(e, DeviceStatus)]


def claimed_table() -> VirtualTable:
    """A device this table claimed before (both hold KEY), not yet connected."""
    device = SimulatedDevice()
    keys = KeyStore()
    device.endpoint.claim = (TABLE, KEY)
    keys.store(device.device, KEY)
    return VirtualTable(device, keys)


def first_hello(t: VirtualTable) -> None:
    """The transport opened by hand, so a test can stand between the device and the link."""
    t.link = t._new_link()
    t.device.connect(t.now)
    t.link.start(t.now)


def open_table() -> VirtualTable:
    t = claimed_table()
    t.connect()
    t.settle(0.2)
    assert t.link.state is State.OPEN
    return t


def still_serves(t: VirtualTable, value: int = 9) -> None:
    """The session is alive both ways: a dial turn arrives, and a SET_DIAL is applied."""
    t.events.clear()
    t.device.turn_dial(0, value)
    t.settle(0.3)
    assert inputs(t.events)[-1:] == [DialChanged(DEV, 0, value)], t.reports
    t.link.queue_command(wire.SET_DIAL, wire.set_dial_payload(1, 4, 0, 13))
    t.settle(0.3)
    assert t.device.values[1] == 4


def random_frames(rng: random.Random, n: int, signed_share: float = 0.5) -> list[bytes]:
    """Frames with good CRCs: every type, random numbers and payloads, signed with a wrong key
    or not, some of another version."""
    out = []
    for _ in range(n):
        t = rng.randrange(16)
        key = rng.randbytes(16) if rng.random() < signed_share else None
        limit = wire.MAX_SIGNED_PAYLOAD if key else wire.MAX_PAYLOAD
        raw = bytearray(
            wire.pack(t, rng.randrange(65536), rng.randbytes(rng.randrange(limit + 1)), key)
        )
        if rng.random() < 0.1:
            raw[0] = (raw[0] & 0x1F) | (rng.choice((0, 1, 3, 7)) << 5)  # another version
            raw[-2:] = wire.crc16(raw, 0, len(raw) - 2).to_bytes(2, "little")
        out.append(bytes(raw))
    return out


FUZZ_FRAMES = 3000


def test_unsigned_and_wrong_side_fuzz_never_ends_an_open_session() -> None:
    t = open_table()
    rng = random.Random(14)
    for raw in random_frames(rng, FUZZ_FRAMES, signed_share=0.0):
        t.inject(raw)
        t.step()  # the real device keeps talking in between
        assert t.link.state is State.OPEN
    assert inputs(t.events) == [] and t.link.rekeys == 0
    assert t.peers[DEV].refused + t.peers[DEV].noise >= FUZZ_FRAMES // 2
    still_serves(t)


def test_forged_mac_fuzz_never_ends_the_session() -> None:
    """Frames with good CRCs and wrong MACs (issue 27): each is dropped and counted, none ends
    the owner's session, so a forger's flood costs the forger, not the table."""
    t = open_table()
    rng = random.Random(15)
    for raw in random_frames(rng, FUZZ_FRAMES, signed_share=1.0):
        t.inject(raw)
        t.step()
        assert t.link.state is State.OPEN
    assert inputs(t.events) == [] and t.link.rekeys == 0
    assert t.link.bad_macs > FUZZ_FRAMES // 2
    still_serves(t)


@pytest.mark.parametrize("seed", range(5))
def test_fuzzing_unclaimed_and_half_claimed_links(seed: int) -> None:
    """Before a session (waiting for HELLO, claiming, unclaimed) nothing raises and nothing
    forged becomes a trusted event; the claim still completes and the session serves."""
    rng = random.Random(seed)
    t = claimed_table()
    t.connect()
    for raw in random_frames(rng, 400, signed_share=0.3):
        t.inject(raw)  # waiting for HELLO, then claiming: half-claimed
        t.step()
    t.settle(0.5)
    assert inputs(t.events) == []
    if t.link.state is not State.OPEN:
        t.connect()  # a forged REFUSE can fail a claim in flight: the manager reconnects
        t.settle(0.3)
    still_serves(t, 3)

    unclaimed = VirtualTable()
    unclaimed.connect()
    for raw in random_frames(rng, 400):
        unclaimed.inject(raw)
        unclaimed.step()
    assert inputs(unclaimed.events) == []  # not accepted from an unclaimed device
    assert unclaimed.link.state in (State.UNCLAIMED, State.REFUSED, State.WAIT_HELLO)


def test_unsigned_refuse_hello_auth_and_other_version_do_not_end_a_session() -> None:
    t = open_table()
    hello = wire.hello_payload((1, 0, 0), bytes.fromhex(DEV), 0, 2, 1, bytes(8))
    attacks = [
        wire.pack(wire.REFUSE, 0, wire.refuse_payload(wire.REFUSE_BAD_PROOF, "no")),
        *[wire.pack(wire.HELLO, 30000, p) for p in handshake.parts(hello)],
        wire.pack(wire.AUTH, 0, bytes(8)),
        wire.pack(wire.KEY, 0, bytes(15)),
        wire.pack(wire.DIAL, 1, wire.dial_payload(0, 13)),
    ]
    v3 = bytearray(wire.pack(wire.REFUSE, 0, b"\x01"))
    v3[0] = (3 << 5) | wire.REFUSE
    v3[-2:] = wire.crc16(v3, 0, len(v3) - 2).to_bytes(2, "little")
    attacks.append(bytes(v3))
    for raw in attacks:
        t.inject(raw)
    assert t.link.state is State.OPEN
    assert {r.kind for r in t.reports} >= {"unsigned"}
    still_serves(t)


@pytest.mark.parametrize("msg_type", [wire.SET_DIAL, wire.FEEDBACK, wire.CLAIM])
def test_every_host_only_type_from_the_device_side_is_dropped(msg_type: int) -> None:
    t = open_table()
    for key in (None, KEY, t.link._tx_key):
        t.inject(wire.pack(msg_type, 0, bytes(4), key))
    assert any(r.kind == "wrong-side" for r in t.reports)
    still_serves(t)


def test_a_host_frame_reflected_to_the_host_fails_its_mac() -> None:
    """One key per direction: the host's own SET_DIAL or ACK sent back to it is not the device's."""
    t = open_table()
    t.link.queue_command(wire.SET_DIAL, wire.set_dial_payload(0, 7, 0, 13))
    sent = t.link.take_outgoing()
    for raw in sent:
        t.device.receive(raw, t.now)
        t.inject(raw)  # reflected
    t.link.tick(t.now)
    assert len(t.link.peer.outbox) == 1 if t.link.peer else False  # not marked delivered
    assert any(r.kind in ("bad-mac", "wrong-side", "replay") for r in t.reports)
    still_serves(t)


def test_a_device_frame_reflected_to_the_device_is_ignored() -> None:
    t = open_table()
    t.device.turn_dial(0, 5)
    up = t.device.take_outgoing()
    errors = t.device.endpoint.errors
    for raw in up:
        t.device.receive(raw, t.now)  # the device's PONG, DIAL or ACK back at it
    assert t.device.endpoint.errors > errors
    for raw in up:
        t.link.receive(raw, t.now)
    still_serves(t)


def test_replay_of_a_session_frame_into_a_later_session_and_after_a_reboot() -> None:
    t = open_table()
    t.device.turn_dial(0, 2)
    t.settle(0.2)
    old_up = [f for f in t.to_host if wire.is_signed(f)]
    t.disconnect()
    t.device.endpoint.reboot()
    t.connect()
    t.settle(0.3)
    t.events.clear()
    for raw in old_up:
        t.inject(raw)
    assert inputs(t.events) == []
    assert any(r.kind == "replay" for r in t.reports)
    still_serves(t)


def test_hello_tampering_is_caught_by_the_transcript() -> None:
    """Someone in the middle rewrites every HELLO's nonce: the device's proof, over the HELLO it
    sent, never matches the one the host saw, so no session opens on a doctored HELLO."""
    t = claimed_table()
    device = t.device
    first_hello(t)
    for _ in range(50):
        t.now += 0.01
        for raw in device.take_outgoing():
            f = wire.unpack(raw)
            payload = bytearray(f.payload)
            if f.msg_type == wire.HELLO and payload[0] == 0x11:
                payload[-1] ^= 0xFF  # the nonce's last byte
            t.link.receive(wire.pack(f.msg_type, f.seq, bytes(payload)), t.now)
        t.link.tick(t.now)
        for raw in t.link.take_outgoing():
            device.receive(raw, t.now)
        assert t.link.state is not State.OPEN
    assert any(r.kind == "bad-proof" for r in t.link.take_reports() + t.reports)


def test_hello_sequence_number_is_not_trusted() -> None:
    """HELLO's number rewritten to 30000: the host learns the numbering from the first signed
    frame instead, so later events are not dropped as duplicates."""
    t = claimed_table()
    device = t.device
    first_hello(t)
    for raw in device.take_outgoing():
        f = wire.unpack(raw)
        t.link.receive(wire.pack(f.msg_type, 30000, f.payload), t.now)
    t.settle(0.3)
    assert t.link.state is State.OPEN
    still_serves(t)


def test_wrong_macs_end_no_session_however_many() -> None:
    t = open_table()
    old = t.link._rx_key
    for i in range(200):
        t.inject(wire.pack(wire.DIAL, i, wire.dial_payload(0, 13), bytes(16)))
    assert t.link.rekeys == 0 and t.link.state is State.OPEN and t.link._rx_key == old
    assert t.link.bad_macs == 200
    still_serves(t)


def test_sessions_rekey_before_the_numbering_can_wrap() -> None:
    """After REKEY_AFTER frames the host ends the session (a signed word) and a new handshake
    makes new keys, so a frame captured in this session is never accepted after a wrap."""
    t = open_table()
    first = t.link._rx_key
    captured = [f for f in t.to_host if wire.is_signed(f)][-1]
    t.link._frames = wire.REKEY_AFTER - 2  # as if 16,382 frames had gone by
    t.device.turn_dial(0, 1)
    t.settle(0.5)
    assert t.link.rekeys == 1 and t.link.state is State.OPEN and t.link._rx_key != first
    t.events.clear()
    t.inject(captured)
    assert inputs(t.events) == []
    still_serves(t)


def test_proofs_are_compared_in_constant_time() -> None:
    import inspect

    from hardware import link

    src = inspect.getsource(link.HostLink._on_device_auth)
    assert "compare_digest" in src and "proof != expected" not in src


def test_every_claim_makes_a_new_key_and_an_unclaim_kills_it_on_both_sides() -> None:
    t = VirtualTable()
    t.connect()
    t.settle(0.2)
    t.device.hold_button(True)
    keys = []
    for _ in range(2):
        t.link.begin_claim(t.now)
        t.settle(0.3)
        assert t.link.claim_result == "ok"
        keys.append(t.keys.key_for(DEV))
    assert keys[0] != keys[1] and None not in keys  # rotated by the second claim
    t.link.unclaim(t.now)
    t.settle(0.1)
    assert t.keys.key_for(DEV) is None and t.device.endpoint.claim is None
