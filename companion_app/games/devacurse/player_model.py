"""How each Devacurse action is made at the table (issue 20): soldiers, heroes and events are
scanned by the player who plays them (a flash event by either player), with the target, or
the hand-or-prayer question, chosen on that player's picker; every other decision is a button
on its player's panel (part 1's entries, done, attacks, blocks, the damage order, upgrades)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion_app.games import gesture_search as find
from companion_app.games.base import AnyGame
from companion_app.games.gestures import Gesture, PlayerModel
from engine.devacurse import actions as da
from engine.devacurse import randomplay


class DevacursePlayerModel(PlayerModel):
    def prefer(self, rng: random.Random, game: AnyGame, legal: Sequence[Any]) -> Any:
        """Moving the game on as its random play-outs do (engine/devacurse/randomplay.py): whether
        this player already entered their blessings this spiral is drawn, not tracked (the
        model keeps no state, so a restarted explorer picks as an unbroken one would)."""
        return randomplay.choose(rng, list(legal), rng.random() < 0.5)

    def gestures(self, game: AnyGame, action: Any) -> Sequence[Gesture] | None:
        if isinstance(action, da.CallSoldier | da.CallHero | da.PlayEvent):
            return find.by_scan(self.adapter, game, action, action.card_id)
        return (
            find.by_band(self.adapter, game, action)
            or find.by_counter(self.adapter, game, action)
            or find.by_button(self.adapter, game, action)
        )
