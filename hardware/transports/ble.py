"""Bluetooth LE with bleak: one notification or one write carries one raw frame.

Scanning keeps only devices advertising our service, and among those the ones this table
claimed (service data = table id) or unclaimed ones, unless a name or address is asked for.
BlueZ allows one LE connect per adapter at a time, so connects are serialised by a lock per
adapter. After every (re)connect the notifications are subscribed again and the host link
resyncs (HELLO, claim, replay); the manager does the backoff and jitter between attempts.

The code behind bleak's API is deliberately thin: ``scanner`` and ``client_class`` default to
``bleak.BleakScanner`` and ``bleak.BleakClient`` and tests pass fakes with the same methods.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import Any

from hardware import wire
from hardware.transports.base import LinkLost, Transport

SCAN_TIMEOUT = 5.0
_adapter_locks: dict[str, asyncio.Lock] = {}


def adapter_lock(adapter: str) -> asyncio.Lock:
    """One LE connect at a time per adapter (a BlueZ limit)."""
    return _adapter_locks.setdefault(adapter, asyncio.Lock())


@dataclass(frozen=True)
class Found:
    """A device seen in a scan."""

    name: str
    address: str
    rssi: int | None
    table_id: bytes | None  # the table that claimed it; None when unclaimed


def advert_table(adv: Any) -> bytes | None:
    data = (getattr(adv, "service_data", None) or {}).get(wire.BLE_SERVICE_UUID)
    return bytes(data[:4]) if data and len(data) >= 4 else None


def is_ours(adv: Any, table_id: bytes | None) -> bool:
    """Our service, and claimed by this table (or by none, so it can be claimed)."""
    uuids = [u.lower() for u in (getattr(adv, "service_uuids", None) or [])]
    if wire.BLE_SERVICE_UUID not in uuids:
        return False
    claimed_by = advert_table(adv)
    return table_id is None or claimed_by is None or claimed_by == table_id


async def scan(
    table_id: bytes | None, timeout: float = SCAN_TIMEOUT, scanner: Any = None
) -> list[Found]:
    """Altar devices in range for this table, strongest signal first."""
    if scanner is None:
        from bleak import BleakScanner as scanner
    seen = await scanner.discover(timeout=timeout, return_adv=True)
    found = [
        Found(dev.name or adv.local_name or "", dev.address, adv.rssi, advert_table(adv))
        for dev, adv in seen.values()
        if is_ours(adv, table_id)
    ]
    return sorted(found, key=lambda f: -(f.rssi if f.rssi is not None else -999))


class BleTransport(Transport):
    def __init__(
        self,
        name_or_address: str,
        table_id: bytes | None = None,
        *,
        adapter: str = "hci0",
        scanner: Any = None,
        client_class: Any = None,
        scan_timeout: float = SCAN_TIMEOUT,
    ) -> None:
        super().__init__(name_or_address)
        self.target = name_or_address
        self.table_id = table_id
        self.adapter = adapter
        self.scan_timeout = scan_timeout
        self._scanner = scanner
        self._client_class = client_class
        self._client: Any = None
        self.rssi: int | None = None

    def _matches(self, device: Any, adv: Any) -> bool:
        if not is_ours(adv, self.table_id):
            return False
        names = {
            device.address.lower(),
            (device.name or "").lower(),
            (adv.local_name or "").lower(),
        }
        if self.target.lower() in names:
            self.rssi = adv.rssi
            return True
        return False

    async def open(self) -> None:
        if self._scanner is None or self._client_class is None:
            from bleak import BleakClient, BleakScanner

            self._scanner = self._scanner or BleakScanner
            self._client_class = self._client_class or BleakClient
        self._prepare()
        async with adapter_lock(self.adapter):
            device = await self._scanner.find_device_by_filter(
                self._matches, timeout=self.scan_timeout
            )
            if device is None:
                raise LinkLost(f"{self.target} is not in range (or not advertising)")
            client = self._client_class(device, disconnected_callback=self._on_disconnect)
            try:
                await client.connect()
                await client.start_notify(wire.BLE_NOTIFY_UUID, self._on_notify)
            except Exception as e:  # BleakError, TimeoutError, OSError from the stack
                raise LinkLost(f"cannot connect to {self.target}: {e}") from e
        self._client = client

    def _on_notify(self, _char: Any, data: bytearray) -> None:
        # One notification is one raw frame; the link checks it.
        self._deliver([bytes(data)])

    def _on_disconnect(self, _client: Any) -> None:
        self._lost()

    async def send(self, frames: list[bytes]) -> None:
        if self._client is None:
            raise LinkLost(f"{self.target} is not connected")
        try:
            for frame in frames:
                await self._client.write_gatt_char(wire.BLE_WRITE_UUID, frame, response=False)
        except Exception as e:
            raise LinkLost(f"cannot write to {self.target}: {e}") from e

    async def close(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            with contextlib.suppress(Exception):  # already gone: nothing to tidy
                await client.disconnect()
