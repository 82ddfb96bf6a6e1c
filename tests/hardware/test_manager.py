"""The device manager over the in-process loopback: many devices, a lossy radio with dropped
links, a device that goes quiet, commands kept across a disconnect."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from hardware import wire
from hardware.events import DeviceStatus, DialChanged, Event, TagPresented
from hardware.manager import DeviceManager
from hardware.simulator import SimulatedDevice
from hardware.transports.loopback import LoopbackTransport

TABLE = b"\x7a\x62\x1e\x05"
KEY = bytes(range(16))


def claimed(device_id: bytes, dials: int = 2, readers: int = 1) -> SimulatedDevice:
    d = SimulatedDevice(device_id, dials=dials, readers=readers)
    d.endpoint.claim = (TABLE, KEY)
    return d


async def until(stream: object, pred: Callable[[Event], bool], timeout: float = 10.0) -> Event:
    assert hasattr(stream, "__anext__")
    async with asyncio.timeout(timeout):
        while True:
            e = await stream.__anext__()
            if pred(e):
                return e


def test_lossy_radio_with_dropped_links_through_the_manager() -> None:
    """10 % faults and 20 dropped links, with the real asyncio loop and timers."""
    device = claimed(b"\xa1\xb2\xc3\xd4")
    transport = LoopbackTransport(device, faults=0.10, seed=7)
    rng = random.Random(7)

    async def main() -> tuple[list[Event], list[Event]]:
        manager = DeviceManager(TABLE)
        manager.keys.store(device.device, KEY)
        events = manager.events()
        manager.add_transport(transport)
        await until(events, lambda e: isinstance(e, DeviceStatus) and "is connected" in e.message)
        expected: list[Event] = []
        got: list[Event] = []

        connects = [0]
        # Set by the collector as things arrive: the waits below wake on them, never on time.
        reconnected, arrived = asyncio.Event(), asyncio.Event()
        # Set when the radio takes the device's next frames (on this loop: the loopback calls
        # it there). The players' pace: each turn goes on the air before the next is made, so
        # turns and the link's work interleave as at a table, and no clock says how fast.
        aired = asyncio.Event()
        take_outgoing = device.take_outgoing

        def take_and_tell() -> list[bytes]:
            frames = take_outgoing()
            if frames:
                aired.set()
            return frames

        device.take_outgoing = take_and_tell  # type: ignore[method-assign]

        async def collect() -> None:
            async for e in events:
                if not isinstance(e, DeviceStatus):
                    got.append(e)
                    arrived.set()
                elif "is connected" in e.message:
                    connects[0] += 1
                    reconnected.set()

        collector = asyncio.create_task(collect())
        for drop in range(20):
            for _ in range(10):
                value = rng.randrange(14)
                aired.clear()
                device.turn_dial(0, value)
                expected.append(DialChanged(device.device, 0, value))
                async with asyncio.timeout(60):  # a bound on a wait for an event
                    await aired.wait()
            reconnected.clear()
            transport.drop_link()
            device.turn_dial(1, drop % 14)  # made while the link is down
            expected.append(DialChanged(device.device, 1, drop % 14))
            # Play on once the link is back: a ring of 32 cannot hold a whole game's outage.
            async with asyncio.timeout(60):  # a bound on a wait for an event, not a speed claim
                await reconnected.wait()
        # One last turn after the rest: the link delivers in order, so anything doubled
        # would come before it.
        last = (device.values[0] + 1) % 14
        device.turn_dial(0, last)
        expected.append(DialChanged(device.device, 0, last))
        try:
            async with asyncio.timeout(60):
                while got[-1:] != expected[-1:] or len(got) < len(expected):
                    arrived.clear()
                    await arrived.wait()
        except TimeoutError:
            print(manager.devices(), len(got), len(expected))
            for a, b in zip(got, expected, strict=False):
                if a != b:
                    print("first difference", a, b)
                    break
            raise
        collector.cancel()
        await manager.close()
        return expected, got

    expected, got = asyncio.run(main())
    assert got == expected
    assert sum(transport.fault_counts.values()) > 10


def test_quiet_device_is_shown_lost_then_back() -> None:
    device = claimed(b"\xa1\xb2\xc3\xd4")

    async def main() -> None:
        manager = DeviceManager(TABLE)
        manager.keys.store(device.device, KEY)
        events = manager.events()
        transport = LoopbackTransport(device)
        manager.add_transport(transport)
        await until(events, lambda e: isinstance(e, DeviceStatus) and "is connected" in e.message)
        # The device vanishes mid-game without the transport noticing (battery pulled).
        transport.in_range = False
        lost = await until(events, lambda e: isinstance(e, DeviceStatus) and not e.connected)
        assert "lost its connection" in lost.message and "by hand" in lost.message
        assert "3 s" in lost.message  # found by the heartbeat
        await until(events, lambda e: isinstance(e, DeviceStatus) and "Cannot reach" in e.message)
        assert not manager.devices()[0].connected
        # It comes back: the manager's reconnect finds it and the game goes on.
        transport.in_range = True
        await until(events, lambda e: isinstance(e, DeviceStatus) and "is connected" in e.message)
        device.turn_dial(0, 8)
        assert await until(events, lambda e: isinstance(e, DialChanged)) == DialChanged(
            device.device, 0, 8
        )
        await manager.close()

    asyncio.run(main())


def test_many_devices_at_once_with_seats_and_a_dial_set_while_away() -> None:
    devices = [claimed(bytes([0xA0, 0, 0, i]), dials=1, readers=0) for i in range(8)]
    readers = [claimed(bytes([0xB0, 0, 0, i]), dials=0, readers=1) for i in range(2)]
    transports = [LoopbackTransport(d) for d in devices + readers]

    async def main() -> None:
        manager = DeviceManager(TABLE)
        for d in devices + readers:
            manager.keys.store(d.device, KEY)
        events = manager.events()
        for t in transports:
            manager.add_transport(t)
        for seat, d in enumerate(devices):
            manager.assign_dial(d.device, 0, seat)
        # Each device says it is connected (its session open) in the stream: wait for all ten.
        opened: set[str] = set()
        async with asyncio.timeout(60):  # a bound on a wait for events, not a speed claim
            while len(opened) < len(devices + readers):
                said = await until(
                    events, lambda e: isinstance(e, DeviceStatus) and "is connected" in e.message
                )
                opened.add(said.device)
        assert all(i.claimed for i in manager.devices())
        for d in devices:
            d.turn_dial(0, 5)
        readers[1].place_tag(0, bytes.fromhex("04000000000001"))
        seen = []
        while len(seen) < 9:
            e = await until(events, lambda e: isinstance(e, (DialChanged, TagPresented)))
            seen.append(e)
        assert sorted(e.seat for e in seen if isinstance(e, DialChanged)) == list(range(8))
        assert [e.device for e in seen if isinstance(e, TagPresented)] == [readers[1].device]

        # A dial set while its box is away is set when it comes back.
        transports[3].drop_link()
        await manager.set_dial(devices[3].device, 0, 12)
        await until(
            events,
            lambda e: (
                isinstance(e, DialChanged) and e.device == devices[3].device and e.value == 12
            ),
        )
        assert devices[3].values == [12]
        await manager.close()

    asyncio.run(main())


class _RaisingTransport(LoopbackTransport):
    """A loopback whose receive fails once with an error no link expects (a bug, a driver)."""

    def __init__(self, device: SimulatedDevice) -> None:
        super().__init__(device)
        self.raised = 0

    async def receive(self, timeout: float) -> list[bytes | wire.WireError]:
        items = await super().receive(timeout)
        if items and self.raised == 0 and self.device.endpoint.state.value == "open":
            self.raised += 1
            raise wire.WireError("ACK payload of 3 bytes, expected 2")
        return items


def test_any_exception_of_a_link_is_reported_and_the_device_served_again() -> None:
    """Issue 14: a WireError out of a link killed the device's task. Now it is reported, the
    link reopened, and the device's events keep coming."""
    device = claimed(b"\xa1\xb2\xc3\xd4")

    async def main() -> None:
        manager = DeviceManager(TABLE)
        manager.keys.store(device.device, KEY)
        events = manager.events()
        transport = _RaisingTransport(device)
        manager.add_transport(transport)
        await until(events, lambda e: isinstance(e, DeviceStatus) and "is connected" in e.message)
        device.turn_dial(0, 3)
        failed = await until(
            events, lambda e: isinstance(e, DeviceStatus) and "failed" in e.message
        )
        assert "WireError" in failed.message and "reconnecting" in failed.message
        assert transport.raised == 1 and manager.link_errors == 1
        await until(events, lambda e: isinstance(e, DeviceStatus) and "is connected" in e.message)
        device.turn_dial(0, 6)
        assert await until(events, lambda e: isinstance(e, DialChanged) and e.value == 6)
        await manager.close()

    asyncio.run(main())


def test_an_event_is_acked_only_once_the_consumer_comes_back_for_the_next() -> None:
    """The app stores an event before it asks for the next one: until then the device keeps it,
    so a crash between the two loses nothing (a restarted host gets it again)."""
    device = claimed(b"\xa1\xb2\xc3\xd4")

    async def main() -> None:
        first = DeviceManager(TABLE)
        first.keys.store(device.device, KEY)
        events = first.events()
        first.add_transport(LoopbackTransport(device))
        await until(events, lambda e: isinstance(e, DeviceStatus) and "is connected" in e.message)
        # The host's ACKs, as the device takes them in.
        acks, ack_came = [0], asyncio.Event()
        take_in = device.receive

        def take_in_and_count(raw: bytes, now: float) -> None:
            take_in(raw, now)
            if wire.unpack(raw).msg_type == wire.ACK:
                acks[0] += 1
                ack_came.set()

        device.receive = take_in_and_count  # type: ignore[method-assign]
        before = acks[0]
        device.turn_dial(0, 4)
        got = await until(events, lambda e: isinstance(e, DialChanged))
        assert got == DialChanged(device.device, 0, 4)
        # The host answers the DIAL with an ACK, and the device's resend of it (no ack covered
        # it) with another: acks and resends have had their turn, and none covered the event.
        async with asyncio.timeout(60):  # a bound on a wait for two acks, not a speed claim
            while acks[0] < before + 2:
                ack_came.clear()
                await ack_came.wait()
        assert len(device.endpoint.outbox) == 1  # not acked: the app has not stored it yet
        device.receive = take_in  # type: ignore[method-assign]
        await first.close()  # the app dies before its commit

        second = DeviceManager(TABLE)
        second.keys.store(device.device, KEY)
        events = second.events()
        second.add_transport(LoopbackTransport(device))
        again = await until(events, lambda e: isinstance(e, DialChanged))
        assert again == DialChanged(device.device, 0, 4)  # sent again, not lost
        # Each frame the device takes in from the host (an ack among them) wakes this wait.
        took_in = asyncio.Event()
        receive = device.receive

        def receive_and_tell(raw: bytes, now: float) -> None:
            receive(raw, now)
            took_in.set()

        device.receive = receive_and_tell  # type: ignore[method-assign]
        events.get_nowait()  # the consumer comes back: the event counts as stored
        async with asyncio.timeout(60):  # a bound on a wait for the ack, not a speed claim
            while device.endpoint.outbox:  # now acked
                took_in.clear()
                await took_in.wait()
        await second.close()

    asyncio.run(main())
