"""Pebbles' player model (companion_app/games/gestures.py): a stone's card scanned takes that
many; the pile is the dial."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion_app.games.base import AnyGame
from companion_app.games.gestures import Gesture, PlayerModel, Scan, TurnDial
from tests.toy.actions import SetPile, Take


class PebblesPlayerModel(PlayerModel):
    def gestures(self, game: AnyGame, action: Any) -> Sequence[Gesture] | None:
        if isinstance(action, Take):
            return [Scan(action.player, f"take_{action.count}")]
        if isinstance(action, SetPile):
            return [TurnDial(action.player, action.pile)]
        return None
