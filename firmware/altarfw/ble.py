# The link over Bluetooth LE, as a peripheral with aioble (micropython-lib).
#
# One custom 128-bit service: the device notifies raw frames on one characteristic and the host
# writes frames (without response) to the other. The advertisement carries the service UUID and
# asks for a 15-30 ms connection interval (AD type 0x12, slave connection interval range); the
# scan response carries the claiming table's id as service data under the service UUID, so a
# table's app connects only to its own devices (and to unclaimed ones, to claim them). One
# notification is in flight at a time: after each, we wait one minimum connection interval. Pico W's BTstack port has no BLE pairing: the claim
# handshake and frame MACs of the protocol are the security here. A connection that has not
# authenticated within 4 s (30 s while a proved claim waits for the players' press) is dropped
# and advertising resumes (link.idle_expired): a silent central cannot keep the table out.
import asyncio
import struct
import time

import aioble
import bluetooth
from micropython import const

# The host's codec names these too; tests/hardware/test_firmware_numbers.py holds them equal.
SERVICE_UUID = bluetooth.UUID("a17a0001-6c61-4a0e-8b5a-616c74617231")  # wire.BLE_SERVICE_UUID
# notify, device -> host; write without response, host -> device:
EVENTS_UUID = bluetooth.UUID("a17a0002-6c61-4a0e-8b5a-616c74617231")  # wire.BLE_NOTIFY_UUID
COMMANDS_UUID = bluetooth.UUID("a17a0003-6c61-4a0e-8b5a-616c74617231")  # wire.BLE_WRITE_UUID

_ADV_INTERVAL_US = const(100_000)
_CONN_INTERVAL_MIN = const(12)  # x 1.25 ms = 15 ms
_CONN_INTERVAL_MAX = const(24)  # x 1.25 ms = 30 ms
NOTIFY_GAP_MS = const(15)


def _ad(ad_type, value):
    return struct.pack("BB", len(value) + 1, ad_type) + value


def adv_data():
    """Flags, our 128-bit service and the connection interval we ask for: 27 of 31 bytes."""
    return (
        _ad(0x01, b"\x06")  # LE general discoverable, no BR/EDR
        + _ad(0x07, bytes(SERVICE_UUID))  # complete list of 128-bit service UUIDs
        + _ad(0x12, struct.pack("<HH", _CONN_INTERVAL_MIN, _CONN_INTERVAL_MAX))
    )


def scan_response(table_id, device_id):
    """Claimed: the table id as service data under our service (what the host filters on),
    and a short name. Unclaimed: no service data, the full name "Altar-<device id>"."""
    if table_id:
        return _ad(0x21, bytes(SERVICE_UUID) + bytes(table_id)) + _ad(0x08, b"Altar")
    name = "Altar-" + "".join("%02x" % b for b in device_id)  # wire.BLE_NAME_PREFIX
    return _ad(0x09, name.encode())


class BleTransport:
    def __init__(self, link):
        self.link = link
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
        self.idle_drops = 0  # connections dropped for not authenticating in time
        self.notified = 0
        self.largest = 0

    async def run(self):
        while True:
            # Built afresh each time: a claim during the last connection changes the table id.
            connection = await aioble.advertise(
                _ADV_INTERVAL_US,
                adv_data=adv_data(),
                resp_data=scan_response(self.link.keys.table, self.link.device_id),
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
                if not connection.is_connected():
                    # aioble clears the handle when the link drops, before serve() hears of
                    # it: gatts_notify(None, ...) would raise TypeError, not OSError. The frame
                    # stays in the ring for the next connection.
                    return
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
            if link.idle_expired(time.ticks_ms()):
                # Not authenticated in time: a silent (or stalling) central must not hold the
                # only connection; advertising resumes and the table can connect (issue 35).
                self.idle_drops += 1
                await connection.disconnect()
                return
            await asyncio.sleep_ms(5)
