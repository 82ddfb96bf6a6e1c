"""ZgGame: the Z-G engine behind the common game contract (engine/core/game.py)."""

from __future__ import annotations

from typing import Self

# The compiled build's hand-written copiers of the records every command copies, registered.
import engine.zg.state_copy  # noqa: F401
from engine.core.game import Game
from engine.core.records import LogEntry, Outcome, Prompt, Status
from engine.zg import actions as zga
from engine.zg.actor import actor
from engine.zg.card_model import Catalog
from engine.zg.describe import describe
from engine.zg.legal import listing
from engine.zg.log import Log
from engine.zg.perform import perform
from engine.zg.prompts import prompts
from engine.zg.rules import explain
from engine.zg.setup import ZgSetup, check_setup, initial_state
from engine.zg.state import PHASES, GameState


class ZgGame(Game[ZgSetup, GameState, zga.Action]):
    """A game of Z-G (rules/z-g.md)."""

    kind = "zg"
    note_codec = zga.CODEC  # a listing is noted (listed_now): its commands are looked up
    # The longest listing in which a command is looked up rather than checked: a lookup
    # compares the command with each listed action before it (~0.15 us each), the rules' check
    # of a command costs 1.5-4 us (measured on the bench's games). An impulse's 120 open hands
    # are not noted.
    note_most = 24

    def __init__(self, setup: ZgSetup, *, state: GameState | None = None) -> None:
        self.catalog: Catalog = setup.catalog
        if state is None:
            state = initial_state(setup)
        else:
            check_setup(setup)
        super().__init__(setup, state)

    @classmethod
    def start(cls, setup: ZgSetup, state: GameState | None = None) -> Self:
        return cls(setup, state=state)

    def explain_in(self, state: GameState, action: zga.Action) -> str | None:
        return explain(state, self.catalog, action)

    def perform_in(self, state: GameState, action: zga.Action) -> tuple[GameState, list[LogEntry]]:
        log = Log()
        return perform(state, self.catalog, action, log), log.lines

    def acting_player(self) -> int | None:
        return actor(self.state)

    def list_in(self, state: GameState) -> list[zga.Action]:
        return listing(state, self.catalog)

    def outcome(self) -> Outcome | None:
        state = self.state
        if state.phase != "over":
            return None
        out = tuple(i for i, p in enumerate(state.players) if p.defeated)
        return Outcome(winner=state.winner, eliminated=out, reason=state.over_reason)

    def prompts(self) -> list[Prompt]:
        return prompts(self.state, self.catalog)

    def status(self) -> Status:
        state = self.state
        waiting: tuple[str, ...] = ()
        if state.attack is not None and state.last_test and state.phase == "result":
            waiting = (f"the test: {state.last_test}",)
        phase = PHASES[state.phase]
        if state.pulse is not None or state.phase == "card":
            phase = f"pulse {state.pulse_no + 1}: {phase}"
        return Status(state.turn, phase, state.active, waiting)

    def player_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.state.players)

    def describe(self, action: zga.Action) -> str:
        return describe(action, self.state, self.catalog)
