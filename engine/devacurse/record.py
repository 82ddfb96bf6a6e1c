"""A Devacurse setup as plain data (the app's store, the new-game screen), and back, checked.

Every field part 1 of the spiral would rule is here: starting Faith, opening hand, deck sizes,
closed prayers, who holds order first (README.md: readings)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.catalog import CardCatalog
from engine.core.fields import FieldError, Fields
from engine.devacurse.card_model import Catalog
from engine.devacurse.setup import DEFAULT_FAITH, DEFAULT_HAND, DevaSetup, PlayerSetup
from engine.errors import SetupError

SETUP_KEYS = (
    "players",
    "seed",
    "first_order",
    "hidden_hands",
    "faith",
    "hand_size",
    "prayers",
    "strike_back",
)
PLAYER_KEYS = ("name", "deck", "deck_size")


def setup_to_dict(setup: DevaSetup) -> dict[str, Any]:
    return {
        "players": [
            {"name": p.name, "deck": list(p.deck)}
            | ({} if p.deck_size is None else {"deck_size": p.deck_size})
            for p in setup.players
        ],
        "seed": setup.seed,
        "first_order": setup.first_order,
        "hidden_hands": setup.hidden_hands,
        "faith": setup.faith,
        "hand_size": setup.hand_size,
        "prayers": setup.prayers,
        "strike_back": setup.strike_back,
    }


def setup_from_dict(record: Mapping[str, Any], catalog: CardCatalog) -> DevaSetup:
    """The setup a record describes; SetupError naming the field for anything wrong."""
    if not isinstance(catalog, Catalog):
        raise SetupError("a Devacurse game needs Devacurse's card catalog")
    try:
        f = Fields(dict(record), "setup", SETUP_KEYS)
        players = tuple(
            PlayerSetup(
                p.text("name", "").strip(),
                p.card_ids("deck", catalog),
                p.opt_number("deck_size", 0),
            )
            for p in f.tables("players", PLAYER_KEYS)
        )
        return DevaSetup(
            players=players,
            seed=f.number("seed", 0, 0, (1 << 64) - 1),
            catalog=catalog,
            first_order=f.number("first_order", 0, 0, 1),
            hidden_hands=f.flag("hidden_hands", True),
            faith=f.number("faith", DEFAULT_FAITH, 1),
            hand_size=f.number("hand_size", DEFAULT_HAND, 0),
            prayers=f.number("prayers", 0, 0),
            strike_back=f.flag("strike_back", True),
        )
    except FieldError as exc:
        raise SetupError(str(exc)) from None
