"""ZealGame: the Zeal engine behind the common game contract (engine/core/game.py)."""

from __future__ import annotations

from typing import Self

# The compiled build's hand-written copiers of the records every command copies, registered.
import engine.zeal.state_copy  # noqa: F401
from engine.core.game import Game
from engine.core.records import LogEntry, Outcome, Prompt, Status
from engine.zeal import actions as za
from engine.zeal.cards import Catalog
from engine.zeal.context import Ctx
from engine.zeal.describe import describe
from engine.zeal.flow import actor
from engine.zeal.legal import legal_actions
from engine.zeal.perform import perform
from engine.zeal.prompts import prompts
from engine.zeal.rules import explain
from engine.zeal.setup import ZealSetup, initial_state
from engine.zeal.stalemate import stalemate, stall_note
from engine.zeal.state import GameState, Step

# Steps as module names: in Python 3.11 ``Step.X`` goes through the enum metaclass's __getattr__
# hook, about ten times the cost of a module name: the status band asks after every command.
_GAME_OVER = Step.GAME_OVER

_DECLARATIONS = (za.DeclareAttackers, za.DeclareBlockers, za.DeclareFlankers, za.AssignDamage)


class ZealGame(Game[ZealSetup, GameState, za.Action]):
    """A game of Zeal (rules/zeal.md).

    Every applied action pushes a whole-state snapshot, so undo restores the exact previous
    state; a refused action leaves everything as it was (engine/core/game.py).
    """

    kind = "zeal"
    note_codec = za.CODEC  # a listing is noted (listed_now): its commands are looked up

    def __init__(self, setup: ZealSetup, *, state: GameState | None = None) -> None:
        self.catalog: Catalog = setup.the_catalog()
        ctx = Ctx(self.catalog)
        initial = state if state is not None else initial_state(setup, ctx)
        super().__init__(setup, initial, ctx.log)
        # The names of the cards combat declarations and activations named, as they were
        # then: the log tells them in words after the cards have left play ("Asterion Bull at
        # Anton").
        self.named: dict[int, str] = {}

    @classmethod
    def start(cls, setup: ZealSetup, state: GameState | None = None) -> Self:
        return cls(setup, state=state)

    def explain_in(self, state: GameState, action: za.Action) -> str | None:
        return explain(state, self.catalog, action)

    def perform_in(self, state: GameState, action: za.Action) -> tuple[GameState, list[LogEntry]]:
        if isinstance(action, _DECLARATIONS):  # rare: a few per turn
            for perm in state.permanents():
                self.named[perm.id] = perm.name
        elif isinstance(action, za.Activate):
            # The activated card by name after it has left play (a resumed game words its
            # log from the state at the end): "activated a card's action" named none.
            activated = state.permanent(action.permanent_id)
            if activated is not None:
                self.named[activated.id] = activated.name
        ctx = Ctx(self.catalog)
        return perform(ctx, state, action), ctx.log

    def acting_player(self) -> int | None:
        """The player who must or may act now (None when the game is over)."""
        return actor(self.state)

    def list_in(self, state: GameState) -> list[za.Action]:
        return legal_actions(state, self.catalog)  # a short list, worked out at once

    def outcome(self) -> Outcome | None:
        state = self.state
        if not state.over:
            return None
        out = tuple(i for i, p in enumerate(state.players) if p.eliminated)
        return Outcome(winner=state.winner, eliminated=out, reason=state.over_reason)

    def prompts(self) -> list[Prompt]:
        return prompts(self.state, self.catalog)

    def stalemate(self) -> str | None:
        return stalemate(self.positions(), self.catalog)

    def stall_note(self) -> str | None:
        return stall_note(self.positions())

    def status(self) -> Status:
        state = self.state
        # What waits to resolve, short enough to read whole on the band: the top of the stack
        # (and how many below it), then the triggers not yet put on it.
        waiting = []
        if state.stack:
            below = len(state.stack) - 1
            more = f" ({below} more below it)" if below > 1 else " (1 more below it)"
            waiting.append(f"{state.stack[-1].name} on the stack" + (more if below else ""))
        if state.pending:
            count = len(state.pending)
            waiting.append(
                f"{state.pending[0].name}'s trigger waits"
                + (f" ({count - 1} more)" if count > 1 else "")
            )
        over = state.step is _GAME_OVER
        return Status(state.turn, state.step.label, None if over else state.active, tuple(waiting))

    def player_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.state.players)

    def describe(self, action: za.Action) -> str:
        return describe(action, self.state, self.catalog, self.named)
