"""Bluetooth LE with bleak: one notification or one write carries one raw frame.

Scanning keeps only devices advertising our service, and among those the ones this table
claimed (service data = table id) or unclaimed ones, unless a name or address is asked for.
BlueZ allows one LE connect per adapter at a time, so connects are serialised by a lock per
adapter. After every (re)connect the notifications are subscribed again and the host link
resyncs (HELLO, claim, replay); the manager does the backoff and jitter between attempts.

Everything goes through bleak's own ``BleakScanner`` and ``BleakClient``. ``BleakBackends`` picks
the backend classes behind them, as bleak's ``backend=`` argument does: by default the platform's
(BlueZ, CoreBluetooth, WinRT, Android); the tests give a Bumble host stack on a virtual radio
(tests/support/bumble_bleak), so the same calls make real ATT and GATT exchanges there.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import Any

from hardware import wire
from hardware.transports.base import LinkLost, Transport

SCAN_TIMEOUT = 5.0
# A device seen in the scan may leave range before the connection completes; bleak's own default
# (30 s) would hold the adapter's one connect, and so every other device's, for that long.
CONNECT_TIMEOUT = 10.0
# The connect, service discovery and subscription together: this many connect timeouts.
HANDSHAKE_FACTOR = 2
_adapter_locks: dict[str, asyncio.Lock] = {}


def adapter_lock(adapter: str) -> asyncio.Lock:
    """One LE connect at a time per adapter (a BlueZ limit)."""
    return _adapter_locks.setdefault(adapter, asyncio.Lock())


@dataclass(frozen=True)
class BleakBackends:
    """bleak's backend classes for its scanner and client; None: the platform's own."""

    scanner: type[Any] | None = None
    client: type[Any] | None = None

    def scanner_args(self) -> dict[str, Any]:
        return {} if self.scanner is None else {"backend": self.scanner}

    def client_args(self) -> dict[str, Any]:
        return {} if self.client is None else {"backend": self.client}


PLATFORM = BleakBackends()


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
    if table_id is None:
        return True
    claimed_by = advert_table(adv)
    if claimed_by is not None:
        return claimed_by == table_id
    # No table id: unclaimed only if the scan response was heard, which then carries the full
    # name "Altar-<id>". An advertising packet alone (its scan response not yet merged in, or a
    # passive scan) says nothing of whose it is: another table's device looks like that too.
    return (getattr(adv, "local_name", None) or "").startswith(wire.BLE_NAME_PREFIX)


async def scan(
    table_id: bytes | None, timeout: float = SCAN_TIMEOUT, backends: BleakBackends = PLATFORM
) -> list[Found]:
    """Altar devices in range for this table, strongest signal first."""
    from bleak import BleakScanner

    seen = await BleakScanner.discover(timeout=timeout, return_adv=True, **backends.scanner_args())
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
        backends: BleakBackends = PLATFORM,
        scan_timeout: float = SCAN_TIMEOUT,
        connect_timeout: float = CONNECT_TIMEOUT,
    ) -> None:
        super().__init__(name_or_address)
        self.target = name_or_address
        self.table_id = table_id
        self.adapter = adapter
        self.scan_timeout = scan_timeout
        self.connect_timeout = connect_timeout
        self.backends = backends
        self._client: Any = None
        self.rssi: int | None = None
        # Found by its name once, the device is then known by its address: once claimed it
        # advertises only the short name "Altar" (its scan response has no room for the full
        # name beside the table id), so its name alone would not find it again.
        self.address: str | None = None

    def _matches(self, device: Any, adv: Any) -> bool:
        if not is_ours(adv, self.table_id):
            return False
        names = {
            device.address.lower(),
            (device.name or "").lower(),
            (adv.local_name or "").lower(),
        }
        if self.target.lower() in names or device.address == self.address:
            self.rssi = adv.rssi
            self.address = device.address
            return True
        return False

    async def open(self) -> None:
        from bleak import BleakClient, BleakScanner

        self._prepare()
        async with adapter_lock(self.adapter):
            device = await BleakScanner.find_device_by_filter(
                self._matches, timeout=self.scan_timeout, **self.backends.scanner_args()
            )
            if device is None:
                raise LinkLost(f"{self.target} is not in range (or not advertising)")
            client = BleakClient(
                device,
                disconnected_callback=self._on_disconnect,
                timeout=self.connect_timeout,
                **self.backends.client_args(),
            )
            try:
                # The whole handshake is bounded, not only bleak's connect: a GATT exchange
                # sent on a link that died as it opened may never be answered, and would hold
                # the adapter's one connect (every other device's reconnect) for ever.
                async with asyncio.timeout(HANDSHAKE_FACTOR * self.connect_timeout):
                    await client.connect()
                    await client.start_notify(wire.BLE_NOTIFY_UUID, self._on_notify)
            except Exception as e:  # BleakError, TimeoutError, OSError from the stack
                await self._give_up(client)
                why = str(e) or "no answer to the handshake"
                raise LinkLost(f"cannot connect to {self.target}: {why}") from e
        self._client = client

    async def _give_up(self, client: Any) -> None:
        """Hang up a half-made connection (bounded too): left up, the device would stay
        connected to nobody and stop advertising, so it could never be found again."""
        with contextlib.suppress(Exception):
            async with asyncio.timeout(self.connect_timeout):
                await client.disconnect()

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
