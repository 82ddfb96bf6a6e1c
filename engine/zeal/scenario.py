"""Zeal's part of a scenario or save file (docs/scenarios.md): the setup, the players, the
position and inline cards. The generic reader (engine/scenario.py) handles the rest."""

from __future__ import annotations

from typing import Any

from engine.core.catalog import with_inline_cards
from engine.core.fields import Fields, check_known
from engine.zeal.card_model import Card
from engine.zeal.card_toml import card_to_dict, cards_from_list
from engine.zeal.cards import sample_catalog
from engine.zeal.context import Ctx
from engine.zeal.game import ZealGame
from engine.zeal.position import position_to_dict
from engine.zeal.position_read import PositionError, state_from_position
from engine.zeal.setup import MODES, PlayerSetup, ZealSetup, initial_state
from engine.zeal.state import GameState

FILE_KEYS = ("setup", "players", "position", "card")
SETUP_KEYS = ("seed", "first_player", "hidden_hands", "mode", "fresh")


def read_scenario(data: dict[str, Any], source: str) -> tuple[ZealSetup, GameState]:
    """The setup and starting position a file's Zeal part describes."""
    check_known(data, "the file", FILE_KEYS)
    extra: list[Card] = cards_from_list(data.get("card", []), source) if "card" in data else []
    catalog = sample_catalog().merged(extra)
    s = Fields(data.get("setup", {}), "setup", SETUP_KEYS)
    players_data = data.get("players")
    if not isinstance(players_data, list) or not 2 <= len(players_data) <= 8:
        raise PositionError("2 to 8 [[players]] are needed")
    seats = len(players_data)
    fresh = s.flag("fresh", False)
    hidden = s.flag("hidden_hands", True)
    first = s.number("first_player", 0, 0, seats - 1)
    players = []
    for seat, p in enumerate(players_data):
        f = Fields(p, f"players[{seat}]")
        players.append(
            PlayerSetup(
                name=f.text("name", ""),
                deck=f.card_ids("deck", catalog) if fresh else (),
                deck_size=f.opt_number("deck_size"),
            )
        )
    setup = ZealSetup(
        players=tuple(players),
        seed=s.number("seed", 0, 0, (1 << 64) - 1),
        catalog=catalog,
        first_player=first,
        hidden_hands=hidden,
        mode=s.choice("mode", "casual", MODES),
    )
    # A fresh game is set up now, so a bad deck is reported when the file is read; a position
    # is checked field by field (unknown keys included) as it is read.
    state = fresh_start(setup) if fresh else state_from_position(data, catalog, hidden, first)
    return setup, state


def fresh_start(setup: ZealSetup) -> GameState:
    """The state a setup starts from (as ZealGame does), for tools that need it alone."""
    return initial_state(setup, Ctx(setup.the_catalog()))


def game_to_dict(game: Any) -> dict[str, Any]:
    """A game's Zeal part as TOML-ready data: setup, starting position, inline cards."""
    assert isinstance(game, ZealGame)
    setup = game.setup
    start = game.initial_state
    out: dict[str, Any] = {
        "setup": {
            "seed": setup.seed,
            "first_player": start.first_player,
            "hidden_hands": setup.hidden_hands,
            "mode": setup.mode,
        }
    }
    out.update(position_to_dict(start))
    return with_inline_cards(out, game.catalog.cards, sample_catalog(), card_to_dict)
