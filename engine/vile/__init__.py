"""Vile Incantations (rules/vile-incantations.md): a 1v1 race to 100 energy."""

from engine.vile.game import VileGame
from engine.vile.setup import PlayerSetup, VileSetup
from engine.vile.state import GameState, Phase

__all__ = ["GameState", "Phase", "PlayerSetup", "VileGame", "VileSetup"]
