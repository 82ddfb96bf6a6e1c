"""Vile Incantations in the registry of games (engine/games.py)."""

from __future__ import annotations

from engine.core.kind import GameKind
from engine.vile import actions
from engine.vile.cards import load_catalog, sample_catalog
from engine.vile.game import VileGame
from engine.vile.randomplay import random_game
from engine.vile.record import setup_from_dict, setup_to_dict
from engine.vile.scenario import game_to_dict, read_scenario
from engine.vile.summary import summary
from engine.vile.view import state_view

KIND = GameKind(
    kind="vile",
    title="Vile Incantations",
    rules="vile-incantations.md",
    min_players=2,
    max_players=2,
    game=VileGame,
    sample_catalog=sample_catalog,
    load_catalog=load_catalog,
    setup_from_dict=setup_from_dict,
    setup_to_dict=setup_to_dict,
    action_from_dict=actions.from_dict,
    action_to_dict=actions.to_dict,
    read_scenario=read_scenario,
    state_view=state_view,
    position_to_dict=game_to_dict,
    summary=summary,
    random_game=random_game,
)
