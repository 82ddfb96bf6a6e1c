"""Devacurse in the registry of games (engine/games.py)."""

from __future__ import annotations

from typing import Any

from engine.core.kind import GameKind
from engine.devacurse import actions
from engine.devacurse.cards import load_catalog, sample_catalog
from engine.devacurse.game import DevacurseGame
from engine.devacurse.randomplay import random_game
from engine.devacurse.record import setup_from_dict, setup_to_dict
from engine.devacurse.scenario import game_to_dict, read_scenario
from engine.devacurse.state import GameState
from engine.devacurse.summary import summary
from engine.devacurse.view import state_view


def _state_view(state: Any) -> dict[str, Any]:
    assert isinstance(state, GameState)
    return state_view(state)


KIND = GameKind(
    kind="devacurse",
    title="Devacurse",
    rules="devacurse.md",
    min_players=2,
    max_players=2,
    game=DevacurseGame,
    sample_catalog=sample_catalog,
    load_catalog=load_catalog,
    setup_from_dict=setup_from_dict,
    setup_to_dict=setup_to_dict,
    action_from_dict=actions.from_dict,
    action_to_dict=actions.to_dict,
    read_scenario=read_scenario,
    state_view=_state_view,
    position_to_dict=game_to_dict,
    summary=summary,
    random_game=random_game,
)
