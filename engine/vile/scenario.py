"""Vile Incantations' part of a scenario or save file (docs/scenarios.md): setup, players,
position, inline cards. The generic reader (engine/scenario.py) handles the rest."""

from __future__ import annotations

from typing import Any

from engine.core.catalog import with_inline_cards
from engine.core.fields import FieldError, Fields, check_known
from engine.vile.card_model import Card
from engine.vile.card_toml import card_to_dict, cards_from_list
from engine.vile.cards import sample_catalog
from engine.vile.context import Ctx
from engine.vile.game import VileGame
from engine.vile.position import position_to_dict, state_from
from engine.vile.setup import PlayerSetup, VileSetup, initial_state
from engine.vile.state import GameState

FILE_KEYS = ("setup", "players", "position", "card")
SETUP_KEYS = ("seed", "first_player", "hidden_hands", "fresh")


def read_scenario(data: dict[str, Any], source: str) -> tuple[VileSetup, GameState]:
    """The setup and starting position a file's Vile Incantations part describes. A fresh
    game (``fresh = true``) is set up from each player's god and deck; otherwise the
    position is read table by table."""
    check_known(data, "the file", FILE_KEYS)
    extra: list[Card] = cards_from_list(data["card"], source) if "card" in data else []
    catalog = sample_catalog().merged(extra)
    s = Fields(data.get("setup", {}), "setup", SETUP_KEYS)
    players_data = data.get("players")
    if not isinstance(players_data, list) or len(players_data) != 2:
        raise FieldError("the file: Vile Incantations needs two [[players]]")
    fresh = s.flag("fresh", False)
    hidden = s.flag("hidden_hands", True)
    first = s.number("first_player", 0, 0, 1)
    players = []
    for seat, p in enumerate(players_data):
        f = Fields(p, f"players[{seat}]")
        players.append(
            PlayerSetup(
                name=f.text("name", ""),
                god=f.text("god", "ape"),
                deck=f.card_ids("deck", catalog) if fresh else (),
                deck_size=f.opt_number("deck_size") if fresh else None,
            )
        )
    setup = VileSetup(
        players=tuple(players),
        seed=s.number("seed", 0, 0, (1 << 64) - 1),
        catalog=catalog,
        first_player=first,
        hidden_hands=hidden,
    )
    if fresh:
        for seat, p in enumerate(players_data):
            check_known(p, f"players[{seat}]", ("name", "god", "deck", "deck_size"))
        return setup, initial_state(setup, Ctx(catalog))
    return setup, state_from(data, catalog, hidden, first)


def game_to_dict(game: Any) -> dict[str, Any]:
    """A game's part of a save file: setup, starting position, inline cards."""
    assert isinstance(game, VileGame)
    start = game.initial_state
    out: dict[str, Any] = {
        "setup": {
            "seed": game.setup.seed,
            "first_player": start.first_player,
            "hidden_hands": start.hidden,
        }
    }
    out.update(position_to_dict(start))
    return with_inline_cards(out, game.catalog.cards, sample_catalog(), card_to_dict)
