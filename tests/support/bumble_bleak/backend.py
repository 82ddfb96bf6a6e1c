"""A bleak backend on a Bumble device: bleak's own ``BleakScanner`` and ``BleakClient`` run over
Bumble's host stack, so scanning, connecting, GATT discovery, the CCCD subscription, notifications,
writes and disconnections are real ATT and GATT exchanges between two Bluetooth stacks.

``backends_on(central)`` gives the scanner and client backend classes bound to one Bumble
``Device`` (the tablet's adapter), as ``hardware.transports.ble.BleakBackends``. With ``mtu`` the
client asks for that ATT MTU after connecting, as BlueZ and CoreBluetooth do; without it the link
stays at the default 23 (20-byte notifications), as some phones' stacks leave it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, TypeVar

from bleak.backends.characteristic import BleakGATTCharacteristic
from bleak.backends.client import BaseBleakClient, NotifyCallback
from bleak.backends.descriptor import BleakGATTDescriptor
from bleak.backends.device import BLEDevice
from bleak.backends.scanner import AdvertisementData, BaseBleakScanner
from bleak.backends.service import BleakGATTService, BleakGATTServiceCollection
from bleak.exc import BleakError
from bumble import hci
from bumble.core import AdvertisingData
from bumble.device import Advertisement, Connection, Device, Peer

from hardware.transports.ble import BleakBackends

_T = AdvertisingData.Type
_R = TypeVar("_R")
_UUID_LISTS = {
    _T.INCOMPLETE_LIST_OF_16_BIT_SERVICE_CLASS_UUIDS: 2,
    _T.COMPLETE_LIST_OF_16_BIT_SERVICE_CLASS_UUIDS: 2,
    _T.INCOMPLETE_LIST_OF_32_BIT_SERVICE_CLASS_UUIDS: 4,
    _T.COMPLETE_LIST_OF_32_BIT_SERVICE_CLASS_UUIDS: 4,
    _T.INCOMPLETE_LIST_OF_128_BIT_SERVICE_CLASS_UUIDS: 16,
    _T.COMPLETE_LIST_OF_128_BIT_SERVICE_CLASS_UUIDS: 16,
}
_SERVICE_DATA = {
    _T.SERVICE_DATA_16_BIT_UUID: 2,
    _T.SERVICE_DATA_32_BIT_UUID: 4,
    _T.SERVICE_DATA_128_BIT_UUID: 16,
}


def uuid_text(raw: bytes) -> str:
    """A UUID in AD or ATT byte order (least significant byte first) as bleak writes it: 128-bit,
    lower case; 16- and 32-bit ones on the Bluetooth base UUID."""
    if len(raw) in (2, 4):
        return f"{int.from_bytes(raw, 'little'):08x}-0000-1000-8000-00805f9b34fb"
    h = bytes(reversed(raw)).hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def advertisement_data(adv: Advertisement) -> AdvertisementData:
    """Bumble's advertisement (advertising data and scan response merged) as bleak reports it."""
    name: str | None = None
    uuids: list[str] = []
    service_data: dict[str, bytes] = {}
    manufacturer: dict[int, bytes] = {}
    tx_power: int | None = None
    for ad_type, value in adv.data.ad_structures:
        if ad_type in _UUID_LISTS:
            size = _UUID_LISTS[ad_type]
            uuids += [uuid_text(value[i : i + size]) for i in range(0, len(value), size)]
        elif ad_type in _SERVICE_DATA:
            size = _SERVICE_DATA[ad_type]
            service_data[uuid_text(value[:size])] = bytes(value[size:])
        elif ad_type == _T.COMPLETE_LOCAL_NAME or (ad_type == _T.SHORTENED_LOCAL_NAME and not name):
            name = value.decode("utf-8", "replace")
        elif ad_type == _T.MANUFACTURER_SPECIFIC_DATA and len(value) >= 2:
            manufacturer[int.from_bytes(value[:2], "little")] = bytes(value[2:])
        elif ad_type == _T.TX_POWER_LEVEL and value:
            tx_power = int.from_bytes(value[:1], "little", signed=True)
    return AdvertisementData(
        local_name=name,
        manufacturer_data=manufacturer,
        service_data=service_data,
        service_uuids=uuids,
        tx_power=tx_power,
        rssi=adv.rssi,
        platform_data=(adv,),
    )


class BumbleScanner(BaseBleakScanner):
    """bleak's scanner backend: Bumble's LE scan, active (scan requests) unless asked passive."""

    central: ClassVar[Device]
    _scanning: ClassVar[dict[Device, int]] = {}  # scanners running per device: one HCI scan

    def __init__(
        self,
        detection_callback: Any,
        service_uuids: list[str] | None,
        scanning_mode: str = "active",
        **kwargs: Any,
    ) -> None:
        super().__init__(detection_callback, service_uuids)
        self._active = scanning_mode != "passive"
        self._on = False

    def _on_advertisement(self, adv: Advertisement) -> None:
        data = advertisement_data(adv)
        if not self.is_allowed_uuid(data.service_uuids):
            return
        address = str(adv.address).split("/")[0]
        device = self.create_or_update_device(address, address, data.local_name, adv.address, data)
        self.call_detection_callbacks(device, data)

    async def start(self) -> None:
        self.seen_devices = {}
        central = self.central
        central.on(central.EVENT_ADVERTISEMENT, self._on_advertisement)
        self._on = True
        count = self._scanning.get(central, 0)
        self._scanning[central] = count + 1
        if count == 0:
            await central.start_scanning(active=self._active, filter_duplicates=False)

    async def stop(self) -> None:
        if not self._on:
            return
        self._on = False
        central = self.central
        central.remove_listener(central.EVENT_ADVERTISEMENT, self._on_advertisement)
        self._scanning[central] -= 1
        if self._scanning[central] == 0 and central.scanning:
            await central.stop_scanning()


class BumbleClient(BaseBleakClient):
    """bleak's client backend: a Bumble LE connection and its GATT client."""

    central: ClassVar[Device]
    mtu: ClassVar[int | None] = None

    def __init__(
        self,
        address_or_ble_device: BLEDevice | str,
        *,
        disconnected_callback: Callable[[], None] | None,
        timeout: float = 10.0,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            address_or_ble_device, disconnected_callback=disconnected_callback, timeout=timeout
        )
        details = getattr(address_or_ble_device, "details", None)
        self._peer_address = (
            details
            if isinstance(details, hci.Address)
            else hci.Address(self.address, hci.Address.RANDOM_DEVICE_ADDRESS)
        )
        self._connection: Connection | None = None
        self._peer: Peer | None = None
        self._subscribers: dict[int, Callable[[bytes], None]] = {}

    @property
    def name(self) -> str:
        return self.address

    @property
    def mtu_size(self) -> int:
        return self._connection.att_mtu if self._connection is not None else 23

    @property
    def is_connected(self) -> bool:
        return self._connection is not None

    async def connect(self, pair: bool, **kwargs: Any) -> None:
        try:
            connection = await self.central.connect(self._peer_address, timeout=self._timeout)
        except Exception as e:  # Bumble's timeout or HCI error, as bleak's backends report it
            why = str(e) or type(e).__name__
            raise BleakError(f"could not connect to {self.address}: {why}") from e
        if self.central.connections.get(connection.handle) is not connection:
            # Dropped between the connection's completion and this coroutine resuming: the
            # host has forgotten it, and a GATT request on it would wait for ever. bleak's
            # backends report a connect that ends so as a failed connect.
            raise BleakError(f"{self.address} disconnected while connecting")
        self._connection = connection
        connection.on(connection.EVENT_DISCONNECTION, self._on_disconnection)
        peer = Peer(connection)
        self._peer = peer
        try:
            if self.mtu is not None:
                await self._gatt(peer.request_mtu(self.mtu))
            self.services = await self._gatt(self._discover(peer))
        except Exception:
            await self.disconnect()
            raise

    async def _gatt(self, exchange: Awaitable[_R]) -> _R:
        """One GATT exchange. Bumble cancels a request whose connection drops; bleak's backends
        raise BleakError then, and a caller must not take it for its own cancellation."""
        try:
            return await exchange
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise  # the caller itself is being cancelled
            raise BleakError(f"{self.address} disconnected during a GATT exchange") from None

    async def _discover(self, peer: Peer) -> BleakGATTServiceCollection:
        """Every service, characteristic and descriptor, as bleak's backends report them."""
        collection = BleakGATTServiceCollection()
        for svc in await peer.discover_services():
            service = BleakGATTService(svc, svc.handle, uuid_text(svc.uuid.to_bytes()))
            collection.add_service(service)
            for ch in await peer.discover_characteristics(service=svc):
                char = BleakGATTCharacteristic(
                    ch,
                    ch.handle,
                    uuid_text(ch.uuid.to_bytes()),
                    [p.name.lower().replace("_", "-") for p in ch.properties if p.name],  # type: ignore[misc]
                    lambda: self.mtu_size - 3,
                    service,
                )
                collection.add_characteristic(char)
                for d in await peer.discover_descriptors(ch):
                    collection.add_descriptor(
                        BleakGATTDescriptor(d, d.handle, uuid_text(d.type.to_bytes()), char)
                    )
        return collection

    def _on_disconnection(self, reason: int) -> None:
        self._connection = None
        self._peer = None
        if self._disconnected_callback is not None:
            self._disconnected_callback()

    def _ready(self) -> Peer:
        if self._peer is None:
            raise BleakError(f"{self.address} is not connected")
        return self._peer

    async def disconnect(self) -> None:
        connection = self._connection
        # Only a connection the host still knows: Bumble waits for ever for the end of one
        # it has forgotten (its controller never answers for an unknown handle).
        if connection is not None and self.central.connections.get(connection.handle) is connection:
            await connection.disconnect()

    async def pair(self, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError("Altar authenticates in its own protocol, not by BLE pairing")

    async def unpair(self) -> None:
        raise NotImplementedError("Altar authenticates in its own protocol, not by BLE pairing")

    async def read_gatt_char(
        self, characteristic: BleakGATTCharacteristic, *, use_cached: bool = False, **kwargs: Any
    ) -> bytearray:
        return bytearray(await self._gatt(self._ready().read_value(characteristic.obj)))

    async def read_gatt_descriptor(
        self, descriptor: BleakGATTDescriptor, *, use_cached: bool = False, **kwargs: Any
    ) -> bytearray:
        return bytearray(await self._gatt(self._ready().read_value(descriptor.handle)))

    async def write_gatt_char(
        self, characteristic: BleakGATTCharacteristic, data: Any, response: bool
    ) -> None:
        peer = self._ready()
        await self._gatt(peer.write_value(characteristic.obj, bytes(data), with_response=response))

    async def write_gatt_descriptor(self, descriptor: BleakGATTDescriptor, data: Any) -> None:
        await self._gatt(self._ready().write_value(descriptor.handle, bytes(data), True))

    async def start_notify(
        self, characteristic: BleakGATTCharacteristic, callback: NotifyCallback, **kwargs: Any
    ) -> None:
        def deliver(value: bytes) -> None:
            callback(bytearray(value))

        self._subscribers[characteristic.handle] = deliver
        await self._gatt(self._ready().subscribe(characteristic.obj, deliver, prefer_notify=True))

    async def stop_notify(self, characteristic: BleakGATTCharacteristic) -> None:
        deliver = self._subscribers.pop(characteristic.handle, None)
        await self._gatt(self._ready().unsubscribe(characteristic.obj, deliver))


def backends_on(central: Device, mtu: int | None = None) -> BleakBackends:
    """bleak backends for the tablet's adapter ``central``; ``mtu``: ask for it on connecting."""
    scanner = type("BumbleScanner", (BumbleScanner,), {"central": central})
    client = type("BumbleClient", (BumbleClient,), {"central": central, "mtu": mtu})
    return BleakBackends(scanner=scanner, client=client)
