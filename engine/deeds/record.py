"""A Deeds Not Words setup as plain data (the app's store, the new-game screen), and back,
checked: SetupError naming the field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.catalog import CardCatalog
from engine.core.fields import FieldError, Fields
from engine.deeds.cards import Catalog
from engine.deeds.setup import BASE_HEALTH, DeedsSetup, PlayerSetup, check_setup
from engine.errors import SetupError

SETUP_KEYS = ("players", "seed", "first_player", "hidden_hands", "base_health")
PLAYER_KEYS = ("name", "deck", "deck_size")


def setup_to_dict(setup: DeedsSetup) -> dict[str, Any]:
    out: dict[str, Any] = {
        "players": [
            {"name": p.name, "deck": list(p.deck)}
            | ({} if p.deck_size is None else {"deck_size": p.deck_size})
            for p in setup.players
        ],
        "seed": setup.seed,
        "hidden_hands": setup.hidden_hands,
        "base_health": setup.base_health,
    }
    if setup.first_player is not None:
        out["first_player"] = setup.first_player
    return out


def setup_from_dict(record: Mapping[str, Any], catalog: CardCatalog) -> DeedsSetup:
    if not isinstance(catalog, Catalog):
        raise SetupError("a Deeds Not Words game needs Deeds Not Words' card catalog")
    try:
        f = Fields(dict(record), "setup", SETUP_KEYS)
        players = tuple(
            PlayerSetup(
                p.text("name", "").strip(), p.card_ids("deck", catalog), p.opt_number("deck_size")
            )
            for p in f.tables("players", PLAYER_KEYS)
        )
        setup = DeedsSetup(
            players=players,
            seed=f.number("seed", 0, 0, (1 << 64) - 1),
            catalog=catalog,
            first_player=f.opt_number("first_player", 0, 1),
            hidden_hands=f.flag("hidden_hands", True),
            base_health=f.number("base_health", BASE_HEALTH, 1, 999),
        )
    except FieldError as exc:
        raise SetupError(str(exc)) from None
    check_setup(setup)
    return setup
