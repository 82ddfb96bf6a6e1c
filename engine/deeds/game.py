"""DeedsGame: Deeds Not Words behind the common game contract (engine/core/game.py)."""

from __future__ import annotations

from typing import Any, Self

from engine.core.game import Game
from engine.core.records import LogEntry, Outcome, Prompt, Status
from engine.deeds import actions as da
from engine.deeds.cards import Catalog
from engine.deeds.context import Ctx
from engine.deeds.describe import describe
from engine.deeds.flow import actor
from engine.deeds.legal import legal_actions
from engine.deeds.perform import perform
from engine.deeds.prompts import prompts
from engine.deeds.rules import explain
from engine.deeds.setup import DeedsSetup, initial_state
from engine.deeds.state import DeedsState, InPlay


class DeedsGame(Game[DeedsSetup, DeedsState, Any]):
    """A game of Deeds Not Words (rules/deeds-not-words.md)."""

    kind = "deeds"
    note_codec = da.CODEC  # a listing is noted (listed_now): its commands are looked up

    def __init__(self, setup: DeedsSetup, *, state: DeedsState | None = None) -> None:
        self.catalog: Catalog = setup.catalog
        initial = state if state is not None else initial_state(setup)
        super().__init__(setup, initial)
        # The rules that only read (explain, legal actions, prompts) write no log lines, so
        # one context serves them all; perform gets a fresh one for the lines it writes.
        self._reading = self.ctx()
        # The battlefield of the last state perform returned: swept, so no card on it is at 0
        # defense (held, compared by identity: a tuple is immutable, so the note can't go stale)
        self._swept: tuple[InPlay, ...] | None = None

    @classmethod
    def start(cls, setup: DeedsSetup, state: DeedsState | None = None) -> Self:
        return cls(setup, state=state)

    def ctx(self) -> Ctx:
        return Ctx(self.catalog, self.setup.hidden_hands)

    def explain_in(self, state: DeedsState, action: Any) -> str | None:
        return explain(state, self._reading, action)

    def perform_in(self, state: DeedsState, action: Any) -> tuple[DeedsState, list[LogEntry]]:
        ctx = Ctx(self.catalog, self.setup.hidden_hands)  # (self.ctx(), one call fewer)
        after = perform(state, ctx, action, self._swept)
        self._swept = after.cards
        return after, ctx.log

    def list_in(self, state: DeedsState) -> list[Any]:
        return legal_actions(state, self._reading)  # a handful, worked out at once

    def acting_player(self) -> int | None:
        return actor(self.state)

    def prompts(self) -> list[Prompt]:
        return prompts(self.state, self.ctx())

    def outcome(self) -> Outcome | None:
        """ "reducing its health to zero" wins; both at 0 at once is a draw (README)."""
        losers = self.state.losers
        if not losers:
            return None
        names = " and ".join(self.state.players[s].name for s in losers)
        if len(losers) == 2:
            return Outcome(None, losers, f"both bases fell to 0 at once: {names} draw")
        winner = 1 - losers[0]
        return Outcome(winner, losers, f"{names}'s base is down to 0")

    def status(self) -> Status:
        state = self.state
        waiting = tuple(n.text for n in reversed(state.notes))
        # whose round it is: the attacker's (during the mulligan, the first player's, whose
        # round comes first; nobody's once it is over)
        active = None if state.over else state.attacker
        return Status(state.round, state.phase.label, active, waiting)

    def player_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.state.players)

    def describe(self, action: Any) -> str:
        return describe(action, self.state, self.catalog)
