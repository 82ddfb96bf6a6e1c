"""The only virtual part of the BLE path: the radio between two Bumble controllers.

Each side is a Bumble ``Device`` (its real host stack: HCI, L2CAP, ATT, GATT) on its own
``bumble.controller.Controller``; the controllers share one ``bumble.link.LocalLink``. The radio's
faults are made here, at the link layer, as a real radio makes them: a supervision timeout on both
ends of a connection (``drop``), a device that leaves range and comes back (``out_of_range``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools

from bumble import hci
from bumble.controller import Controller
from bumble.device import Device
from bumble.host import Host
from bumble.link import LocalLink
from bumble.transport.common import AsyncPipeSink

_SCAN_RESPONSE_TYPES = (
    hci.HCI_LE_Advertising_Report_Event.EventType.SCAN_RSP,
    hci.HCI_LE_Extended_Advertising_Report_Event.EventType.SCAN_RESPONSE,
)


class RadioController(Controller):
    """Bumble's virtual controller, answering an active scan with the advertiser's own scan
    response. (Bumble 0.0.236's controller reports a scan response whose data is the advertising
    data again, so a device's scan response, where Altar puts its table id, never arrived.)"""

    def __init__(self, name: str, link: LocalLink, address: str) -> None:
        super().__init__(name, link=link, public_address=address)
        self._answering: bytes | None = None

    def on_advertising_pdu(self, pdu):  # type: ignore[no-untyped-def]
        self._answering = scan_response_of(self.link, pdu.advertiser_address)
        try:
            super().on_advertising_pdu(pdu)
        finally:
            self._answering = None

    def send_hci_packet(self, packet: hci.HCI_Packet) -> None:
        reports = getattr(packet, "reports", None)
        if self._answering is not None and reports:
            fixed = [
                dataclasses.replace(r, data=self._answering)
                if _is_scan_response(r.event_type)
                else r
                for r in reports
            ]
            packet = dataclasses.replace(packet, reports=fixed)  # type: ignore[type-var]
        super().send_hci_packet(packet)

    def on_hci_le_create_connection_cancel_command(self, command):  # type: ignore[no-untyped-def]
        """A connect that is given up on ends, as the spec says (Vol 4, Part E, 7.8.13): the
        pending connection is dropped and reported as failed. (Bumble 0.0.236's controller
        answers the cancel but keeps the connection pending and never reports it, so a host that
        times out a connect to a device that left range waits for ever.)"""
        pending = self.pending_le_connection
        result = super().on_hci_le_create_connection_cancel_command(command)
        if pending is not None:
            self.pending_le_connection = None
            failed = hci.HCI_LE_Connection_Complete_Event(
                status=hci.HCI_UNKNOWN_CONNECTION_IDENTIFIER_ERROR,
                connection_handle=0,
                role=hci.Role.CENTRAL,
                peer_address_type=pending.peer_address.address_type,
                peer_address=pending.peer_address,
                connection_interval=0,
                peripheral_latency=0,
                supervision_timeout=0,
                central_clock_accuracy=0,
            )
            # After the command's own completion, which the caller sends when this returns.
            asyncio.get_running_loop().call_soon(self.send_hci_packet, failed)
        return result


def _is_scan_response(event_type: int) -> bool:
    legacy, extended = _SCAN_RESPONSE_TYPES
    return event_type == legacy or bool(event_type & extended)


def scan_response_of(link: LocalLink, address: hci.Address) -> bytes | None:
    """What the advertiser at ``address`` answers a scan request with."""
    for c in link.controllers:
        legacy = c.le_legacy_advertiser
        if legacy.enabled and legacy.address == address:
            return bytes(legacy.scan_response_data)
        for adv_set in c.advertising_sets.values():
            if adv_set.enabled and adv_set.address == address:
                return bytes(adv_set.scan_response_data)
    return None


class Radio:
    """The air around one table: devices join it, connections drop, devices leave range."""

    def __init__(self) -> None:
        self.link = LocalLink()
        self._numbers = itertools.count(1)
        self.controllers: dict[Device, RadioController] = {}

    def device(self, name: str) -> Device:
        """A new Bumble device on its own controller in this air (power it on before use)."""
        n = next(self._numbers)
        address = ":".join([f"{n:02X}"] * 5 + ["C0"])  # static random: top bits 11
        controller = RadioController(name, self.link, address)
        device = Device(
            name=name,
            address=hci.Address(address),
            host=Host(controller, AsyncPipeSink(controller)),
        )
        self.controllers[device] = controller
        return device

    def drop(self, device: Device) -> int:
        """Every connection of ``device`` is lost as a radio loses it: a supervision timeout,
        reported by both controllers. -> how many connections dropped."""
        mine = self.controllers[device]
        dropped = 0
        for connection in list(mine.le_connections.values()):
            other = self.link.find_le_controller(connection.peer_address)
            if other is not None:
                for theirs in list(other.le_connections.values()):
                    if theirs.peer_address == connection.self_address:
                        other.on_le_disconnected(theirs, hci.HCI_CONNECTION_TIMEOUT_ERROR)
            mine.on_le_disconnected(connection, hci.HCI_CONNECTION_TIMEOUT_ERROR)
            dropped += 1
        return dropped

    def out_of_range(self, device: Device) -> None:
        """The device leaves range: its connections time out and nothing it sends arrives."""
        self.drop(device)
        controller = self.controllers[device]
        self.link.remove_controller(controller)
        controller.link = None

    def in_range(self, device: Device) -> None:
        controller = self.controllers[device]
        controller.link = self.link
        self.link.add_controller(controller)
