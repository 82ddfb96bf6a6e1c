"""The hardware side of the app: the device manager's event stream into the session.

Runs as an asyncio task beside ``App.async_run``. Events go to the session (which asks the
table controller what they mean); the device commands that come back (a dial's value, a green
or red light) go out through the manager. With ``--simulator`` the devices are simulated:
one box with two devotion dials and a card reader, speaking the real protocol bytes.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.logger import Logger

from companion_app.games import playable
from companion_app.session.table import FeedbackCommand, SetDialCommand
from companion_app.simulator.sim_tags import sim_uid
from hardware.events import DeviceStatus
from hardware.keys import KeyStore
from hardware.manager import UNCLAIM_TIMEOUT, ClaimRefused, DeviceManager, UnclaimFailed
from hardware.simulator import SimulatedDevice

if TYPE_CHECKING:
    from companion_app.app import AltarApp
    from companion_app.session.game_session import GameSession

TABLE_ID = b"ALT1"
SIM_DEVICE_ID = b"\x51\x4d\x00\x01"
# Four virtual dials, one for each of the first four seats (a four-player Zeal or Z-G game
# had none for seats 3 and 4); a seat past them plays by taps on its panel.
SIM_DIALS = 4
# The simulated device is in this process: only a loaded machine makes its hello or its claim
# (X25519 in pure Python on both ends) slow, so the table waits for them far longer than for a
# real device, which may really be away.
SIM_PATIENCE_S = 60.0


class HardwareLink:
    """Owns the manager for one app run; the screens reach devices only through it."""

    def __init__(
        self, session: GameSession, manager: DeviceManager, patience: float = UNCLAIM_TIMEOUT
    ) -> None:
        self.session = session
        self.manager = manager
        self.patience = patience  # s a device has to confirm an unclaim
        self.simulated: list[SimulatedDevice] = []
        self._tasks: set[asyncio.Task[Any]] = set()
        self._ports: set[str] = set()  # serial ports and BLE addresses already added
        # Set once the hardware side has done its setting up (the simulator: its device added,
        # claimed or refused in words, dials seated): what the table shows from then on no
        # longer changes by itself, so a journey or a screenshot can wait for it.
        self.set_up = asyncio.Event()
        session.send_to_devices = self.send
        # One seat map for the table: the manager's. It stamps events from it; the session
        # routes by those stamps and reads it to find each seat's dial.
        session.use_seat_map(manager.seats)

    async def pump(self) -> None:
        """Every event, in order, to the session; device statuses to the Devices list."""
        async for event in self.manager.events():
            if isinstance(event, DeviceStatus):
                self.session.devices = self.manager.devices()
            try:
                self.session.handle_event(event)
            except Exception as e:  # one bad event must not stop every device
                Logger.exception("Altar: device event %r", event)
                self.session.say(
                    f"A device event could not be used ({type(e).__name__}): the game goes "
                    "on; correct it on the scoreboard if needed.",
                    ok=False,
                )

    def send(self, commands: Any) -> None:
        """Device commands from the table controller, sent without blocking the screen."""
        for command in commands:
            self._spawn(self._send_one(command))

    async def _send_one(self, command: Any) -> None:
        try:
            if isinstance(command, SetDialCommand):
                await self.manager.set_dial(
                    command.device, command.dial, command.value, command.minimum, command.maximum
                )
            elif isinstance(command, FeedbackCommand):
                await self.manager.feedback(command.device, command.reader, command.ok)
        except KeyError as e:
            # The device went away; its dial is set again when it comes back (resync).
            self.session.say(f"A device is not connected: {e.args[0]}", ok=False)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def claim(self, device: str, done: Callable[[str], None]) -> None:
        async def run() -> None:
            try:
                await self.manager.claim(device)
                done(f"Device {device} is now part of this table.")
            except ClaimRefused as e:
                done(str(e))

        self._spawn(run())

    def unclaim(self, device: str, done: Callable[[str], None]) -> None:
        """Let the device go; ``done`` gets what happened, in words (also when it could not
        be reached: then both sides keep the key)."""

        async def run() -> None:
            try:
                await self.manager.unclaim(device, timeout=self.patience)
            except UnclaimFailed as e:
                done(str(e))
                return
            done(
                f"Device {device} is unclaimed: this table and the device forgot their key. "
                "To use it again, put it in pairing mode and claim it."
            )

        self._spawn(run())

    def assign_free_seats(self, device: str) -> str:
        """Give the device's dials to seats that have none yet, in seat order."""
        infos = {i.device: i for i in self.manager.devices()}
        info = infos.get(device)
        if info is None:
            return f"Device {device} is not connected."
        players = len(self.session.seats)
        seats = self.manager.seats
        taken = set(seats.dials.values())
        free = [s for s in range(players) if s not in taken]
        given = []
        for dial in range(info.dials):
            if (device, dial) in seats.dials or not free:
                continue
            seat = free.pop(0)
            self.session.assign_dial(device, dial, seat)
            given.append(f"dial {dial + 1} to {self.session.seats[seat].name}")
        self.session.resync_dials()
        return ("Gave " + ", ".join(given)) if given else "Every seat already has a dial."

    def seat_summary(self) -> str:
        names = [s.name for s in self.session.seats]
        parts = [
            f"{names[seat] if seat < len(names) else seat}: dial {dial + 1} of {device}"
            for (device, dial), seat in sorted(self.manager.seats.dials.items())
        ]
        return "Dials: " + ("; ".join(parts) if parts else "none assigned")

    def search(self, done: Callable[[str], None]) -> None:
        """Look for devices: USB serial ports now, then BLE; each one found is added."""

        async def run() -> None:
            found: list[str] = []
            for port in self.manager.discover_serial():
                if port not in self._ports:
                    self._ports.add(port)
                    device = await self.manager.add_serial(port)
                    found.append(device or port)
            try:
                nearby = await self.manager.discover_ble()
            except Exception:  # no Bluetooth stack here, or it is switched off
                done(
                    f"Found {len(found)} by USB. Bluetooth is not available on this tablet: "
                    "connect dials by USB, or switch Bluetooth on and search again."
                )
                return
            for dev in nearby:
                if dev.address not in self._ports:
                    self._ports.add(dev.address)
                    device = await self.manager.add_ble(dev.address)
                    found.append(device or dev.name)
            done(
                f"Found {len(found)} new: {', '.join(found)}" if found else "No new devices found."
            )

        self._spawn(run())

    def start_enrolment(self, cards: list[str], progress: Callable[..., None]) -> None:
        self.session.start_enrolment(cards, progress)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await self.manager.close()

    async def stop(self, pump: asyncio.Future[None]) -> None:
        """The hardware side's end, whichever it was: the event pump stopped (and waited for,
        so no event is handled after this), then every device task and the manager."""
        pump.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await pump
        await self.close()


async def simulator_side(app: AltarApp, device: SimulatedDevice | None = None) -> None:
    """A simulated device, claimed, its dial n given seat n: by default four virtual devotion
    dials and one card reader the table shares. A device with several readers (the table
    explorer's, a dial and a reader for every seat) gives reader n to seat n too."""
    manager = DeviceManager(TABLE_ID, keys_path=None)
    link = HardwareLink(app.session, manager, patience=SIM_PATIENCE_S)
    if device is None:
        device = SimulatedDevice(device_id=SIM_DEVICE_ID, dials=SIM_DIALS, readers=1)
    link.simulated.append(device)
    # The simulated decks' tags are enrolled already: every card of every game has one.
    for kind, _title in playable():
        registry = app.session.cards_for(kind)
        for card in app.session.catalog_for(kind).cards:
            registry.enrol(sim_uid(card.id), card.id)
    app.hardware_link = link
    pump = asyncio.ensure_future(link.pump())
    try:
        device_id = await manager.add_simulator(device, wait=SIM_PATIENCE_S)
        if device_id is None:
            app.session.say("The simulated device did not start.", ok=False)
        else:
            device.hold_button(True)  # the player holds the button while the table claims it
            try:
                await manager.claim(device_id, timeout=SIM_PATIENCE_S)
            except ClaimRefused as e:  # said, and the app goes on: play on by hand
                app.session.say(f"The simulated device was not claimed: {e}", ok=False)
            finally:
                device.hold_button(False)
            for dial in range(device.endpoint.dials):
                app.session.assign_dial(device_id, dial, dial)
            if device.endpoint.readers > 1:  # a lone reader stays shared by the table
                for reader in range(device.endpoint.readers):
                    app.session.seat_map.assign_reader(device_id, reader, reader)
            app.session.resync_dials()
            app.session.devices = manager.devices()
        link.set_up.set()
        await pump
    finally:
        await link.stop(pump)


def _table_id(keys_path: str) -> bytes:
    """This table's id, kept with the device keys (made once), so claimed devices stay claimed."""
    keys = KeyStore(keys_path)
    try:
        return keys.table_id()
    finally:
        keys.close()


async def device_side(app: AltarApp) -> None:
    """Real devices: the table's id and device keys beside the saved games; USB serial ports
    are added at once, the Devices screen searches again (and over Bluetooth)."""
    folder = Path(app.store.path).resolve().parent
    keys_path = str(folder / "device-keys.sqlite")
    manager = DeviceManager(_table_id(keys_path), keys_path=keys_path)
    link = HardwareLink(app.session, manager)
    app.hardware_link = link
    pump = asyncio.ensure_future(link.pump())
    try:
        link.search(lambda message: app.session.say(message))
        await pump
    finally:
        await link.stop(pump)
