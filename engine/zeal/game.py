"""ZealGame: the public face of the Zeal engine (see docs and engine_api)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from engine.cards import Catalog
from engine.core.game import RulesGame
from engine.core.records import LogEntry, Outcome, Prompt
from engine.zeal import actions as za
from engine.zeal.context import Ctx
from engine.zeal.flow import actor
from engine.zeal.legal import legal_actions
from engine.zeal.perform import perform
from engine.zeal.prompts import prompts
from engine.zeal.rules import explain
from engine.zeal.setup import ZealSetup, initial_state
from engine.zeal.state import GameState


class ZealGame(RulesGame[GameState, za.Action]):
    """A game of Zeal: legal_actions / is_legal / explain / apply / undo / outcome / prompts.

    Every applied action pushes a whole-state snapshot, so undo restores the exact previous
    state; a refused action leaves everything as it was (engine/core/game.py).
    """

    def __init__(self, setup: ZealSetup, *, state: GameState | None = None) -> None:
        self.setup = setup
        self.catalog: Catalog = setup.the_catalog()
        ctx = Ctx(self.catalog)
        initial = state if state is not None else initial_state(setup, ctx)
        super().__init__(initial, ctx.log)

    def explain_in(self, state: GameState, action: za.Action) -> str | None:
        return explain(state, self.catalog, action)

    def perform_in(self, state: GameState, action: za.Action) -> tuple[GameState, list[LogEntry]]:
        ctx = Ctx(self.catalog)
        return perform(ctx, state, action), ctx.log

    def acting_player(self) -> int | None:
        """The player who must or may act now (None when the game is over)."""
        return actor(self.state)

    def legal_actions(self) -> Iterator[za.Action]:
        return legal_actions(self.state, self.catalog)

    def outcome(self) -> Outcome | None:
        state = self.state
        if not state.over:
            return None
        out = tuple(i for i, p in enumerate(state.players) if p.eliminated)
        return Outcome(winner=state.winner, eliminated=out, reason=state.over_reason)

    def prompts(self) -> list[Prompt]:
        return prompts(self.state, self.catalog)

    def fork(self) -> ZealGame:
        """A separate game starting from this position, for what-ifs (a combat preview, a hint):
        states are immutable, so this copies nothing; its history starts empty."""
        return ZealGame(self.setup, state=self.state)

    @classmethod
    def replay(
        cls, setup: ZealSetup, actions: Iterable[za.Action], *, state: GameState | None = None
    ) -> ZealGame:
        """A game with ``actions`` applied; IllegalAction carries the refused action's index."""
        game = cls(setup, state=state)
        game.apply_all(actions)
        return game
