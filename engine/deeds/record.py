"""A Deeds Not Words setup as plain data (the app's store, the new-game screen), and back,
checked: the keys of its setup record, read and written by the shared codec
(engine/core/setup_record.py), and the setup checked before it is returned."""

from __future__ import annotations

from engine.core.setup_record import (
    DECK,
    DECK_SIZE,
    HIDDEN_HANDS,
    NAME,
    SEED,
    SetupCodec,
    Table,
    number,
    opt_number,
    rows,
)
from engine.deeds.cards import Catalog
from engine.deeds.setup import BASE_HEALTH, DeedsSetup, PlayerSetup, check_setup

RECORD: SetupCodec[DeedsSetup] = SetupCodec(
    "Deeds Not Words",
    DeedsSetup,
    Catalog,
    rows("players", Table(PlayerSetup, NAME, DECK, DECK_SIZE)),
    SEED,
    HIDDEN_HANDS,
    number("base_health", BASE_HEALTH, 1, 999),
    opt_number("first_player", 0, 1),  # None: chosen by the seeded rng
    check=check_setup,
)
setup_to_dict = RECORD.to_dict
setup_from_dict = RECORD.from_dict
