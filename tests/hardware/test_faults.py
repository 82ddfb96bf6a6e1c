"""A game store's radio: 10 % of frames dropped, corrupted, duplicated or reordered, and 20
disconnects in one run. Every event must arrive once, in order."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from hardware import wire
from hardware.events import (
    ButtonPressed,
    DeviceStatus,
    DialChanged,
    Event,
    TagPresented,
    TagRemoved,
)
from hardware.keys import KeyStore
from hardware.link import Peer
from hardware.simulator import SimulatedDevice

from .virtual_table import TABLE, Faults, VirtualTable

DEV = "a1b2c3d4"


def play(t: VirtualTable, rng: random.Random, n: int) -> list[Event]:
    """Do n random things on the device; -> the events the host must see, in order."""
    expected: list[Event] = []
    d = t.device
    for i in range(n):
        choice = rng.randrange(4)
        if choice == 0:
            value = rng.randrange(14)
            d.turn_dial(i % 2, value)
            expected.append(DialChanged(DEV, i % 2, value))
        elif choice == 1:
            uid = rng.randbytes(rng.choice((4, 7, 10)))
            ref = rng.choice((None, f"z{i:03d}"))
            if d.tags[0] is not None:
                expected.append(TagRemoved(DEV, 0, d.tags[0]))
            d.place_tag(0, uid, ref)
            expected.append(TagPresented(DEV, 0, uid, ref))
        elif choice == 2 and d.tags[0] is not None:
            expected.append(TagRemoved(DEV, 0, d.tags[0]))
            d.remove_tag(0)
        else:
            kind = rng.choice(("short", "long", "double"))
            d.press_button(0, kind)
            expected.append(ButtonPressed(DEV, 0, kind))
        t.step(2)
    return expected


def received(t: VirtualTable) -> list[Event]:
    return [e for e in t.events if not isinstance(e, DeviceStatus)]


@pytest.mark.parametrize("serial", [False, True], ids=["ble-frames", "serial-bytes"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_faults_and_twenty_disconnects_lose_and_double_nothing(seed: int, serial: bool) -> None:
    device = SimulatedDevice()
    keys = KeyStore()
    device.endpoint.claim = (TABLE, bytes(range(16)))
    keys.store(DEV, bytes(range(16)))
    faults = Faults(rate=0.10, seed=seed)
    t = VirtualTable(device, keys, faults=faults, serial=serial)
    rng = random.Random(seed)
    t.connect()
    expected: list[Event] = []
    for _ in range(20):
        expected += play(t, rng, 25)
        t.disconnect()
        expected += play(t, rng, rng.randrange(1, 8))  # the device goes on while out of touch
        t.connect()
    expected += play(t, rng, 25)
    t.settle(3.0)
    assert received(t) == expected
    assert len(expected) > 400
    # The faults really happened, all four kinds.
    assert set(faults.counts) == {"drop", "corrupt", "duplicate", "reorder"}
    assert sum(faults.counts.values()) > 100
    peer = t.peers[DEV]
    assert peer.duplicates > 0 and peer.gaps > 0


def test_host_commands_survive_faults_once_each() -> None:
    device = SimulatedDevice(dials=8)
    keys = KeyStore()
    device.endpoint.claim = (TABLE, bytes(range(16)))
    keys.store(DEV, bytes(range(16)))
    t = VirtualTable(device, keys, faults=Faults(rate=0.10, seed=9))
    t.connect()
    t.settle(0.5)
    for i in range(60):
        t.peers[DEV].outbox.add(wire.FEEDBACK, wire.feedback_payload(1 + i % 3, i % 100))
        t.step(3)
        if i % 15 == 14:
            t.disconnect()
            t.step(5)
            t.connect()
    t.settle(3.0)
    assert device.feedback == [(1 + i % 3, i % 100) for i in range(60)]


def test_sequence_numbers_wrap_under_faults() -> None:
    """Numbering starts just below 65536 on both sides, so it wraps mid-run, lossy and all."""
    device = SimulatedDevice()
    keys = KeyStore()
    device.endpoint.claim = (TABLE, bytes(range(16)))
    keys.store(DEV, bytes(range(16)))
    device.endpoint.outbox._next = 0xFFF0  # as if the device had sent 65520 frames this boot
    t = VirtualTable(device, keys, faults=Faults(rate=0.10, seed=11))
    t.peers[DEV] = Peer(DEV)
    t.peers[DEV].outbox._next = 0xFFF8  # the host's numbering too, from its first frame
    rng = random.Random(11)
    t.connect()
    expected: list[Event] = []
    for i in range(4):
        expected += play(t, rng, 20)
        t.peers[DEV].outbox.add(wire.FEEDBACK, wire.feedback_payload(1, i))
        t.disconnect()
        t.connect()
    t.settle(3.0)
    assert received(t) == expected
    assert device.endpoint.outbox.oldest() < 0x100  # it did wrap
    assert device.feedback == [(1, i) for i in range(4)]


def is_subsequence(got: list[Event], want: list[Event]) -> bool:
    it = iter(want)
    return all(any(g == w for w in it) for g in got)


def harsh_run(
    seed: int, rate: float, serial: bool
) -> tuple[list[Event], list[Event], int, list[str]]:
    """The harsh script: fault rate ``rate``, a reconnect every 0.3 s of play. -> the events
    received, the events played, how many the device's ring dropped, and what the host was told
    (its DeviceStatus messages). bench/bench_ring_overflow.py counts how often the ring
    overflows on it."""
    device = SimulatedDevice()
    keys = KeyStore()
    device.endpoint.claim = (TABLE, bytes(range(16)))
    keys.store(DEV, bytes(range(16)))
    t = VirtualTable(device, keys, faults=Faults(rate=rate, seed=seed), serial=serial)
    rng = random.Random(seed)
    t.connect()
    expected: list[Event] = []
    for _ in range(3):
        expected += play(t, rng, 15)
        t.disconnect()
        expected += play(t, rng, 3)
        t.connect()
    t.settle(5.0)
    messages = [e.message for e in t.events if isinstance(e, DeviceStatus)]
    return received(t), expected, device.endpoint.outbox.dropped, messages


def plain(events: list[Event]) -> list[Event]:
    """A CARD lost to the overflow leaves its tag without a reference: compare without them."""
    return [replace(e, card_ref=None) if isinstance(e, TagPresented) else e for e in events]


def what_must_hold(
    got: list[Event], expected: list[Event], dropped: int, messages: list[str]
) -> None:
    """At any fault rate: nothing doubled or reordered; nothing lost unless the ring overflowed,
    and then never silently."""
    if dropped == 0:
        assert got == expected
    else:
        assert is_subsequence(plain(got), plain(expected))
        assert any("replay ring overflow" in m or "lost" in m for m in messages), messages


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.floats(0.0, 0.3), st.booleans())
@example(2997, 0.094, False)  # overflows below 10 %: a fresh clone's make test once drew it
def test_any_seed_and_fault_rate_up_to_30_percent(seed: int, rate: float, serial: bool) -> None:
    """Any seed, any fault rate up to 30 %, a reconnect every 0.3 s of play. When handshakes
    keep failing, the device's 32-frame ring can overflow (how often, at which rate, is a
    measurement: bench/bench_ring_overflow.py prints it): events may then be missing, but never
    silently, and never doubled or reordered. The exact, lossless runs are the seeded tests
    above."""
    what_must_hold(*harsh_run(seed, rate, serial))


def test_a_ring_that_overflowed_is_told_and_keeps_its_order() -> None:
    """The overflow branch above really runs: a seed and rate where the ring overflows."""
    for seed in range(200):
        got, expected, dropped, messages = harsh_run(seed, 0.3, serial=False)
        if dropped:
            break
    assert dropped, "no run of 200 at 30 % overflowed the ring"
    assert got != expected  # something was lost
    what_must_hold(got, expected, dropped, messages)
