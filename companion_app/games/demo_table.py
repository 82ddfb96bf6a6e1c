"""What a game's `altar demo` script (games/<kind>/demo_script.py) acts on: a narrow view of the
demo's table (companion_app/simulator/pipeline_demo.py's ``Demo``), so that the games know nothing of the
simulator that runs them; the simulator imports the games, never the other way round."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from companion_app.games.base import AnyGame, GameAdapter
from hardware.events import Event
from hardware.simulator import SimulatedDevice


class DemoFailure(Exception):
    """A step of the demo that did not happen, with the layer it depends on ("engine",
    "serial link" ...): the demo exits non-zero naming it."""

    def __init__(self, layer: str, message: str) -> None:
        super().__init__(message)
        self.layer = layer


class DemoTable(Protocol):
    game: AnyGame  # the engine's game, as the table has it now
    adapter: GameAdapter
    device: SimulatedDevice  # the simulated device: turn a dial, place or lift a tag
    events: list[Event]  # every event delivered to the table so far
    say: Callable[[str], None]  # a line of the demo's printout

    def enrol(self, uid: bytes, card_id: str) -> None: ...

    def place(self, card_id: str, uid: bytes | None = None) -> bytes: ...

    async def act(self, action: Any) -> None: ...

    async def until(self, done: Callable[[], bool], layer: str, what: str) -> None: ...
