"""BLE through bleak's own BleakScanner and BleakClient over Bumble's host stack (the tablet) and a
Bumble peripheral serving the device simulator as the firmware serves its link (the device):
scanning with scan responses, GATT discovery, the CCCD subscription, notifications and
writes without response are real ATT exchanges; only the radio between them is virtual."""

from __future__ import annotations

import asyncio
import dataclasses
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
from hardware.simulator import PtySimulator, SimulatedDevice
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
        for d in devices:
            await d.stop()
        await tablet.power_off()


def claimed(device_id: bytes = b"\xa1\xb2\xc3\xd4", table: bytes = TABLE) -> SimulatedDevice:
    sim = SimulatedDevice(device_id)
    sim.endpoint.claim = (table, KEY)
    return sim


async def next_matching(events: EventStream, pred: Callable[[Event], bool]) -> Event:
    async with asyncio.timeout(60):  # a bound on a wait for an event, not a speed claim
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
    return BleTransport(target, table, backends=a.backends, scan_timeout=0.5, connect_timeout=0.5)


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


async def play(
    sim: SimulatedDevice, n: int, drop: Callable[[], object] | None = None
) -> list[Event]:
    """``n`` player actions at 50 a second over 8 dials and 2 readers (a tag placed or lifted
    every tenth); ``drop`` runs halfway. -> the events the table must see, in order."""
    expected: list[Event] = []
    for k in range(n):
        if drop is not None and k == n // 2:
            drop()
        if k % 10 == 9:
            reader = (k // 10) % 2
            uid = bytes([4, reader, k, 1, 2, 3, 4])
            if sim.tags[reader] is None:
                sim.place_tag(reader, uid, card_ref=f"z{k:03d}")
                expected.append(TagPresented(sim.device, reader, uid, f"z{k:03d}"))
            else:
                lifted = sim.tags[reader]
                sim.remove_tag(reader)
                expected.append(TagRemoved(sim.device, reader, lifted))
        else:
            dial = k % 8
            value = (sim.values[dial] + 1) % 14
            sim.turn_dial(dial, value)
            expected.append(DialChanged(sim.device, dial, value))
        await asyncio.sleep(0.02)  # the players' pace, 50 actions a second
    return expected


EVENTS_AT_PACE = 120
SERIAL_RUN: list[Event] = []


async def serial_run() -> list[Event]:
    """The same play over USB serial (a real pseudo-terminal), for the figures beside BLE's."""
    sim = SimulatedDevice(dials=8, readers=2)
    sim.endpoint.claim = (TABLE, KEY)
    async with PtySimulator(sim) as pty:
        manager = DeviceManager(TABLE)
        manager.keys.store(sim.device, KEY)
        events = manager.events()
        await manager.add_serial(pty.port)
        await next_matching(events, connected)
        expected, got = await asyncio.gather(
            play(sim, EVENTS_AT_PACE), inputs(events, EVENTS_AT_PACE)
        )
        assert got == expected
        await manager.close()
    return got


@pytest.mark.alone  # real pace: 50 events a second, which a machine shared with another worker may not keep
@pytest.mark.parametrize("mtu", [None, 247], ids=["default ATT MTU", "negotiated MTU 247"])
def test_fifty_events_a_second_from_8_dials_and_2_readers_with_a_drop(mtu: int | None) -> None:
    """Nothing lost and nothing doubled across a dropped connection in the middle of play, and
    the table sees exactly what it sees over USB serial."""

    async def main() -> None:
        sim = SimulatedDevice(dials=8, readers=2)
        sim.endpoint.claim = (TABLE, KEY)
        async with air(sim, mtu=mtu) as a:
            manager = DeviceManager(TABLE)
            manager.keys.store(sim.device, KEY)
            events = manager.events()
            manager.add_transport(transport(a, a.devices[0].address))
            await next_matching(events, connected)
            peripheral = a.devices[0]
            expected, got = await asyncio.gather(
                play(sim, EVENTS_AT_PACE, drop=lambda: a.radio.drop(peripheral.device)),
                inputs(events, EVENTS_AT_PACE),
            )
            assert got == expected
            assert peripheral.connections == 2, "the drop happened and the tablet came back"
            await manager.close()
        if not SERIAL_RUN:  # the same play over serial, once for both MTUs
            SERIAL_RUN.extend(await serial_run())
        over_serial = SERIAL_RUN
        assert [dataclasses.replace(e, at=0) for e in got] == [
            dataclasses.replace(e, at=0) for e in over_serial
        ]

    asyncio.run(main())


def test_a_device_that_leaves_range_and_comes_back() -> None:
    async def main() -> None:
        sim = claimed()
        async with air(sim) as a:
            manager = DeviceManager(TABLE)
            manager.keys.store(sim.device, KEY)
            events = manager.events()
            peripheral = a.devices[0]
            manager.add_transport(transport(a, peripheral.address))
            await next_matching(events, connected)
            a.radio.out_of_range(peripheral.device)
            sim.turn_dial(0, 3)
            sim.turn_dial(1, 4)
            await next_matching(events, lambda e: "lost its connection" in str(e))
            # Scanned for and not found (the manager backs off and tries again).
            await next_matching(events, lambda e: "not in range" in str(e))
            assert not manager.devices()[0].connected
            a.radio.in_range(peripheral.device)
            await next_matching(events, connected)
            assert await inputs(events, 2) == [
                DialChanged(sim.device, 0, 3),
                DialChanged(sim.device, 1, 4),
            ]
            await manager.close()

    asyncio.run(main())


def test_the_next_tables_device_advertising_nearby_is_left_alone() -> None:
    """Both claimed devices advertise the same short name "Altar"; the scan response's table id
    picks ours, and the neighbour's play never reaches this table."""

    async def main() -> None:
        ours = claimed()
        theirs = claimed(b"\x99\x99\x99\x99", table=b"\x01\x01\x01\x01")
        async with air(theirs, ours) as a:  # theirs advertises first
            manager = DeviceManager(TABLE)
            manager.keys.store(ours.device, KEY)
            events = manager.events()
            manager.add_transport(transport(a, "Altar"))
            await next_matching(events, connected)
            theirs.turn_dial(0, 9)
            ours.turn_dial(0, 2)
            assert await inputs(events, 1) == [DialChanged(ours.device, 0, 2)]
            assert a.devices[0].connections == 0 and a.devices[1].connections == 1
            assert [d.device for d in manager.devices()] == [ours.device]
            await manager.close()

    asyncio.run(main())


def test_a_central_that_subscribes_late_misses_nothing_it_asks_for() -> None:
    """The device talks as soon as the connection opens (as the firmware does); frames notified
    before the central wrote the CCCD are lost in the air. The host asks for its HELLO again."""

    async def main() -> None:
        sim = claimed()
        async with air(sim) as a:
            peripheral = a.devices[0]
            device = await BleakScanner.find_device_by_address(
                peripheral.address, timeout=2, backend=a.backends.scanner
            )
            assert device is not None
            async with BleakClient(device, backend=a.backends.client) as client:
                # Discovery is done: the device has already sent its HELLO, to nobody.
                assert peripheral.notified >= 2
                got: list[bytes] = []
                arrived = asyncio.Event()

                def on_frame(_char: object, data: bytearray) -> None:
                    got.append(bytes(data))
                    arrived.set()

                await client.start_notify(wire.BLE_NOTIFY_UUID, on_frame)
                # A read is answered after anything the device sent before it (ATT is ordered).
                await client.read_gatt_char(wire.BLE_NOTIFY_UUID)
                assert got == [], "nothing from before the subscription arrives"
                request = wire.pack(wire.PING, 0, wire.HELLO_REQUEST)
                await client.write_gatt_char(wire.BLE_WRITE_UUID, request, response=False)
                async with asyncio.timeout(60):
                    while len(got) < 2:
                        arrived.clear()
                        await arrived.wait()
                frames = [wire.unpack(f) for f in got]
                assert [f.msg_type for f in frames] == [wire.HELLO, wire.HELLO]
                hello = frames[0].payload + frames[1].payload
                assert sim.endpoint.device_id in hello

    asyncio.run(main())


def test_a_device_that_leaves_range_between_the_scan_and_the_connect() -> None:
    """The connect gives up after the transport's own timeout (not bleak's 30 s, which would
    hold the adapter's one connect for every device), and the manager tries again."""

    async def main() -> None:
        sim = claimed()
        async with air(sim) as a:
            peripheral = a.devices[0]
            gone = asyncio.Event()

            class Vanishing(BleTransport):
                def _matches(self, device: object, adv: object) -> bool:
                    found = super()._matches(device, adv)
                    if found and not gone.is_set():
                        a.radio.out_of_range(peripheral.device)  # seen, then gone
                        gone.set()
                    return found

            manager = DeviceManager(TABLE)
            manager.keys.store(sim.device, KEY)
            events = manager.events()
            manager.add_transport(
                Vanishing(
                    peripheral.address,
                    TABLE,
                    backends=a.backends,
                    scan_timeout=0.5,
                    connect_timeout=0.3,
                )
            )
            await next_matching(events, lambda e: "cannot connect" in str(e))
            assert peripheral.connections == 0
            a.radio.in_range(peripheral.device)
            await next_matching(events, connected)
            sim.turn_dial(1, 8)
            assert await inputs(events, 1) == [DialChanged(sim.device, 1, 8)]
            await manager.close()

    asyncio.run(main())


def test_a_handshake_left_unanswered_is_given_up_and_tried_again() -> None:
    """A GATT exchange sent on a link that died as it opened may never be answered (seen
    under a CPU hog: Bumble's host sent it on a connection it had already forgotten). The
    whole handshake is bounded, the half-made connection hung up, and the manager tries
    again: the adapter's one connect is not held for ever."""

    async def main() -> None:
        sim = claimed()
        async with air(sim) as a:
            peripheral = a.devices[0]
            unanswered = asyncio.Event()
            assert a.backends.client is not None

            class FirstSubscribeUnanswered(a.backends.client):  # type: ignore[misc, name-defined]
                async def start_notify(self, *args: object, **kwargs: object) -> None:
                    if not unanswered.is_set():
                        unanswered.set()
                        await asyncio.Event().wait()  # the answer that never comes
                    await super().start_notify(*args, **kwargs)

            backends = dataclasses.replace(a.backends, client=FirstSubscribeUnanswered)
            manager = DeviceManager(TABLE)
            manager.keys.store(sim.device, KEY)
            events = manager.events()
            manager.add_transport(
                BleTransport(
                    peripheral.address,
                    TABLE,
                    backends=backends,
                    scan_timeout=0.5,
                    connect_timeout=0.5,
                )
            )
            await next_matching(events, lambda e: "no answer to the handshake" in str(e))
            await next_matching(events, connected)
            assert unanswered.is_set() and peripheral.connections >= 2
            sim.turn_dial(1, 9)
            assert await inputs(events, 1) == [DialChanged(sim.device, 1, 9)]
            await manager.close()

    asyncio.run(main())


def test_a_connection_that_drops_again_and_again_during_the_handshake() -> None:
    """Each time the tablet reconnects, the radio drops the link as soon as the device's first
    frame is out: half-done handshakes are thrown away; nothing is lost or doubled."""

    async def main() -> None:
        sim = claimed()
        async with air(sim) as a:
            peripheral = a.devices[0]
            manager = DeviceManager(TABLE)
            manager.keys.store(sim.device, KEY)
            events = manager.events()
            manager.add_transport(transport(a, peripheral.address))
            await next_matching(events, connected)
            expected = []
            for round_ in range(3):
                sim.turn_dial(round_ % 2, round_ + 3)
                expected.append(DialChanged(sim.device, round_ % 2, round_ + 3))
                a.radio.drop(peripheral.device)
                # The next connection's first frame is out: cut it (next round) before the
                # session opens. Earlier connections' numbers still queued are passed over.
                async with asyncio.timeout(60):  # a bound on a wait for an event, not a speed claim
                    while await peripheral.first_frame_out.get() < round_ + 2:
                        pass
            a.radio.drop(peripheral.device)
            await next_matching(events, connected)
            assert await inputs(events, 3) == expected
            sim.turn_dial(0, 12)
            assert await inputs(events, 1) == [DialChanged(sim.device, 0, 12)]
            await manager.close()

    asyncio.run(main())
