"""A Z-G setup as plain data (the app's store, the new-game screen), and back, checked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.catalog import CardCatalog
from engine.core.fields import FieldError, Fields
from engine.errors import SetupError
from engine.zg.card_model import Catalog
from engine.zg.setup import EDGES, OPTIONS, PlayerSetup, ZgSetup
from engine.zg.state import Terrain

SETUP_KEYS = ("players", "seed", "hidden_hands", "options", "edge", "terrain")
PLAYER_KEYS = ("name", "figure", "deck", "deck_size", "character")
TERRAIN_KEYS = ("name", "mass", "strikes")


def setup_to_dict(setup: ZgSetup) -> dict[str, Any]:
    players = []
    for p in setup.players:
        entry: dict[str, Any] = {"name": p.name, "deck": list(p.deck)}
        if p.deck_size is not None:
            entry["deck_size"] = p.deck_size
        if p.character:
            entry["character"] = p.character
        players.append(entry)
    return {
        "players": players,
        "seed": setup.seed,
        "hidden_hands": setup.hidden_hands,
        "options": list(setup.options),
        "edge": setup.edge,
        "terrain": [{"name": t.name, "mass": t.mass} for t in setup.terrain],
    }


def player_from(f: Fields, catalog: Catalog) -> PlayerSetup:
    """A player's table: ``figure`` takes that figure's sample deck and character card."""
    figure = f.text("figure", "")
    if figure and figure not in catalog.figures():
        raise f.fail("figure", f"names {figure!r}; the figures: {', '.join(catalog.figures())}")
    deck = f.card_ids("deck", catalog) if f.has("deck") else catalog.deck_of(figure)
    character = f.text("character", catalog.character_of(figure) or "" if figure else "")
    return PlayerSetup(f.text("name", "").strip(), deck, f.opt_number("deck_size", 0), character)


def terrain_from(f: Fields) -> Terrain:
    return Terrain(f.text("name", "").strip(), f.number("mass", 1, 1), f.number("strikes", 0, 0))


def setup_from_dict(record: Mapping[str, Any], catalog: CardCatalog) -> ZgSetup:
    """The setup a record describes; SetupError naming the field for anything wrong."""
    if not isinstance(catalog, Catalog):
        raise SetupError("a Z-G game needs Z-G's card catalog")
    try:
        f = Fields(dict(record), "setup", SETUP_KEYS)
        return ZgSetup(
            players=tuple(player_from(p, catalog) for p in f.tables("players", PLAYER_KEYS)),
            seed=f.number("seed", 0, 0, (1 << 64) - 1),
            hidden_hands=f.flag("hidden_hands", True),
            options=f.texts("options", OPTIONS),
            edge=f.choice("edge", "wall", EDGES),
            terrain=tuple(terrain_from(t) for t in f.tables("terrain", TERRAIN_KEYS)),
            catalog=catalog,
        )
    except FieldError as exc:
        raise SetupError(str(exc)) from None
