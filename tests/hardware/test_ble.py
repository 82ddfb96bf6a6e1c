"""BLE at bleak's API boundary: a fake scanner and client with bleak's method names, carrying
the simulated device's frames (no Bluetooth stack on these machines)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hardware import wire
from hardware.events import DeviceStatus, DialChanged, Event
from hardware.manager import DeviceManager
from hardware.simulator import SimulatedDevice
from hardware.transports import ble
from hardware.transports.ble import BleTransport

TABLE = b"\x7a\x62\x1e\x05"


@dataclass
class FakeDevice:  # bleak.backends.device.BLEDevice
    address: str
    name: str | None


@dataclass
class FakeAdv:  # bleak.backends.scanner.AdvertisementData
    local_name: str | None
    service_uuids: list[str]
    service_data: dict[str, bytes] = field(default_factory=dict)
    rssi: int = -60


class Air:
    """What is in radio range, and a log of what the host did."""

    def __init__(self, sim: SimulatedDevice) -> None:
        self.sim = sim
        self.in_range = True
        self.adverts: list[tuple[FakeDevice, FakeAdv]] = [
            (
                FakeDevice("AA:BB:CC:00:00:01", "Altar-a1b2c3d4"),
                FakeAdv("Altar-a1b2c3d4", [wire.BLE_SERVICE_UUID], {wire.BLE_SERVICE_UUID: TABLE}),
            ),
            (
                FakeDevice("AA:BB:CC:00:00:02", "Altar-99999999"),
                FakeAdv(
                    "Altar-99999999",
                    [wire.BLE_SERVICE_UUID],
                    {wire.BLE_SERVICE_UUID: b"\x01\x01\x01\x01"},
                ),
            ),
            (
                FakeDevice("AA:BB:CC:00:00:03", "Headphones"),
                FakeAdv("Headphones", ["0000110b-0000-1000-8000-00805f9b34fb"]),
            ),
        ]
        self.log: list[str] = []
        self.connecting = 0
        self.max_connecting = 0
        self.client: FakeClient | None = None


def make_fakes(air: Air) -> tuple[Any, Any]:
    class FakeScanner:
        @staticmethod
        async def discover(timeout: float = 5.0, *, return_adv: bool = False) -> dict[str, Any]:
            return {d.address: (d, a) for d, a in air.adverts} if air.in_range else {}

        @staticmethod
        async def find_device_by_filter(
            filterfunc: Callable[[Any, Any], bool], timeout: float = 10.0
        ) -> FakeDevice | None:
            air.log.append("scan")
            if not air.in_range:
                await asyncio.sleep(0.01)
                return None
            for d, a in air.adverts:
                if filterfunc(d, a):
                    return d
            return None

    class Client(FakeClient):
        def __init__(self, device: FakeDevice, disconnected_callback: Any = None) -> None:
            super().__init__(air, device, disconnected_callback)

    return FakeScanner, Client


class FakeClient:  # bleak.BleakClient
    def __init__(self, air: Air, device: FakeDevice, disconnected_callback: Any) -> None:
        self.air = air
        self.device = device
        self.on_disconnect = disconnected_callback
        self.notify: Callable[[Any, bytearray], None] | None = None
        self.connected = False

    async def connect(self) -> None:
        self.air.connecting += 1
        self.air.max_connecting = max(self.air.max_connecting, self.air.connecting)
        await asyncio.sleep(0.01)
        self.air.connecting -= 1
        self.connected = True
        self.air.client = self
        self.air.log.append(f"connect {self.device.address}")

    async def start_notify(self, uuid: str, callback: Callable[[Any, bytearray], None]) -> None:
        assert uuid == wire.BLE_NOTIFY_UUID
        self.notify = callback
        self.air.log.append("subscribe")
        sim = self.air.sim
        loop = asyncio.get_running_loop()
        # The device notices the connection and starts talking; its notifications come back
        # on the event loop, as bleak delivers them.
        sim.on_output = lambda: loop.call_soon_threadsafe(self._pump)
        sim.connect(time.monotonic())
        self._pump()
        asyncio.create_task(self._ticker())

    async def _ticker(self) -> None:
        while self.connected:
            await asyncio.sleep(0.02)
            self.air.sim.tick(time.monotonic())
            self._pump()

    def _pump(self) -> None:
        if self.connected and self.notify is not None:
            for frame in self.air.sim.take_outgoing():
                self.notify(None, bytearray(frame))

    async def write_gatt_char(self, uuid: str, data: bytes, response: bool | None = None) -> None:
        assert uuid == wire.BLE_WRITE_UUID and response is False
        assert len(data) <= 64
        self.air.sim.receive(bytes(data), time.monotonic())
        self._pump()

    async def disconnect(self) -> None:
        self.connected = False

    def drop(self) -> None:
        """The radio link breaks: bleak calls the disconnected callback."""
        self.connected = False
        self.air.sim.disconnect()
        self.on_disconnect(self)


def test_scan_keeps_only_our_service_and_this_table() -> None:
    air = Air(SimulatedDevice())
    scanner, _ = make_fakes(air)
    found = asyncio.run(ble.scan(TABLE, scanner=scanner))
    assert [f.name for f in found] == ["Altar-a1b2c3d4"]
    assert found[0].table_id == TABLE
    # Without a table filter (claiming a new device), every Altar device shows.
    assert len(asyncio.run(ble.scan(None, scanner=scanner))) == 2


def test_connect_notify_disconnect_and_reconnect_with_resync() -> None:
    sim = SimulatedDevice()
    sim.endpoint.claim = (TABLE, bytes(range(16)))
    air = Air(sim)
    scanner, client_class = make_fakes(air)

    async def main() -> None:
        manager = DeviceManager(TABLE)
        manager.keys.store("a1b2c3d4", bytes(range(16)))
        events = manager.events()
        runner = manager.add_transport(
            BleTransport("Altar-a1b2c3d4", TABLE, scanner=scanner, client_class=client_class)
        )

        async def next_matching(pred: Callable[[Event], bool]) -> Event:
            async with asyncio.timeout(10):
                async for e in events:
                    if pred(e):
                        return e
            raise AssertionError("stream ended")

        await next_matching(lambda e: isinstance(e, DeviceStatus) and "is connected" in e.message)
        sim.turn_dial(0, 4)
        assert await next_matching(lambda e: isinstance(e, DialChanged)) == DialChanged(
            "a1b2c3d4", 0, 4
        )

        # The radio drops; the device goes on; the host is out of range for a while.
        air.in_range = False
        assert air.client is not None
        air.client.drop()
        sim.turn_dial(0, 5)
        sim.turn_dial(1, 6)
        await next_matching(
            lambda e: isinstance(e, DeviceStatus) and "lost its connection" in e.message
        )
        assert not manager.devices()[0].connected
        await asyncio.sleep(0.3)
        air.in_range = True
        assert await next_matching(lambda e: isinstance(e, DialChanged)) == DialChanged(
            "a1b2c3d4", 0, 5
        )
        assert await next_matching(lambda e: isinstance(e, DialChanged)) == DialChanged(
            "a1b2c3d4", 1, 6
        )
        assert runner.info.connected and runner.info.claimed
        assert runner.info.signal == -60  # the RSSI seen in the scan
        await manager.close()

    asyncio.run(main())
    # Scanned again while out of range (backoff), then connected and subscribed again.
    assert air.log.count("subscribe") == 2
    assert air.log.count("scan") >= 3
    assert air.max_connecting == 1


def test_one_connect_at_a_time_per_adapter() -> None:
    sims = [SimulatedDevice(bytes([0xA1, 0xB2, 0xC3, i])) for i in range(4)]
    airs = [Air(s) for s in sims]
    for i, air in enumerate(airs):
        name = f"Altar-{sims[i].device}"
        air.adverts = [
            (FakeDevice(f"AA:BB:CC:00:01:0{i}", name), FakeAdv(name, [wire.BLE_SERVICE_UUID]))
        ]
    active = {"now": 0, "max": 0}

    async def main() -> None:
        transports = []
        for i, air in enumerate(airs):
            scanner, client_class = make_fakes(air)

            class Counting(client_class):  # type: ignore[misc, valid-type]
                async def connect(self) -> None:
                    active["now"] += 1
                    active["max"] = max(active["max"], active["now"])
                    await super().connect()
                    active["now"] -= 1

            transports.append(
                BleTransport(
                    f"Altar-{sims[i].device}", None, scanner=scanner, client_class=Counting
                )
            )
        await asyncio.gather(*(t.open() for t in transports))
        for t in transports:
            await t.close()

    asyncio.run(main())
    assert active["max"] == 1
