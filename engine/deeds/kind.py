"""Deeds Not Words in the registry of games (engine/games.py)."""

from __future__ import annotations

from engine.core.kind import GameKind
from engine.deeds import actions
from engine.deeds.card_toml import load_catalog, sample_catalog
from engine.deeds.game import DeedsGame
from engine.deeds.randomplay import random_game
from engine.deeds.record import setup_from_dict, setup_to_dict
from engine.deeds.scenario import game_to_dict, read_scenario
from engine.deeds.summary import summary
from engine.deeds.view import state_view

KIND = GameKind(
    kind="deeds",
    title="Deeds Not Words",
    rules="deeds-not-words.md",
    min_players=2,
    max_players=2,
    game=DeedsGame,
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
