"""The Actions page: triggered actions to play (in the order their player chooses) or
decline, and the actions of cards in play, one button each (more_actions). It opens by
itself when triggered actions wait for their player; a tap plays the action through the
session, which asks for its targets on that player's panel, and the page goes back to the
table. The page itself is the shared ActionListScreen."""

from __future__ import annotations

from typing import Any

from companion_app.games.zeal.more_actions import page_actions
from companion_app.widgets.action_list_screen import ActionListScreen


class ActionsScreen(ActionListScreen):
    kind = "zeal"
    no_game = "No game of Zeal"

    def listed(self, game: Any) -> list[tuple[str, Any]]:
        return page_actions(game)

    def heading(self, who: str, found: bool) -> str:
        return f"{who}: actions" if found else f"{who}: no actions to play here now"

    def stays_after_a_move(self, game: Any) -> bool:
        """While more triggered actions wait, the page stays for the next."""
        return self.session.adapter.due_screen(game) == self.name

    def do(self, action: Any) -> None:
        """Played for its player, who is asked for any targets on their own panel (back on
        the table); with more triggered actions waiting the page stays for the next."""
        session = self.session
        session.play(action.player, action)
        game = session.game
        if action.player in session.picking or game is None or not page_actions(game):
            self.back()
