"""Zeal in the registry of games (engine/games.py)."""

from __future__ import annotations

from engine.core.kind import GameKind
from engine.zeal import actions
from engine.zeal.cards import load_catalog, sample_catalog
from engine.zeal.game import ZealGame
from engine.zeal.randomplay import random_game
from engine.zeal.record import setup_from_dict, setup_to_dict
from engine.zeal.scenario import game_to_dict, read_scenario
from engine.zeal.summary import summary
from engine.zeal.view import state_view

KIND = GameKind(
    kind="zeal",
    title="Zeal",
    rules="zeal.md",
    min_players=2,
    max_players=8,
    game=ZealGame,
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
