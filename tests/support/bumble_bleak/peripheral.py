"""An Altar device as a BLE peripheral on a Bumble device: the Python device simulator
(``hardware.simulator.SimulatedDevice``, the firmware's exact frames) behind the GATT service and
advertisement of ``firmware/altarfw/ble.py``.

It keeps the firmware's BLE habits where they matter to the host: one frame per notification,
notified as MicroPython's ``gatts_notify`` does (sent whether or not the central has subscribed,
so frames before the CCCD write are lost in the air), one at a time; the device starts talking when
the connection opens, not when the central subscribes; host frames are written without response;
after a disconnection it advertises again, with the scan response rebuilt (a claim changes it).
"""

from __future__ import annotations

import asyncio
import struct
import time

from bumble import gatt
from bumble.core import UUID, AdvertisingData
from bumble.device import Connection, Device

from hardware import wire
from hardware.simulator import TICK, SimulatedDevice

_ADV_INTERVAL_MS = 100  # firmware: _ADV_INTERVAL_US
_CONN_INTERVAL = (12, 24)  # x 1.25 ms: the 15-30 ms the firmware asks for (AD type 0x12)
_T = AdvertisingData.Type


def adv_data() -> bytes:
    """Flags, our 128-bit service, the connection interval asked: as the firmware's adv_data()."""
    return bytes(
        AdvertisingData(
            [
                (_T.FLAGS, b"\x06"),
                (
                    _T.COMPLETE_LIST_OF_128_BIT_SERVICE_CLASS_UUIDS,
                    UUID(wire.BLE_SERVICE_UUID).to_bytes(),
                ),
                (_T.PERIPHERAL_CONNECTION_INTERVAL_RANGE, struct.pack("<HH", *_CONN_INTERVAL)),
            ]
        )
    )


def scan_response(table_id: bytes | None, device_id: bytes) -> bytes:
    """As the firmware's scan_response(): claimed, the table id as service data under our service
    and the short name "Altar"; unclaimed, the full name "Altar-<device id>"."""
    if table_id:
        service = UUID(wire.BLE_SERVICE_UUID).to_bytes()
        fields = [
            (_T.SERVICE_DATA_128_BIT_UUID, service + table_id),
            (_T.SHORTENED_LOCAL_NAME, b"Altar"),
        ]
    else:
        fields = [(_T.COMPLETE_LOCAL_NAME, (wire.BLE_NAME_PREFIX + device_id.hex()).encode())]
    return bytes(AdvertisingData(fields))


class AltarPeripheral:
    """``sim`` served over BLE by the Bumble ``device`` (powered on by ``start``)."""

    def __init__(self, device: Device, sim: SimulatedDevice) -> None:
        self.device = device
        self.sim = sim
        self.events = gatt.Characteristic(
            wire.BLE_NOTIFY_UUID,
            gatt.Characteristic.Properties.READ | gatt.Characteristic.Properties.NOTIFY,
            gatt.Characteristic.READABLE,
            b"",
        )
        self.commands = gatt.Characteristic(
            wire.BLE_WRITE_UUID,
            gatt.Characteristic.Properties.WRITE
            | gatt.Characteristic.Properties.WRITE_WITHOUT_RESPONSE,
            gatt.Characteristic.WRITEABLE,
            gatt.CharacteristicValue(write=self._on_write),
        )
        device.add_service(gatt.Service(wire.BLE_SERVICE_UUID, [self.events, self.commands]))
        device.on(device.EVENT_CONNECTION, self._on_connection)
        self.connection: Connection | None = None
        self.connections = 0
        self.notified = 0
        # Each connection's number (from 1) once its first frame is out: a test that cuts a
        # link mid-handshake waits on this queue instead of polling the counters.
        self.first_frame_out: asyncio.Queue[int] = asyncio.Queue()
        self.largest_write = 0
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._advertising: asyncio.Task[None] | None = None
        self._stopping = False
        sim.on_output = self._wake.set

    @property
    def name(self) -> str:
        return wire.BLE_NAME_PREFIX + self.sim.device

    @property
    def address(self) -> str:
        """Its address as bleak shows it (without Bumble's "/P" type suffix)."""
        return str(self.device.random_address).split("/")[0]

    async def start(self) -> None:
        await self.device.power_on()
        await self.advertise()

    async def advertise(self) -> None:
        claim = self.sim.endpoint.claim
        await self.device.start_advertising(
            advertising_data=adv_data(),
            scan_response_data=scan_response(
                claim[0] if claim else None, self.sim.endpoint.device_id
            ),
            advertising_interval_min=_ADV_INTERVAL_MS,
            advertising_interval_max=_ADV_INTERVAL_MS,
        )

    def _on_connection(self, connection: Connection) -> None:
        self.connection = connection
        self.connections += 1
        connection.on(connection.EVENT_DISCONNECTION, self._on_disconnection)
        # The firmware starts its link when the connection opens: HELLO goes out at once.
        self.sim.connect(time.monotonic())
        self._tasks = [
            asyncio.create_task(self._send(connection)),
            asyncio.create_task(self._tick()),
        ]

    async def stop(self) -> None:
        """Power off, once any advertising it was starting again has started."""
        self._stopping = True
        for task in self._tasks:
            task.cancel()
        if self._advertising is not None:
            await self._advertising
        await self.device.power_off()

    def _on_disconnection(self, _reason: int) -> None:
        self.connection = None
        for task in self._tasks:
            task.cancel()
        self.sim.disconnect()
        if not self._stopping:  # as the firmware's loop: advertise again, scan response anew
            self._advertising = asyncio.create_task(self.advertise())

    def _on_write(self, _connection: Connection, value: bytes) -> None:
        self.largest_write = max(self.largest_write, len(value))
        self.sim.receive(bytes(value), time.monotonic())
        self._wake.set()

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            self.sim.tick(time.monotonic())
            self._wake.set()

    async def _send(self, connection: Connection) -> None:
        """One frame per notification, one at a time, forced as gatts_notify sends."""
        number, sent = self.connections, 0
        while True:
            await self._wake.wait()
            self._wake.clear()
            for frame in self.sim.take_outgoing():
                await self.device.notify_subscriber(connection, self.events, frame, force=True)
                self.notified += 1
                sent += 1
                if sent == 1:
                    self.first_frame_out.put_nowait(number)
