"""ZealGame: the public face of the Zeal engine (see docs and engine_api)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from engine.cards import Catalog
from engine.core.history import History
from engine.core.records import LogEntry, Outcome, Prompt
from engine.errors import IllegalAction
from engine.zeal import actions as za
from engine.zeal.context import Ctx
from engine.zeal.flow import actor
from engine.zeal.legal import legal_actions
from engine.zeal.perform import perform
from engine.zeal.prompts import prompts
from engine.zeal.rules import explain
from engine.zeal.setup import ZealSetup, initial_state
from engine.zeal.state import GameState


class ZealGame:
    """A game of Zeal: legal_actions / is_legal / explain / apply / undo / outcome / prompts.

    Every applied action pushes a whole-state snapshot, so undo restores the exact previous
    state; a refused action leaves everything as it was.
    """

    def __init__(self, setup: ZealSetup, *, state: GameState | None = None) -> None:
        self.setup = setup
        self.catalog: Catalog = setup.the_catalog()
        ctx = Ctx(self.catalog)
        initial = state if state is not None else initial_state(setup, ctx)
        self._history: History[GameState, za.Action] = History(initial, ctx.log)

    # --- reading ---------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self._history.state

    @property
    def initial_state(self) -> GameState:
        """The position the game started from (for saving: position + command log)."""
        return self._history.initial

    @property
    def log(self) -> Sequence[LogEntry]:
        return self._history.log

    @property
    def history(self) -> Sequence[za.Action]:
        return self._history.actions

    def acting_player(self) -> int | None:
        """The player who must or may act now (None when the game is over)."""
        return actor(self.state)

    def legal_actions(self) -> Iterator[za.Action]:
        return legal_actions(self.state, self.catalog)

    def explain(self, action: za.Action) -> str | None:
        return explain(self.state, self.catalog, action)

    def is_legal(self, action: za.Action) -> bool:
        return self.explain(action) is None

    def outcome(self) -> Outcome | None:
        state = self.state
        if not state.over:
            return None
        out = tuple(i for i, p in enumerate(state.players) if p.eliminated)
        return Outcome(winner=state.winner, eliminated=out, reason=state.over_reason)

    def prompts(self) -> list[Prompt]:
        return prompts(self.state, self.catalog)

    # --- changing ----------------------------------------------------------------------------

    def apply(self, action: za.Action) -> None:
        problem = self.explain(action)
        if problem is not None:
            raise IllegalAction(problem)
        ctx = Ctx(self.catalog)
        new_state = perform(ctx, self.state, action)
        self._history.push(action, new_state, ctx.log)

    def undo(self) -> za.Action:
        if not self._history.can_pop():
            raise IllegalAction("there is nothing to undo")
        return self._history.pop()

    @classmethod
    def replay(
        cls, setup: ZealSetup, actions: Iterable[za.Action], *, state: GameState | None = None
    ) -> ZealGame:
        """A game with ``actions`` applied; IllegalAction carries the refused action's index."""
        game = cls(setup, state=state)
        for index, action in enumerate(actions):
            try:
                game.apply(action)
            except IllegalAction as exc:
                raise IllegalAction(exc.message, index=index) from None
        return game
