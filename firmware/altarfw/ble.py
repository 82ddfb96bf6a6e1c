# The link over Bluetooth LE, as a peripheral with aioble (micropython-lib).
#
# One custom 128-bit service: the device notifies raw frames on one characteristic and the host
# writes frames (without response) to the other. The advertisement carries the service UUID
# and the claiming table's id (manufacturer data, company 0xFFFF "none"), so a table's app
# connects only to its own devices; the scan response asks for a 15-30 ms connection interval
# (AD type 0x12). One notification is in flight at a time: after each, we wait one minimum
# connection interval before the next. Pico W's BTstack port has no BLE pairing: the claim
# handshake and frame MACs of the protocol are the security here.
import asyncio
import struct
import time

import aioble
import bluetooth
from micropython import const

SERVICE_UUID = bluetooth.UUID("a17a0001-5eed-4c1e-9a7a-000000a17a00")
EVENTS_UUID = bluetooth.UUID("a17a0002-5eed-4c1e-9a7a-000000a17a00")  # notify: device -> host
COMMANDS_UUID = bluetooth.UUID("a17a0003-5eed-4c1e-9a7a-000000a17a00")  # write: host -> device

ADV_INTERVAL_US = const(100_000)
CONN_INTERVAL_MIN = const(12)  # x 1.25 ms = 15 ms
CONN_INTERVAL_MAX = const(24)  # x 1.25 ms = 30 ms
NOTIFY_GAP_MS = const(15)
_COMPANY_NONE = const(0xFFFF)


def _ad(ad_type, value):
    return struct.pack("BB", len(value) + 1, ad_type) + value


def adv_data(table_id):
    """Flags, our service and the table id: 3 + 18 + 8 = 29 of the 31 bytes."""
    uuid = bytes(SERVICE_UUID)
    return (
        _ad(0x01, b"\x06")  # LE general discoverable, no BR/EDR
        + _ad(0x07, uuid)  # complete list of 128-bit service UUIDs
        + _ad(0xFF, struct.pack("<H", _COMPANY_NONE) + bytes(table_id))
    )


def scan_response(name):
    return _ad(0x12, struct.pack("<HH", CONN_INTERVAL_MIN, CONN_INTERVAL_MAX)) + _ad(
        0x09, name[:20]
    )


class BleTransport:
    def __init__(self, link, name=b"Altar"):
        self.link = link
        self.name = name
        service = aioble.Service(SERVICE_UUID)
        self._events = aioble.Characteristic(service, EVENTS_UUID, read=True, notify=True)
        # capture=True queues every write with its data: two quick writes are never merged.
        self._commands = aioble.Characteristic(
            service, COMMANDS_UUID, write=True, write_no_response=True, capture=True
        )
        aioble.register_services(service)
        self._frame = bytearray(64)
        tx = memoryview(link.tx)
        self._views = tuple(tx[:i] for i in range(len(link.tx) + 1))
        self.connections = 0
        self.notified = 0
        self.largest = 0

    async def run(self):
        while True:
            table = self.link.keys.table or b"\x00\x00\x00\x00"
            connection = await aioble.advertise(
                ADV_INTERVAL_US,
                adv_data=adv_data(table),
                resp_data=scan_response(self.name),
            )
            await self.serve(connection)

    async def serve(self, connection):
        """Runs one connection until it ends."""
        self.connections += 1
        self.link.on_connect(time.ticks_ms())
        rx = asyncio.create_task(self._receive(connection))
        tx = asyncio.create_task(self._send(connection))
        try:
            await connection.disconnected(timeout_ms=None)
        finally:
            rx.cancel()
            tx.cancel()
            self.link.on_disconnect()

    async def _receive(self, connection):
        while True:
            _conn, data = await self._commands.written()
            n = len(data)
            if n > len(self._frame):
                self.link.errors += 1
                continue
            for i in range(n):
                self._frame[i] = data[i]
            self.link.receive(self._frame, n, time.ticks_ms())

    async def _send(self, connection):
        link = self.link
        while True:
            n = link.next_frame(time.ticks_ms())
            if n:
                if n > self.largest:
                    self.largest = n
                try:
                    self._events.notify(connection, self._views[n])
                    self.notified += 1
                except OSError:
                    link.errors += 1  # the stack's queue is full: the ring resends it
                await asyncio.sleep_ms(NOTIFY_GAP_MS)
                continue
            if link.drop_requested:
                link.drop_requested = False
                await connection.disconnect()
                return
            await asyncio.sleep_ms(5)
