"""BLE through bleak's own BleakScanner and BleakClient over Bumble's host stack (the tablet) and a
Bumble peripheral serving the device simulator as the firmware serves its link (the device):
scanning with scan responses, GATT discovery, the CCCD subscription, notifications and
writes without response are real ATT exchanges; only the radio between them is virtual."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from bleak import BleakClient, BleakScanner

from hardware import wire
from hardware.events import DeviceStatus, DialChanged, Event, TagPresented, TagRemoved
from hardware.manager import DeviceManager, EventStream
from hardware.simulator import SimulatedDevice
from hardware.transports import ble
from hardware.transports.ble import BleakBackends, BleTransport
from tests.support.bumble_bleak.backend import backends_on
from tests.support.bumble_bleak.peripheral import AltarPeripheral
from tests.support.bumble_bleak.radio import Radio

TABLE = b"\x7a\x62\x1e\x05"
KEY = bytes(range(16))
UID = bytes.fromhex("04112233445566")


@dataclass
class Air:
    radio: Radio
    backends: BleakBackends
    devices: list[AltarPeripheral]


@asynccontextmanager
async def air(*sims: SimulatedDevice, mtu: int | None = None) -> AsyncIterator[Air]:
    """A tablet (Bumble central) and one Bumble peripheral per simulated device, advertising."""
    radio = Radio()
    tablet = radio.device("tablet")
    await tablet.power_on()
    devices = [AltarPeripheral(radio.device(f"device {i}"), s) for i, s in enumerate(sims)]
    for d in devices:
        await d.start()
    try:
        yield Air(radio, backends_on(tablet, mtu), devices)
    finally:
        for d in [*devices]:
            await d.device.power_off()
        await tablet.power_off()


def claimed(device_id: bytes = b"\xa1\xb2\xc3\xd4", table: bytes = TABLE) -> SimulatedDevice:
    sim = SimulatedDevice(device_id)
    sim.endpoint.claim = (table, KEY)
    return sim


async def next_matching(events: EventStream, pred: Callable[[Event], bool]) -> Event:
    async with asyncio.timeout(10):
        async for e in events:
            if pred(e):
                return e
    raise AssertionError("stream ended")


def connected(e: Event) -> bool:
    return isinstance(e, DeviceStatus) and "is connected" in e.message


def test_scan_keeps_only_our_service_and_this_table() -> None:
    async def main() -> None:
        ours = claimed()
        theirs = claimed(b"\x99\x99\x99\x99", table=b"\x01\x01\x01\x01")  # the next table's
        fresh = SimulatedDevice(b"\x55\x66\x77\x88")  # unclaimed
        async with air(ours, theirs, fresh) as a:
            found = await ble.scan(TABLE, timeout=0.5, backends=a.backends)
            # The claimed device's name is the short "Altar" of its scan response; the
            # unclaimed one's full name; the other table's device is not shown.
            assert sorted((f.name, f.table_id) for f in found) == [
                ("Altar", TABLE),
                ("Altar-55667788", None),
            ]
            everyone = await ble.scan(None, timeout=0.5, backends=a.backends)
            assert len(everyone) == 3

    asyncio.run(main())


def test_bleak_sees_the_firmware_gatt_service() -> None:
    async def main() -> None:
        async with air(claimed()) as a:
            device = await BleakScanner.find_device_by_filter(
                lambda d, adv: wire.BLE_SERVICE_UUID in adv.service_uuids,
                timeout=2,
                backend=a.backends.scanner,
            )
            assert device is not None
            async with BleakClient(device, backend=a.backends.client) as client:
                service = client.services.get_service(wire.BLE_SERVICE_UUID)
                assert service is not None
                events = service.get_characteristic(wire.BLE_NOTIFY_UUID)
                commands = service.get_characteristic(wire.BLE_WRITE_UUID)
                assert events is not None and commands is not None
                assert sorted(events.properties) == ["notify", "read"]
                assert "write-without-response" in commands.properties
                # The CCCD the subscription writes, found by discovery.
                assert [d.uuid[4:8] for d in events.descriptors] == ["2902"]
                assert client.mtu_size == 23
                assert commands.max_write_without_response_size == wire.MAX_FRAME

    asyncio.run(main())


def transport(a: Air, target: str, table: bytes | None = TABLE) -> BleTransport:
    return BleTransport(target, table, backends=a.backends, scan_timeout=0.5)


async def inputs(events: EventStream, n: int) -> list[Event]:
    """The next ``n`` events that are not status messages."""
    got: list[Event] = []
    while len(got) < n:
        e = await next_matching(events, lambda e: not isinstance(e, DeviceStatus))
        got.append(e)
    return got


@pytest.mark.parametrize("mtu", [None, 247], ids=["default ATT MTU", "negotiated MTU 247"])
def test_claim_play_drop_mid_game_and_reconnect(tmp_path: Path, mtu: int | None) -> None:
    """The whole claim (X25519, the six-digit code, the held button) over GATT, a game's
    events, the dial stop, a dropped connection mid-game and the reconnect with replay."""

    async def main() -> None:
        sim = SimulatedDevice()  # unclaimed, as out of the box
        async with air(sim, mtu=mtu) as a:
            manager = DeviceManager(TABLE, keys_path=str(tmp_path / "keys.sqlite"))
            events = manager.events()
            # By its name, as a player reads it off the box.
            runner = manager.add_transport(transport(a, "Altar-a1b2c3d4"))
            await next_matching(events, lambda e: "not claimed" in getattr(e, "message", ""))
            sim.hold_button(True)
            await manager.claim("a1b2c3d4")
            sim.hold_button(False)
            status = await next_matching(events, lambda e: "claimed by this table" in str(e))
            assert re.search(r"claim code \d{6}\)", str(status))
            sim.turn_dial(1, 6)
            assert await inputs(events, 1) == [DialChanged("a1b2c3d4", 1, 6)]
            # The device kept the key the table agreed (so both showed the same code).
            assert sim.endpoint.claim == (TABLE, manager.keys.key_for("a1b2c3d4"))
            peripheral = a.devices[0]
            assert peripheral.connection is not None
            assert peripheral.connection.att_mtu == (mtu or 23)
            await manager.set_dial("a1b2c3d4", 0, 13, 0, 13)
            assert await inputs(events, 1) == [DialChanged("a1b2c3d4", 0, 13)]
            sim.turn_dial(0, 14)  # against its stop: the player hears why nothing moved
            assert await inputs(events, 1) == [DialChanged("a1b2c3d4", 0, 13, at_stop=True)]

            # Mid-game the radio drops; the device goes on; the tablet finds it again by the
            # address it learnt (claimed, it advertises only "Altar" now) and its claim.
            assert a.radio.drop(peripheral.device) == 1
            sim.turn_dial(0, 5)
            sim.place_tag(0, UID, card_ref="z042")
            await next_matching(events, lambda e: "lost its connection" in str(e))
            await next_matching(events, connected)
            assert await inputs(events, 2) == [
                DialChanged("a1b2c3d4", 0, 5),
                TagPresented("a1b2c3d4", 0, UID, "z042"),
            ]
            sim.remove_tag(0)
            assert await inputs(events, 1) == [TagRemoved("a1b2c3d4", 0, UID)]
            assert peripheral.connections == 2
            assert runner.info.connected and runner.info.claimed
            assert runner.info.signal == -50  # the RSSI the virtual controller reports
            # Every frame the host wrote went as one write without response, within one ATT
            # payload of the default MTU.
            assert 0 < peripheral.largest_write <= wire.MAX_FRAME
            await manager.close()

    asyncio.run(main())
