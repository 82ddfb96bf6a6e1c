"""VileGame: Vile Incantations behind the common game contract (engine/core/game.py)."""

from __future__ import annotations

from typing import Self

# The compiled build's hand-written copiers of the records every command copies, registered.
import engine.vile.state_copy  # noqa: F401
from engine.core.game import Game
from engine.core.records import LogEntry, Outcome, Prompt, Status
from engine.vile import actions as va
from engine.vile.context import Ctx
from engine.vile.describe import describe
from engine.vile.flow import actor
from engine.vile.legal import legal_actions
from engine.vile.perform import perform
from engine.vile.prompts import prompts
from engine.vile.rules import explain
from engine.vile.setup import VileSetup, initial_state
from engine.vile.state import GameState


class VileGame(Game[VileSetup, GameState, va.Action]):
    """A game of Vile Incantations (rules/vile-incantations.md)."""

    kind = "vile"
    # A listing is noted (listed_now): with the core's generated field-kind check, looking a
    # command up is 3-4 % of a command cheaper than the rules' check of it (measured on the
    # bench's games; it was a loss with the old field check).
    note_codec = va.CODEC

    def __init__(self, setup: VileSetup, *, state: GameState | None = None) -> None:
        self.catalog = setup.catalog
        ctx = Ctx(self.catalog)
        if state is None:
            state = initial_state(setup, ctx)
        super().__init__(setup, state, ctx.log)

    @classmethod
    def start(cls, setup: VileSetup, state: GameState | None = None) -> Self:
        return cls(setup, state=state)

    def explain_in(self, state: GameState, action: va.Action) -> str | None:
        return explain(state, self.catalog, action)

    def perform_in(self, state: GameState, action: va.Action) -> tuple[GameState, list[LogEntry]]:
        ctx = Ctx(self.catalog)
        return perform(ctx, state, action), ctx.log

    def list_in(self, state: GameState) -> list[va.Action]:
        return list(legal_actions(state, self.catalog))

    def acting_player(self) -> int | None:
        return actor(self.state)

    def prompts(self) -> list[Prompt]:
        return prompts(self.state, self.catalog)

    def outcome(self) -> Outcome | None:
        state = self.state
        if not state.over:
            return None
        out = () if state.winner is None else (1 - state.winner,)
        return Outcome(winner=state.winner, eliminated=out, reason=state.over_reason)

    def status(self) -> Status:
        state = self.state
        waiting: list[str] = []
        if state.ritual is not None:
            waiting.append(f"a ritual of strength {state.ritual.strength} so far")
        if state.gathers:
            waiting.append(f"{state.players[state.gathers[0]].name} gathers")
        active = None if state.over else state.active
        return Status(state.turn, state.phase.label, active, tuple(waiting))

    def player_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.state.players)

    def describe(self, action: va.Action) -> str:
        return describe(action, self.state, self.catalog)
