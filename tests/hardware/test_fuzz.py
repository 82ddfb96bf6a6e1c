"""Noise never crashes the host link and never becomes an event: random bytes, and well-formed
frames with random content, into an authenticated session (and into the device side)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from hardware import wire
from hardware.events import DeviceStatus
from hardware.framing import CobsSplitter
from hardware.keys import KeyStore
from hardware.link import HostLink, State
from hardware.simulator import SimulatedDevice

from .virtual_table import TABLE, VirtualTable


def open_session() -> VirtualTable:
    device = SimulatedDevice()
    keys = KeyStore()
    device.endpoint.claim = (TABLE, bytes(range(16)))
    keys.store(device.device, bytes(range(16)))
    t = VirtualTable(device, keys)
    t.connect()
    t.settle(0.2)
    assert t.link.state is State.OPEN
    t.events.clear()
    return t


def inputs(link: HostLink) -> list[object]:
    return [e for e in link.take_events() if not isinstance(e, DeviceStatus)]


def test_a_million_random_bytes_make_no_event() -> None:
    t = open_session()
    rng = random.Random(20261120)
    splitter = CobsSplitter()
    decoder = wire.StreamDecoder(key=bytes(16))
    produced: list[object] = []
    items = 0
    for _ in range(1000):
        chunk = rng.randbytes(1000)
        decoder.feed(chunk)  # the shared codec's decoder must not raise either
        for item in splitter.feed(chunk):
            items += 1
            t.link.receive(item, t.now)
        produced += inputs(t.link)
    assert produced == []
    assert items > 1000  # the noise really reached the link, as frames and errors
    assert t.link.state is State.OPEN  # and the session survived it


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_into_a_session(noise: bytes) -> None:
    t = open_session()
    for item in CobsSplitter().feed(noise + b"\x00"):
        t.link.receive(item, t.now)
    assert inputs(t.link) == []


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 15),
    st.integers(0, 0xFFFF),
    st.binary(max_size=wire.MAX_PAYLOAD),
    st.booleans(),
)
def test_well_formed_frames_with_random_content(
    msg_type: int, seq: int, payload: bytes, flag_mac: bool
) -> None:
    """A frame with a good CRC but no valid MAC: refused, never delivered, never a crash."""
    t = open_session()
    if flag_mac:
        payload = payload[: wire.MAX_SIGNED_PAYLOAD]
    raw = wire.pack(msg_type, seq, payload, bytes(16) if flag_mac else None)
    t.link.receive(raw, t.now)
    assert inputs(t.link) == []


@settings(max_examples=300, deadline=None)
@given(st.lists(st.binary(max_size=60), max_size=20))
def test_device_side_survives_noise(frames: list[bytes]) -> None:
    device = SimulatedDevice()
    device.connect(0.0)
    for f in frames:
        device.receive(f, 0.0)
    device.tick(1.0)
    device.take_outgoing()
    assert device.values == [0, 0]  # nothing set the dials
