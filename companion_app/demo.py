"""`altar demo`: a short scripted Zeal opening carried through every layer, with no display.

    simulated device --bytes--> pseudo-terminal --pyserial--> host link --events--> table
    --actions--> engine, and back: engine devotion --SET_DIAL--> the device's dial

It runs the table the way the app does: one task pumps every hardware event through the
``TableController`` and sends its device commands back; the script acts on the simulated device
(turn a dial, place a card) and waits for the engine to show the result. Every wait names the
layer it depends on, so when one breaks the demo exits non-zero saying which.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass

from companion_app import scoreboard_text
from companion_app.table import (
    DeviceCommand,
    FeedbackCommand,
    SeatMap,
    SetDialCommand,
    TableController,
)
from engine.errors import IllegalAction
from engine.zeal import PlayerSetup, Step, ZealGame, ZealSetup
from engine.zeal import actions as za
from engine.zeal.cards import sample_catalog
from hardware.events import DialChanged, Event, TagPresented, TagRemoved
from hardware.manager import ClaimRefused, DeviceManager
from hardware.simulator import PtySimulator, SimulatedDevice

WAIT_S = 10.0  # how long a step may take before its layer is declared broken (generous:
# a loaded CI machine is slow, and a broken layer fails the same, only later)
TABLE_ID = b"DEMO"
DEVICE_ID = b"\xa1\xb2\xc3\xd4"
WISP_UID = bytes.fromhex("04a1b2c3d4e5f6")  # Specter Wisp: a character costing 1 devotion
TAGS = {WISP_UID: "specter_wisp"}


class DemoFailure(Exception):
    def __init__(self, layer: str, message: str) -> None:
        super().__init__(message)
        self.layer = layer


def describe(event: Event) -> str:
    """One delivered event, briefly, for the demo's printout."""
    if isinstance(event, DialChanged):
        return f"dial {event.dial} of {event.device} now shows {event.value}"
    if isinstance(event, TagPresented):
        return f"tag {event.uid.hex()} placed on reader {event.reader} of {event.device}"
    if isinstance(event, TagRemoved):
        return f"tag {event.uid.hex()} taken off reader {event.reader} of {event.device}"
    return f"{type(event).__name__}: {getattr(event, 'message', '')}"


class DemoTags:
    """The demo deck's tags, enrolled by UID (the Tags screen enrols a real deck)."""

    def card_for(self, uid: bytes, card_ref: str | None = None) -> str | None:
        return card_ref or TAGS.get(uid)


@dataclass
class DemoResult:
    game: ZealGame
    events: list[Event]


class Demo:
    def __init__(self, say: Callable[[str], None]) -> None:
        self.say = say
        catalog = sample_catalog()
        setup = ZealSetup(
            players=(PlayerSetup("Alena"), PlayerSetup("Anton")),
            seed=7,
            catalog=catalog,
            first_player=0,
            hidden_hands=True,
        )
        self.game = ZealGame(setup)
        self.device = SimulatedDevice(DEVICE_ID, dials=2, readers=1)
        self.name = self.device.device
        seats = SeatMap()
        seats.assign_dial(self.name, 0, 0)  # Alena's dial
        seats.assign_dial(self.name, 1, 1)  # Anton's dial
        self.table = TableController(self.game, seats, DemoTags(), catalog)
        self.manager = DeviceManager(TABLE_ID)
        self.events: list[Event] = []
        self.refusals: list[str] = []
        self._logged = 0

    # ------------------------------------------------------------------ plumbing

    async def send(self, commands: tuple[DeviceCommand, ...]) -> None:
        for command in commands:
            if isinstance(command, SetDialCommand):
                await self.manager.set_dial(
                    command.device, command.dial, command.value, command.minimum, command.maximum
                )
            elif isinstance(command, FeedbackCommand):
                await self.manager.feedback(command.device, command.reader, command.ok)

    async def pump(self) -> None:
        """What the app's session does: every event through the table, replies to the device."""
        async for event in self.manager.events():
            self.events.append(event)
            reaction = self.table.handle(event)
            if reaction.message and not reaction.ok:
                self.refusals.append(reaction.message)
            self.print_new_log()
            await self.send(reaction.device_commands)

    def print_new_log(self) -> None:
        for entry in self.game.log[self._logged :]:
            self.say(f"    {entry.text}")
        self._logged = len(self.game.log)

    async def act(self, action: za.Action) -> None:
        """A decision taken on the tablet (the scoreboard's buttons)."""
        try:
            self.table.apply(action)
        except IllegalAction as e:
            raise DemoFailure("engine", f"it refused {action}: {e}") from e
        self.print_new_log()
        await self.send(self.table.dial_commands())

    async def pass_until(self, step: Step) -> None:
        for _ in range(50):
            if self.game.state.step == step:
                return
            priority = self.game.state.priority
            if priority is None:
                break
            await self.act(za.Pass(priority))
        raise DemoFailure("engine", f"passing did not reach the {step.label} step")

    async def until(self, done: Callable[[], bool], layer: str, what: str) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT_S
        while not done():
            if loop.time() > deadline:
                detail = f" (the table said: {self.refusals[-1]})" if self.refusals else ""
                raise DemoFailure(layer, f"{what} within {WAIT_S} s{detail}")
            await asyncio.sleep(0.01)

    # ------------------------------------------------------------------ the script

    async def run(self) -> DemoResult:
        try:
            pty = PtySimulator(self.device).start()
        except OSError as e:
            raise DemoFailure("simulated device", f"no pseudo-terminal: {e}") from e
        pump: asyncio.Task[None] | None = None
        try:
            try:
                found = await self.manager.add_serial(pty.port)
            except Exception as e:
                raise DemoFailure("serial link", f"pyserial could not open {pty.port}: {e}") from e
            if found != self.name:
                raise DemoFailure("host link", f"no HELLO from the device on {pty.port}")
            self.say(f"Device {self.name} said hello on {pty.port}: the simulator, in the")
            self.say("firmware's exact bytes. Claiming it for this table while its button is held.")
            self.device.hold_button(True)
            try:
                await self.manager.claim(self.name)
            except ClaimRefused as e:
                raise DemoFailure("host link", f"the claim failed: {e}") from e
            finally:
                self.device.hold_button(False)
            pump = asyncio.create_task(self.pump())
            await self.script()
        finally:
            if pump is not None:
                pump.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await pump
            await self.manager.close()
            pty.stop()
        return DemoResult(self.game, self.events)

    async def script(self) -> None:
        state = lambda: self.game.state  # noqa: E731 - always the newest snapshot
        self.say("Set-up: Alena goes first; both keep their opening hands.")
        await self.act(za.KeepHand(0))
        await self.act(za.KeepHand(1))

        self.say("Turn 1. Alena develops: +1 maximum devotion; her dial turns to 1 by itself.")
        await self.act(za.Develop(0, "devotion"))
        await self.until(lambda: self.device.values[0] == 1, "host link", "Alena's dial showed 1")
        await self.pass_until(Step.COMMIT)

        self.say("Commit. Alena scans Specter Wisp (1 devotion) on the reader.")
        self.device.place_tag(0, WISP_UID)
        await self.until(
            lambda: any(isinstance(e, TagPresented) for e in self.events),
            "host link",
            "the tag event arrived",
        )
        await self.until(
            lambda: (
                any(p.card_id == "specter_wisp" for p in state().stack)
                or any(c.card_id == "specter_wisp" for c in state().players[0].in_play)
            ),
            "table",
            "the scanned card reached the engine",
        )
        await self.until(lambda: self.device.values[0] == 0, "host link", "her dial showed 0")
        await self.until(lambda: bool(self.device.feedback), "host link", "the reader lit up")
        self.device.remove_tag(0)
        while state().stack:  # Anton lets it resolve
            priority = state().priority
            if priority is None:
                raise DemoFailure("engine", "an action is pending but nobody may act")
            await self.act(za.Pass(priority))
        await self.pass_until(Step.DEVELOP)

        self.say("Turn 2. Anton develops (+1 maximum devotion), then turns his dial to 3")
        self.say("by hand: a card's text gave him 2 more. The dial is his hand on the counter.")
        await self.act(za.Develop(1, "devotion"))
        await self.until(lambda: self.device.values[1] == 1, "host link", "Anton's dial showed 1")
        self.device.turn_dial(1, 3)
        await self.until(
            lambda: any(isinstance(e, DialChanged) and e.value == 3 for e in self.events),
            "host link",
            "the dial event arrived",
        )
        await self.until(
            lambda: state().players[1].devotion == 3,
            "table",
            "Anton's dial turn reached the engine",
        )


def main() -> int:
    try:
        result = asyncio.run(Demo(print).run())
    except DemoFailure as e:
        print(f"altar demo failed in the {e.layer} layer: {e}")
        return 1
    print()
    print("Events the host link delivered:")
    for line in result.events:
        print(f"  {describe(line)}")
    print()
    print("Game log:")
    for entry in result.game.log:
        print(f"  turn {entry.turn}: {entry.text}")
    print()
    print(scoreboard_text.render(result.game))
    return 0
