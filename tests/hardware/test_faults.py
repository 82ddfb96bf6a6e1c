"""A game store's radio: 10 % of frames dropped, corrupted, duplicated or reordered, and 20
disconnects in one run. Every event must arrive once, in order."""

from __future__ import annotations

import random

import pytest

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
