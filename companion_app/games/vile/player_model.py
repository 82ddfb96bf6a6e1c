"""How each Vile Incantations action is made at the table (issue 20): a card is scanned by
the player it is for (a component or sabotage card set face down, a spell or monster played,
a gathered component, a component applied in the ritual), with its targets or the devotion
to stockpile chosen on that player's picker; what a scan cannot say (a target among several,
which face-down sabotage card to flip, attacks, blocks) is a button on the player's panel."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion_app.games import gesture_search as find
from companion_app.games.base import AnyGame
from companion_app.games.gestures import Gesture, PlayerModel
from engine.vile import actions as va
from engine.vile import randomplay

SCANNED = (va.Gather, va.SetComponent, va.SetSabotage, va.PlayCard, va.ApplyComponent)


class VilePlayerModel(PlayerModel):
    def prefer(self, rng: random.Random, game: AnyGame, legal: Sequence[Any]) -> Any:
        """Moving the game on as its random play-outs do (engine/vile/randomplay.py)."""
        return randomplay.choose(rng, list(legal))

    def gestures(self, game: AnyGame, action: Any) -> Sequence[Gesture] | None:
        if isinstance(action, SCANNED) and action.card_id:
            scanned = find.by_scan(self.adapter, game, action, action.card_id)
            if scanned is not None:
                return scanned
        return (
            find.by_band(self.adapter, game, action)
            or find.by_counter(self.adapter, game, action)
            or find.by_button(self.adapter, game, action)
        )
