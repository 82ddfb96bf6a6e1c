"""Positions for Devacurse tests, written the way scenario files are."""

from __future__ import annotations

from engine.devacurse import DevacurseGame
from engine.devacurse import actions as da
from engine.scenario import load_scenario, start_scenario


def position(text: str) -> DevacurseGame:
    """A game at the position a scenario file's Devacurse part describes."""
    game = start_scenario(load_scenario('game = "devacurse"\n' + text, "<test>"))
    assert isinstance(game, DevacurseGame)
    return game


def play(game: DevacurseGame, *actions: da.Action) -> DevacurseGame:
    for action in actions:
        game.apply(action)
    return game


SOLDIER_COMBAT = """
[[players]]
name = "Alena"
faith = 18
soldiers = [{card = "iron_legionary", id = 1}, {card = "ash_spearman", id = 2}]
heroes = [{card = "moon_warden", id = 3}]
[[players]]
name = "Anton"
faith = 20
soldiers = [{card = "temple_guard", id = 11}, {card = "storm_colossus", id = 12}]
heroes = [{card = "sun_avatar", id = 13}]
[position]
spiral = 2
phase = "soldier_combat"
"""
