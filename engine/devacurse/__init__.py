"""Devacurse (rules/devacurse.md): Faith, blessings, soldier and hero combat, on the game seam."""

from engine.devacurse.game import DevacurseGame
from engine.devacurse.setup import DevaSetup, PlayerSetup

__all__ = ["DevaSetup", "DevacurseGame", "PlayerSetup"]
