"""DevacurseGame: the Devacurse engine behind the common game contract (engine/core/game.py)."""

from __future__ import annotations

from typing import Self

# The compiled build's hand-written copiers of the records every command copies, registered.
import engine.devacurse.state_copy  # noqa: F401
from engine.core.game import Game
from engine.core.records import LogEntry, Outcome, Prompt, Status
from engine.devacurse import actions as da
from engine.devacurse.card_model import Catalog
from engine.devacurse.combat import Forecast, forecast
from engine.devacurse.describe import describe
from engine.devacurse.flow import Penalty, actor, penalties
from engine.devacurse.legal import legal_actions
from engine.devacurse.perform import perform
from engine.devacurse.prompts import prompts
from engine.devacurse.rules import explain
from engine.devacurse.setup import DevaSetup, initial_state
from engine.devacurse.state import BAND_LABELS, GameState


class DevacurseGame(Game[DevaSetup, GameState, da.Action]):
    """A game of Devacurse (rules/devacurse.md, the turn spiral's part 2; part 1 entered)."""

    kind = "devacurse"
    # No note of the listing (Game.note_codec stays None): the rules' check of a command costs
    # about what looking it up in the listing and checking its fields' kinds does (measured,
    # with the core's generated field check: from 2 % faster to 1 % slower on the bench).

    def __init__(self, setup: DevaSetup, *, state: GameState | None = None) -> None:
        self.catalog: Catalog = setup.the_catalog()
        super().__init__(setup, state if state is not None else initial_state(setup))

    @classmethod
    def start(cls, setup: DevaSetup, state: GameState | None = None) -> Self:
        return cls(setup, state=state)

    def explain_in(self, state: GameState, action: da.Action) -> str | None:
        return explain(state, self.catalog, action)

    def perform_in(self, state: GameState, action: da.Action) -> tuple[GameState, list[LogEntry]]:
        return perform(state, self.catalog, action)

    def list_in(self, state: GameState) -> list[da.Action]:
        return list(legal_actions(state, self.catalog))

    def acting_player(self) -> int | None:
        return actor(self.state)

    def prompts(self) -> list[Prompt]:
        return prompts(self.state, self.catalog)

    def outcome(self) -> Outcome | None:
        state = self.state
        if not state.over:
            return None
        losers = tuple(i for i in range(2) if i != state.winner)
        return Outcome(winner=state.winner, eliminated=losers, reason=state.over_reason)

    def status(self) -> Status:
        """The spiral, its subphase, and whose turn: the player with order (README: the
        spiral is both players'; order says who goes first, so it is "whose turn")."""
        state = self.state
        active = None if state.over else state.order
        return Status(state.spiral, BAND_LABELS[state.phase], active, state.notes)

    def player_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.state.players)

    def describe(self, action: da.Action) -> str:
        return describe(self.state, self.catalog, action)

    # --- for the app's combat assistant and band --------------------------------------

    def combat_forecast(self) -> Forecast:
        """What the combat declared so far will do (deaths, AP lost, Faith lost), before
        anyone confirms it."""
        return forecast(self.state, self.catalog)

    def end_of_turn_penalties(self) -> list[Penalty]:
        """VI: each player's unspent blessings and the Faith they will cost, before it
        happens ("2 blessings unspent: Faith 18 to 16")."""
        return penalties(self.state)
