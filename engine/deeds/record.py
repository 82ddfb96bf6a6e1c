"""A Deeds Not Words setup as plain data (the app's store, the new-game screen), and back,
checked: the keys of its setup record, in the shape most games' records share
(engine/core/card_game_record.py), and the setup checked before it is returned."""

from __future__ import annotations

from engine.core.card_game_record import card_game_record, player_table
from engine.core.setup_record import SetupCodec, number, opt_number
from engine.deeds.cards import Catalog
from engine.deeds.setup import BASE_HEALTH, DeedsSetup, PlayerSetup, check_setup

RECORD: SetupCodec[DeedsSetup] = card_game_record(
    "Deeds Not Words",
    DeedsSetup,
    Catalog,
    player_table(PlayerSetup),
    number("base_health", BASE_HEALTH, 1, 999),
    opt_number("first_player", 0, 1),  # None: chosen by the seeded rng
    check=check_setup,
)
setup_to_dict = RECORD.to_dict
setup_from_dict = RECORD.from_dict
