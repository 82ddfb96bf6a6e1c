"""A Zeal setup as plain data (the app's store, the new-game screen), and back, checked: the
keys of Zeal's setup record, in the shape most games' records share
(engine/core/card_game_record.py)."""

from __future__ import annotations

from engine.core.card_game_record import card_game_record, player_table
from engine.core.setup_record import SetupCodec, choice, opt_number
from engine.zeal.cards import Catalog
from engine.zeal.setup import MODES, PlayerSetup, ZealSetup

RECORD: SetupCodec[ZealSetup] = card_game_record(
    "Zeal",
    ZealSetup,
    Catalog,
    player_table(PlayerSetup),
    choice("mode", "casual", MODES),
    opt_number("first_player", 0, 7),  # None: random from the seed
)
setup_to_dict = RECORD.to_dict
setup_from_dict = RECORD.from_dict
