"""A Devacurse setup as plain data (the app's store, the new-game screen), and back, checked:
the keys of its setup record, read and written by the shared codec
(engine/core/setup_record.py).

Every field part 1 of the spiral would rule is here: starting Faith, opening hand, deck sizes,
closed prayers, who holds order first (README.md: readings)."""

from __future__ import annotations

from engine.core.setup_record import (
    DECK,
    DECK_SIZE,
    HIDDEN_HANDS,
    NAME,
    SEED,
    SetupCodec,
    Table,
    flag,
    number,
    rows,
)
from engine.devacurse.card_model import Catalog
from engine.devacurse.setup import DEFAULT_FAITH, DEFAULT_HAND, DevaSetup, PlayerSetup

RECORD: SetupCodec[DevaSetup] = SetupCodec(
    "Devacurse",
    DevaSetup,
    Catalog,
    rows("players", Table(PlayerSetup, NAME, DECK, DECK_SIZE)),
    SEED,
    number("first_order", 0, 0, 1),
    HIDDEN_HANDS,
    number("faith", DEFAULT_FAITH, 1),
    number("hand_size", DEFAULT_HAND, 0),
    number("prayers", 0, 0),
    flag("strike_back", True),
)
setup_to_dict = RECORD.to_dict
setup_from_dict = RECORD.from_dict
