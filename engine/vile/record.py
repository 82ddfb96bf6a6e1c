"""A Vile Incantations setup as plain data (the app's store, the new-game screen), and back,
checked: the keys of its setup record (each player's god among them), in the shape most
games' records share (engine/core/card_game_record.py)."""

from __future__ import annotations

from engine.core.card_game_record import card_game_record, player_table
from engine.core.setup_record import SetupCodec, choice, opt_number
from engine.vile.card_model import GODS, Catalog
from engine.vile.setup import PlayerSetup, VileSetup

RECORD: SetupCodec[VileSetup] = card_game_record(
    "Vile Incantations",
    VileSetup,
    Catalog,
    player_table(PlayerSetup, choice("god", "", GODS)),
    opt_number("first_player", 0, 1),  # None: chosen at random (Setup 2)
)
setup_to_dict = RECORD.to_dict
setup_from_dict = RECORD.from_dict
