"""The link as an attacker at the next table sees it (docs/protocol.md, "Threat model").

Each test sends what a stranger could (noise, forged, reflected, replayed, tampered frames, every
type from the wrong side) into an unclaimed, a half-claimed and an open link, then checks that
nothing became an event and that the session is alive: the real device's next event arrives.
"""

from __future__ import annotations

import random

from hardware import wire
from hardware.events import DeviceStatus, DialChanged
from hardware.keys import KeyStore
from hardware.link import State
from hardware.simulator import SimulatedDevice

from .virtual_table import TABLE, VirtualTable

KEY = bytes(range(16))
DEV = "a1b2c3d4"


def inputs(events: list[object]) -> list[object]:
    return [e for e in events if not isinstance(e, DeviceStatus)]


def open_table() -> VirtualTable:
    device = SimulatedDevice()
    keys = KeyStore()
    device.endpoint.claim = (TABLE, KEY)
    keys.store(device.device, KEY)
    t = VirtualTable(device, keys)
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
    t.link.unclaim()
    t.settle(0.1)
    assert t.keys.key_for(DEV) is None and t.device.endpoint.claim is None
