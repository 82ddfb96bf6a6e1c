"""Z-G in the registry of games (engine/games.py)."""

from __future__ import annotations

from engine.core.kind import GameKind
from engine.zg import actions
from engine.zg.cards import load_catalog, sample_catalog
from engine.zg.game import ZgGame
from engine.zg.randomplay import random_game
from engine.zg.record import setup_from_dict, setup_to_dict
from engine.zg.scenario import game_to_dict, read_scenario
from engine.zg.summary import summary
from engine.zg.view import state_view

KIND = GameKind(
    kind="zg",
    title="Z-G",
    rules="z-g.md",
    min_players=2,
    max_players=4,
    game=ZgGame,
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
