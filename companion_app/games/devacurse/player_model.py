"""How each Devacurse action is made at the table (issue 20): soldiers, heroes and events are
scanned by the player who plays them (a flash event by either player), with the target, or
the hand-or-prayer question, chosen on that player's picker; every other decision is a button
on its player's panel (part 1's entries, done, attacks, blocks, the damage order, upgrades)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion_app.games import gesture_search as find
from companion_app.games.base import AnyGame
from companion_app.games.gestures import Gesture, PlayerModel
from engine.devacurse import actions as da


class DevacursePlayerModel(PlayerModel):
    def gestures(self, game: AnyGame, action: Any) -> Sequence[Gesture] | None:
        if isinstance(action, da.CallSoldier | da.CallHero | da.PlayEvent):
            return find.by_scan(self.adapter, game, action, action.card_id)
        return (
            find.by_band(self.adapter, game, action)
            or find.by_counter(self.adapter, game, action)
            or find.by_button(self.adapter, game, action)
        )
