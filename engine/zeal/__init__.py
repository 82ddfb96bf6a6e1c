"""The Zeal rules engine (rules/zeal.md)."""

from engine.zeal import actions
from engine.zeal.game import ZealGame
from engine.zeal.setup import PlayerSetup, ZealSetup, cult_deck
from engine.zeal.state import (
    BaseState,
    GameState,
    PendingTrigger,
    Permanent,
    PlayerState,
    StackItem,
    Step,
)

__all__ = [
    "BaseState",
    "GameState",
    "PendingTrigger",
    "Permanent",
    "PlayerSetup",
    "PlayerState",
    "StackItem",
    "Step",
    "ZealGame",
    "ZealSetup",
    "actions",
    "cult_deck",
]
