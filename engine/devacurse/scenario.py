"""Devacurse's part of a scenario or save file: [setup], [[players]], [position], inline
[[card]]s. The generic reader (engine/scenario.py) handles the rest."""

from __future__ import annotations

from typing import Any

from engine.core.catalog import with_inline_cards
from engine.core.fields import Fields, check_known
from engine.devacurse.card_model import Card
from engine.devacurse.card_toml import card_to_dict, cards_from_list
from engine.devacurse.cards import sample_catalog
from engine.devacurse.game import DevacurseGame
from engine.devacurse.position import position_to_dict, state_from_position
from engine.devacurse.setup import (
    DEFAULT_FAITH,
    DEFAULT_HAND,
    DevaSetup,
    PlayerSetup,
    initial_state,
)
from engine.devacurse.state import GameState

FILE_KEYS = ("setup", "players", "position", "card")
SETUP_KEYS = (
    "seed",
    "first_order",
    "hidden_hands",
    "faith",
    "hand_size",
    "prayers",
    "strike_back",
    "fresh",
)
FRESH_PLAYER_KEYS = ("name", "deck", "deck_size")


def read_scenario(data: dict[str, Any], source: str) -> tuple[DevaSetup, GameState]:
    """The setup and starting position a file's Devacurse part describes."""
    check_known(data, "the file", FILE_KEYS)
    extra: list[Card] = cards_from_list(data.get("card", []), source) if "card" in data else []
    catalog = sample_catalog().merged(extra) if extra else sample_catalog()
    s = Fields(data.get("setup", {}), "setup", SETUP_KEYS)
    fresh = s.flag("fresh", False)
    hidden = s.flag("hidden_hands", True)
    first = s.number("first_order", 0, 0, 1)
    faith = s.number("faith", DEFAULT_FAITH, 1)
    strike_back = s.flag("strike_back", True)
    names = []
    players_data = data.get("players")
    if isinstance(players_data, list):
        for seat, p in enumerate(players_data):
            f = Fields(p, f"players[{seat}]")
            names.append(f.text("name", f"Player {seat + 1}"))
    fresh_players = []
    if fresh:
        for seat, p in enumerate(players_data or []):
            f = Fields(p, f"players[{seat}]", FRESH_PLAYER_KEYS)
            fresh_players.append(
                PlayerSetup(names[seat], f.card_ids("deck", catalog), f.opt_number("deck_size", 1))
            )
    setup = DevaSetup(
        players=tuple(fresh_players or (PlayerSetup(n) for n in names)),
        seed=s.number("seed", 0, 0, (1 << 64) - 1),
        catalog=catalog,
        first_order=first,
        hidden_hands=hidden,
        faith=faith,
        hand_size=s.number("hand_size", DEFAULT_HAND, 0),
        prayers=s.number("prayers", 0),
        strike_back=strike_back,
    )
    if fresh:
        return setup, initial_state(setup)
    state = state_from_position(data, catalog, hidden, strike_back, first, faith)
    return setup, state


def game_to_dict(game: Any) -> dict[str, Any]:
    """A game's Devacurse part as TOML-ready data: setup, starting position, inline cards."""
    assert isinstance(game, DevacurseGame)
    setup = game.setup
    start = game.initial_state
    out: dict[str, Any] = {
        "setup": {
            "seed": setup.seed,
            "first_order": setup.first_order,
            "hidden_hands": start.hidden,
            "faith": setup.faith,
            "hand_size": setup.hand_size,
            "prayers": setup.prayers,
            "strike_back": start.strike_back,
        }
    }
    out.update(position_to_dict(start))
    return with_inline_cards(out, game.catalog.cards, sample_catalog(), card_to_dict)
