"""A setup as plain data (the app's store, the new-game screen), and back, checked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.catalog import CardCatalog
from engine.core.fields import FieldError, Fields
from engine.errors import SetupError
from engine.vile.card_model import GODS, Catalog
from engine.vile.setup import PlayerSetup, VileSetup

SETUP_KEYS = ("players", "seed", "first_player", "hidden_hands")
PLAYER_KEYS = ("name", "god", "deck", "deck_size")


def setup_to_dict(setup: VileSetup) -> dict[str, Any]:
    out: dict[str, Any] = {
        "players": [
            {"name": p.name, "god": p.god, "deck": list(p.deck)}
            | ({} if p.deck_size is None else {"deck_size": p.deck_size})
            for p in setup.players
        ],
        "seed": setup.seed,
        "hidden_hands": setup.hidden_hands,
    }
    if setup.first_player is not None:
        out["first_player"] = setup.first_player
    return out


def setup_from_dict(record: Mapping[str, Any], catalog: CardCatalog) -> VileSetup:
    """The setup a record describes; SetupError naming the field for anything wrong."""
    if not isinstance(catalog, Catalog):
        raise SetupError("a game of Vile Incantations needs its own card catalog")
    try:
        f = Fields(dict(record), "setup", SETUP_KEYS)
        players = tuple(
            PlayerSetup(
                p.text("name", "").strip(),
                p.choice("god", "", GODS),
                p.card_ids("deck", catalog),
                p.opt_number("deck_size", 0),
            )
            for p in f.tables("players", PLAYER_KEYS)
        )
        first = f.data.get("first_player")
        return VileSetup(
            players=players,
            seed=f.number("seed", 0, 0, (1 << 64) - 1),
            catalog=catalog,
            first_player=None if first is None else f.number("first_player", 0, 0, 1),
            hidden_hands=f.flag("hidden_hands", True),
        )
    except FieldError as exc:
        raise SetupError(str(exc)) from None
