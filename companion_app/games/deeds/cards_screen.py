"""The Cards in play page: one button per thing the player who acts may do with cards already
on the battlefield (equip, unequip, use an ability, sacrifice to Hunger), from
card_actions; a tap does it and the page goes back to the table. The page itself is the
shared ActionListScreen."""

from __future__ import annotations

from typing import Any

from companion_app.games.deeds.card_actions import card_actions
from companion_app.widgets.action_list_screen import ActionListScreen


class CardsScreen(ActionListScreen):
    kind = "deeds"
    no_game = "No game of Deeds Not Words"

    def listed(self, game: Any) -> list[tuple[str, Any]]:
        return card_actions(game)

    def heading(self, who: str, found: bool) -> str:
        return f"{who}: cards in play" if found else f"{who}: nothing to do with cards in play now"

    def do(self, action: Any) -> None:
        if self.session.command(action):
            self.back()
