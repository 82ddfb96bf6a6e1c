"""The device manager: every device at this table, kept connected, as one stream of events.

API (stable; the app and `altar demo` are written against it)::

    manager = DeviceManager(table_id, keys_path="keys.sqlite")   # keys_path None: memory only
    await manager.add_serial("/dev/ttyACM0")       # -> device id (hex) once it said hello, or None
    await manager.add_ble("Altar-a1b2")            # a BLE name or address
    await manager.add_simulator(SimulatedDevice()) # in-process, for `make run` and tests
    manager.add_transport(transport)               # any hardware.transports.base.Transport
    manager.add_nfc_reader("usb")                  # the tablet's own reader: device "tablet"
    async for event in manager.events(): ...       # hardware.events objects, once, in order
    await manager.set_dial("a1b2c3d4", dial=0, value=5, minimum=0, maximum=13)
    await manager.feedback("a1b2c3d4", reader=0, ok=True)
    await manager.claim("a1b2c3d4")                # device in pairing mode; else ClaimRefused
    await manager.unclaim("a1b2c3d4")              # forgotten on the device, then here; else
                                                   # UnclaimFailed says why, and both keep it
    manager.assign_dial("a1b2c3d4", 0, seat=2)     # events then carry seat=2
    manager.seats                                  # the table's one SeatMap (hardware/seats.py)
    manager.devices()                              # [DeviceInfo]: battery, signal, last seen ...
    await manager.discover_ble(); manager.discover_serial()   # what could be added
    await manager.close()

A device this table never claimed connects but its events are refused (and reported once)
until ``claim`` succeeds while the device is in pairing mode (docs/protocol.md, "Who can claim
a device"; the simulator's ``hold_button(True)`` stands for it); ``accept_unclaimed=True`` (for
`altar monitor`) lets them through. For the simulator: ``device.hold_button(True)``, then
``await manager.claim(device.device)``. Keys stay in ``keys_path``, so the next run
authenticates without a claim.

Each transport runs in its own task: open, handshake (``hardware.link.HostLink``), then frames
and a 50 ms timer. A link that drops or goes quiet for 3 s is reopened with exponential backoff
and jitter; its events made meanwhile arrive after the reconnect (the device's replay ring). A
``DeviceStatus`` event says, in players' words, when a device goes away and comes back, so the
game goes on by hand in between.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import random
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hardware import wire
from hardware.events import DeviceStatus, Event
from hardware.keys import KeyStore
from hardware.link import PAIRING_HOW, ClaimRefused, HostLink, Peer, State, device_label
from hardware.seats import SeatMap
from hardware.simulator import SimulatedDevice
from hardware.transports.base import LinkLost, Transport

if TYPE_CHECKING:
    from hardware.transports.ble import BleakBackends, Found

TICK = 0.05  # s: the link's timers (acks, resends, heartbeat) run at least this often
BACKOFF_FIRST = 0.1
BACKOFF_MAX = 5.0
CLAIM_TIMEOUT = 5.0
PRESS_TIMEOUT = 45.0  # s the players have to press on the device once the claim proved itself
UNCLAIM_TIMEOUT = 5.0  # s the device has to confirm an unclaim before the table gives up
REFUSED_RETRY = 2.0
ATTACK_WINDOW = 60.0  # s: "3 forged frames in the last minute" on the Devices screen

__all__ = ["ClaimRefused", "DeviceInfo", "DeviceManager", "UnclaimFailed"]


class UnclaimFailed(Exception):
    """The device did not confirm the unclaim: both sides still hold the key (in words)."""


@dataclass
class DeviceInfo:
    """One device's status, for the Devices screen."""

    device: str  # hex id; "" until the device said hello
    transport: str  # port path, BLE name, "simulator ..."
    connected: bool = False
    claimed: bool = False
    state: str = "connecting"
    battery: int | None = None  # percent; None when unknown or on USB power
    signal: int | None = None  # BLE RSSI in dBm, when the transport knows it
    last_seen: float | None = None  # time.monotonic() of the last good frame
    errors: int = 0  # device-reported errors
    refused: int = 0  # frames this host refused (unclaimed, wrong MAC, replayed)
    noise: int = 0  # malformed bytes skipped
    message: str = ""
    dials: int = 0
    readers: int = 0
    # The device's own reports (DIAG 4) of frames from a stranger it dropped: (when, forged,
    # unsigned), the last ATTACK_WINDOW seconds of them.
    stranger_reports: tuple[tuple[float, int, int], ...] = ()

    def stranger_frames(self, now: float) -> tuple[int, int]:
        """(forged, unsigned) frames the device reported dropping in the last minute."""
        recent = [r for r in self.stranger_reports if now - r[0] <= ATTACK_WINDOW]
        return sum(r[1] for r in recent), sum(r[2] for r in recent)


class _Runner:
    def __init__(self, transport: Transport) -> None:
        self.transport = transport
        self.info = DeviceInfo("", transport.name)
        self.link: HostLink | None = None
        self.task: asyncio.Task[None] | None = None
        self.changed = asyncio.Event()  # set after each batch, for waiters (claim, add_*)


class Receipt:
    """Where an event came from: released (acked to the device) once the event is stored."""

    def __init__(self, runner: _Runner, peer: Peer, seq: int) -> None:
        self.runner = runner
        self.peer = peer
        self.inbox = peer.inbox  # the numbering it belongs to (a reboot makes a new one)
        self.seq = seq

    def release(self) -> None:
        if self.inbox.release(self.seq) and self.peer.inbox is self.inbox:
            self.peer.ack_due = True
            self.runner.transport.poke()


_Item = tuple[Event, Receipt | None]


class EventStream:
    """An async iterator over the manager's events. Unlike an async generator it survives a
    cancelled wait (``asyncio.wait_for(stream.__anext__(), t)``): nothing is lost or closed.

    Asking for the next event says the last one is stored: only then is it acked."""

    def __init__(self, queue: asyncio.Queue[_Item]) -> None:
        self._queue = queue
        self._last: Receipt | None = None

    def __aiter__(self) -> EventStream:
        return self

    def stored(self) -> None:
        """The last event is stored: ack it now (asking for the next one does this too)."""
        self._stored()

    def _stored(self) -> None:
        last, self._last = self._last, None
        if last is not None:
            last.release()

    async def __anext__(self) -> Event:
        self._stored()
        event, self._last = await self._queue.get()
        return event

    def get_nowait(self) -> Event | None:
        self._stored()
        try:
            event, self._last = self._queue.get_nowait()
        except asyncio.QueueEmpty:
            return None
        return event


class DeviceManager:
    def __init__(
        self,
        table_id: bytes,
        keys_path: str | None = None,
        *,
        accept_unclaimed: bool = False,
        seats: SeatMap | None = None,
    ) -> None:
        if len(table_id) != wire.TABLE_ID_SIZE:
            raise ValueError("a table id has 4 bytes")
        self.table_id = table_id
        self.keys = KeyStore(keys_path)
        self.accept_unclaimed = accept_unclaimed  # for `altar monitor`: unclaimed devices' events
        self._peers: dict[str, Peer] = {}
        self._runners: list[_Runner] = []
        self._queue: asyncio.Queue[_Item] = asyncio.Queue()
        self.link_errors = 0  # exceptions a link raised and the manager survived
        # The table's one seat map: events are stamped from it, the app reads it (issue 9).
        self.seats = seats if seats is not None else SeatMap()
        self._closed = False
        self._sources: list[asyncio.Task[None]] = []

    # ------------------------------------------------------------------ adding devices

    def add_transport(self, transport: Transport) -> _Runner:
        runner = _Runner(transport)
        runner.task = asyncio.create_task(self._run(runner), name=f"link {transport.name}")
        self._runners.append(runner)
        return runner

    async def add_serial(self, port: str, wait: float = 3.0) -> str | None:
        from hardware.transports.serial import SerialTransport

        return await self._added(self.add_transport(SerialTransport(port)), wait)

    async def add_ble(
        self, name_or_address: str, wait: float = 10.0, backends: BleakBackends | None = None
    ) -> str | None:
        """``backends``: bleak's backend classes (default the platform's; tests give Bumble's)."""
        from hardware.transports.ble import PLATFORM, BleTransport

        transport = BleTransport(  # ours or unclaimed only
            name_or_address, self.table_id, backends=backends or PLATFORM
        )
        return await self._added(self.add_transport(transport), wait)

    async def add_simulator(self, device: SimulatedDevice, wait: float = 3.0) -> str | None:
        from hardware.transports.loopback import LoopbackTransport

        return await self._added(self.add_transport(LoopbackTransport(device)), wait)

    def add_nfc_reader(self, path: str = "usb") -> None:
        """The tablet's own NFC reader (nfcpy path: "usb", "tty:USB0:pn532", "udp:...")."""
        from hardware.transports.nfc_reader import NfcReader

        reader = NfcReader(path)
        self._sources.append(asyncio.create_task(self._pump(reader.events())))

    async def _pump(self, source: AsyncIterator[Event]) -> None:
        async for event in source:
            self._queue.put_nowait((self._stamp(event), None))

    async def _added(self, runner: _Runner, wait: float) -> str | None:
        """Wait (at most ``wait`` s) until the device said hello; -> its id or None."""
        deadline = time.monotonic() + wait
        while not runner.info.device and time.monotonic() < deadline:
            runner.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(runner.changed.wait(), deadline - time.monotonic())
        return runner.info.device or None

    # ------------------------------------------------------------------ discovery

    async def discover_ble(
        self, timeout: float = 5.0, backends: BleakBackends | None = None
    ) -> list[Found]:
        """Altar devices in BLE range that this table claimed, or that nobody claimed yet."""
        from hardware.transports.ble import PLATFORM, scan

        return await scan(self.table_id, timeout, backends or PLATFORM)

    @staticmethod
    def discover_serial() -> list[str]:
        """USB serial ports that may hold a device (pyserial's port list, USB ones only)."""
        from serial.tools import list_ports

        return sorted(p.device for p in list_ports.comports() if p.vid is not None)

    # ------------------------------------------------------------------ the app's side

    def events(self) -> EventStream:
        """The events of every device, once, in order per device. One consumer at a time."""
        return EventStream(self._queue)

    def devices(self) -> list[DeviceInfo]:
        return [dataclasses.replace(r.info) for r in self._runners]

    async def set_dial(
        self, device: str, dial: int, value: int, minimum: int = 0, maximum: int = 13
    ) -> None:
        # A device that can say its dial was turned against its stop is asked to (issue 16):
        # the player then hears why nothing moved. Older firmware would refuse the flag.
        peer = self._peers.get(device)
        stops = peer is not None and bool(peer.capabilities & wire.CAP_DIAL_STOP)
        payload = wire.set_dial_payload(dial, value, minimum, maximum, report_stops=stops)
        self._command(device, wire.SET_DIAL, payload)

    async def feedback(self, device: str, reader: int, ok: bool) -> None:
        kind = wire.FEEDBACK_OK if ok else wire.FEEDBACK_REFUSE
        self._command(device, wire.FEEDBACK, wire.feedback_payload(kind, reader))

    async def claim(self, device: str, timeout: float = CLAIM_TIMEOUT) -> None:
        """Claim a device for this table: it must be in pairing mode. ClaimRefused says why not."""
        runner = self._runner_for(device)
        if runner.link is None or runner.link.state is State.WAIT_HELLO:
            raise ClaimRefused(f"{device_label(device)} is not connected: plug it in or wake it")
        runner.link.begin_claim(time.monotonic())
        runner.transport.poke()
        deadline = time.monotonic() + timeout
        pressing = False
        while time.monotonic() < deadline:
            link = runner.link
            if link is not None and link.awaiting_press and not pressing:
                # The device answered and proved itself: now the players press (issue 35).
                pressing = True
                deadline = max(deadline, time.monotonic() + min(timeout * 9, PRESS_TIMEOUT))
            if link is not None and link.claim_result is not None:
                if link.claim_result == "ok":
                    code = link.claim_code
                    self._queue.put_nowait(
                        (
                            DeviceStatus(
                                device,
                                True,
                                message=f"{device_label(device)} is claimed by this table "
                                f"(claim code {code}): keys agreed afresh",
                            ),
                            None,
                        )
                    )
                    return
                raise ClaimRefused(link.claim_result)
            runner.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(runner.changed.wait(), deadline - time.monotonic())
        if pressing:
            raise ClaimRefused(
                f"{device_label(device)} was not confirmed on the device (a press of dial 0's "
                "button once its light asks): claim it again"
            )
        raise ClaimRefused(f"{device_label(device)} did not answer the claim: try again")

    async def unclaim(self, device: str, timeout: float = UNCLAIM_TIMEOUT) -> None:
        """Let a device go: it forgets this table's key and says so (signed), then the table
        forgets it too. The unclaim is sent again until the device confirms it, and waits for
        a link that is reconnecting. UnclaimFailed, in words, when the device is not here or
        does not answer within ``timeout`` s: then both sides keep the key, and agree; or,
        when it agreed and went silent after, that it may still hold the key (issue 35)."""
        label = device_label(device)
        if self.keys.key_for(device) is None:
            raise UnclaimFailed(f"{label} is not claimed by this table: nothing to unclaim.")
        runner = next((r for r in self._runners if r.info.device == device), None)
        peer = self._peers.get(device)
        if runner is None or peer is None:
            raise UnclaimFailed(
                f"{label} is not connected, so it still holds this table's key: connect it "
                "(plug it in or bring it near) and unclaim it again."
            )
        peer.unclaim_asked = True
        peer.unclaim_forgotten = False
        if runner.link is not None:
            runner.link.unclaim(time.monotonic())
        runner.transport.poke()
        deadline = time.monotonic() + timeout
        while (peer.unclaim_asked or peer.unclaim_forgotten) and time.monotonic() < deadline:
            runner.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(runner.changed.wait(), deadline - time.monotonic())
        if peer.unclaim_asked:
            peer.unclaim_asked = False  # given up: a late "ready" is ignored, the key kept
            raise UnclaimFailed(
                f"{label} did not answer the unclaim, so both it and this table keep their key: "
                "bring it near (or plug it in) and unclaim it again."
            )
        if peer.unclaim_forgotten:
            # This table forgot its key; the device's word that it forgot its own never came.
            # Said as it is: the device may still hold the key (it then obeys no table until
            # it is claimed again in pairing mode). A late word still ends it well.
            raise UnclaimFailed(
                f"{label} agreed to the unclaim and this table forgot its key, but the device "
                "did not answer after that: it may still hold the key. It obeys no table until "
                f"it is claimed again: {PAIRING_HOW}."
            )

    def assign_dial(self, device: str, dial: int, seat: int | None) -> None:
        self.seats.assign_dial(device, dial, seat)

    def assign_reader(self, device: str, reader: int, seat: int | None) -> None:
        self.seats.assign_reader(device, reader, seat)

    async def close(self) -> None:
        self._closed = True
        for task in [*(r.task for r in self._runners), *self._sources]:
            if task is not None:
                task.cancel()
        for task in [*(r.task for r in self._runners), *self._sources]:
            if task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        self.keys.close()

    # ------------------------------------------------------------------ internals

    def _stamp(self, event: Event) -> Event:
        return self.seats.stamp(event)

    def _runner_for(self, device: str) -> _Runner:
        for r in self._runners:
            if r.info.device == device:
                return r
        raise KeyError(f"no device {device} at this table")

    def _command(self, device: str, msg_type: int, payload: bytes) -> None:
        runner = self._runner_for(device)
        peer = self._peers.get(device)
        if peer is None:
            raise KeyError(f"{device_label(device)} has not connected yet")
        # Kept until the device acks it, across reconnects: a dial set while the device is
        # away is set when it comes back.
        peer.outbox.add(msg_type, payload)
        runner.transport.poke()

    async def _run(self, runner: _Runner) -> None:
        backoff = BACKOFF_FIRST
        transport = runner.transport
        while not self._closed:
            try:
                await transport.open()
            except (LinkLost, OSError) as e:
                delay = backoff * (0.5 + random.random())  # jitter: devices don't retry in step
                backoff = min(backoff * 2, BACKOFF_MAX)
                self._set_status(runner, False, f"Cannot reach {transport.name}: {e}")
                await asyncio.sleep(delay)
                continue
            backoff = BACKOFF_FIRST
            link = HostLink(
                self.table_id, self.keys, self._peers, accept_unclaimed=self.accept_unclaimed
            )
            runner.link = link
            try:
                link.start(time.monotonic())
                await self._serve(runner, link)
            except LinkLost as e:
                if runner.info.device:
                    self._set_status(
                        runner,
                        False,
                        f"{device_label(runner.info.device)} lost its connection ({e}): "
                        "reconnecting; play on by hand meanwhile",
                    )
            except asyncio.CancelledError:
                raise
            except Exception as e:  # noqa: BLE001 - no frame, from anyone, ends the device's task
                self.link_errors += 1
                name = device_label(runner.info.device) if runner.info.device else transport.name
                self._set_status(
                    runner,
                    False,
                    f"{name}: the link failed ({type(e).__name__}: {e}); reconnecting",
                )
                await asyncio.sleep(BACKOFF_FIRST)
            finally:
                with contextlib.suppress(Exception):
                    await transport.close()

    async def _serve(self, runner: _Runner, link: HostLink) -> None:
        transport = runner.transport
        while not self._closed:
            await self._flush(runner, link)
            items = await transport.receive(TICK)
            now = time.monotonic()
            for item in items:
                link.receive(item, now)
            link.tick(now)
            if link.quiet(now):
                raise LinkLost("no word from the device for 3 s")
            if link.state is State.REFUSED:
                await self._flush(runner, link)  # the REFUSE, and the reason for the app
                await asyncio.sleep(REFUSED_RETRY)  # don't hammer a device that said no
                raise LinkLost("the device refused this table")

    async def _flush(self, runner: _Runner, link: HostLink) -> None:
        out = link.take_outgoing()
        if out:
            await runner.transport.send(out)
        info = runner.info
        if link.peer is not None:
            peer = link.peer
            info.device = peer.device
            info.dials, info.readers = peer.dials, peer.readers
            info.refused, info.noise = peer.refused, peer.noise
            info.last_seen = link.last_rx
        info.signal = getattr(runner.transport, "rssi", None)  # BLE knows it; serial does not
        info.state = link.state.value
        info.claimed = link.state is State.OPEN
        info.connected = link.state in (State.OPEN, State.UNCLAIMED)
        for event, seq in link.take_delivered():
            if isinstance(event, DeviceStatus):
                if not (event.forged or event.unsigned):  # those show as counts (below)
                    info.message = event.message or info.message
                if event.battery is not None:
                    info.battery = event.battery
                info.errors = max(info.errors, event.errors)
                if event.forged or event.unsigned:
                    kept = [r for r in info.stranger_reports if event.at - r[0] <= ATTACK_WINDOW]
                    info.stranger_reports = (*kept, (event.at, event.forged, event.unsigned))
            receipt = None
            if seq is not None and link.peer is not None:
                receipt = Receipt(runner, link.peer, seq)
            self._queue.put_nowait((self._stamp(event), receipt))
        link.take_reports()  # already in the stream as DeviceStatus messages
        runner.changed.set()

    def _set_status(self, runner: _Runner, connected: bool, message: str) -> None:
        info = runner.info
        info.connected = connected
        info.message = message
        info.state = "disconnected"
        self._queue.put_nowait(
            (DeviceStatus(info.device or runner.transport.name, connected, message=message), None)
        )
        runner.changed.set()
