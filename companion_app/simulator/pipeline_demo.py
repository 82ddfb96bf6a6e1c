"""`altar demo [--game KIND] [--to-the-end]`: a short scripted opening of any game, carried
through every layer with no display; optionally played on to a winner.

    simulated device --bytes--> pseudo-terminal --pyserial--> host link --events--> table
    --actions--> engine, and back: the engine's value --SET_DIAL--> the device's dial

It runs the table the way the app does: one task pumps every hardware event through the
``TableController`` and sends its device commands back; the game's script (its adapter's
``demo_script``) acts on the simulated device (turn a dial, place a card) and waits for the
engine to show the result. Every wait names the layer it depends on, so when one breaks the
demo exits non-zero saying which. ``--to-the-end`` then plays random legal actions through the
same table (each one logged) until the engine names a winner.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion_app.games import adapter_for
from companion_app.games.base import AnyGame
from companion_app.games.demo_table import DemoFailure, DemoTable
from companion_app.session.table import (
    DeviceCommand,
    FeedbackCommand,
    SetDialCommand,
    TableController,
)
from companion_app.simulator.sim_tags import sim_uid
from engine.errors import IllegalAction
from hardware.events import DialChanged, Event, TagPresented, TagRemoved
from hardware.manager import ClaimRefused, DeviceManager
from hardware.simulator import PtySimulator, SimulatedDevice

WAIT_S = 10.0  # how long a step may take before its layer is declared broken (generous:
# a loaded CI machine is slow, and a broken layer fails the same, only later)
TABLE_ID = b"DEMO"
DEVICE_ID = b"\xa1\xb2\xc3\xd4"
TAGS: dict[bytes, str] = {}  # tags enrolled before the script starts (tests empty it)
MAX_RANDOM_ACTIONS = 5000  # --to-the-end gives up after this many (a game that never ends)


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
    """The demo deck's tags, enrolled by UID (the catalog screen enrols a real deck)."""

    def __init__(self) -> None:
        self.tags = dict(TAGS)

    def card_for(self, uid: bytes, card_ref: str | None = None) -> str | None:
        return card_ref or self.tags.get(uid)


@dataclass
class DemoResult:
    game: AnyGame
    events: list[Event]


class Demo:
    def __init__(
        self, say: Callable[[str], None], kind: str = "zeal", to_the_end: bool = False
    ) -> None:
        self.say = say
        self.to_the_end = to_the_end
        self.adapter = adapter_for(kind)
        engine = self.adapter.engine
        self.catalog = engine.sample_catalog()
        setup = engine.setup_from_dict(self.adapter.demo_record(), self.catalog)
        self.game: AnyGame = engine.game.start(setup)
        self.device = SimulatedDevice(DEVICE_ID, dials=2, readers=1)
        self.name = self.device.device
        self.manager = DeviceManager(TABLE_ID)
        # The table's one seat map is the manager's: it stamps events, the table reads it.
        self.manager.assign_dial(self.name, 0, 0)  # the first player's dial
        self.manager.assign_dial(self.name, 1, 1)  # the second player's dial
        self.tags = DemoTags()
        self.table = TableController(
            self.game, self.adapter, self.manager.seats, self.tags, self.catalog
        )
        self.events: list[Event] = []
        self.refusals: list[str] = []
        self._logged = 0

    def enrol(self, uid: bytes, card_id: str) -> None:
        """The script's deck: a tag known as a card before it is scanned."""
        self.tags.tags[uid] = card_id

    def place(self, card_id: str, uid: bytes | None = None) -> bytes:
        """Put a card's tag on the reader (enrolled first); returns the tag's UID."""
        uid = uid or sim_uid(card_id)
        self.enrol(uid, card_id)
        self.device.place_tag(0, uid)
        return uid

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
            # The lights it answered with, then the dials brought in line once after it.
            await self.send((*reaction.device_commands, *self.table.dial_commands()))

    def print_new_log(self) -> None:
        for entry in self.game.log[self._logged :]:
            self.say(f"    {entry.text}")
        self._logged = len(self.game.log)

    async def act(self, action: Any) -> None:
        """A decision taken on the tablet (the scoreboard's buttons)."""
        try:
            self.table.apply(action)
        except IllegalAction as e:
            raise DemoFailure("engine", f"it refused {self.game.describe(action)}: {e}") from e
        self.print_new_log()
        await self.send(self.table.dial_commands())

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
            table: DemoTable = self  # what the game's script may use of the demo (mypy checks)
            await self.adapter.demo_script(table)
            if self.to_the_end:
                self.say("")
                self.say("On to the end: random legal moves through the same table.")
                if not await self.play_to_the_end():
                    raise DemoFailure("engine", f"no winner after {MAX_RANDOM_ACTIONS} moves")
        finally:
            if pump is not None:
                pump.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await pump
            await self.manager.close()
            pty.stop()
        return DemoResult(self.game, self.events)

    async def play_to_the_end(self, seed: int = 1) -> bool:
        """Random legal actions through the table (each one logged) until a winner; False
        when the game is still going after MAX_RANDOM_ACTIONS."""
        rnd = random.Random(seed)
        for _ in range(MAX_RANDOM_ACTIONS):
            if self.game.outcome() is not None:
                return True
            options = list(self.game.legal_actions())
            if not options:
                raise DemoFailure("engine", "no legal action, and the game is not over")
            await self.act(rnd.choice(options))
        return self.game.outcome() is not None


def main(kind: str = "zeal", to_the_end: bool = False) -> int:
    demo = Demo(print, kind, to_the_end)
    try:
        result = asyncio.run(demo.run())
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
    for text in demo.adapter.engine.summary(result.game):
        print(text)
    outcome = result.game.outcome()
    if outcome is not None:
        winner = "nobody" if outcome.winner is None else result.game.player_names()[outcome.winner]
        print(f"Game over: {outcome.reason}. Winner: {winner}.")
    return 0
