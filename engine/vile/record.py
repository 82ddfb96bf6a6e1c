"""A Vile Incantations setup as plain data (the app's store, the new-game screen), and back,
checked: the keys of its setup record (each player's god among them), read and written by
the shared codec (engine/core/setup_record.py)."""

from __future__ import annotations

from engine.core.setup_record import (
    DECK,
    DECK_SIZE,
    HIDDEN_HANDS,
    NAME,
    SEED,
    SetupCodec,
    Table,
    choice,
    opt_number,
    rows,
)
from engine.vile.card_model import GODS, Catalog
from engine.vile.setup import PlayerSetup, VileSetup

RECORD: SetupCodec[VileSetup] = SetupCodec(
    "Vile Incantations",
    VileSetup,
    Catalog,
    rows("players", Table(PlayerSetup, NAME, choice("god", "", GODS), DECK, DECK_SIZE)),
    SEED,
    HIDDEN_HANDS,
    opt_number("first_player", 0, 1),  # None: chosen at random (Setup 2)
)
setup_to_dict = RECORD.to_dict
setup_from_dict = RECORD.from_dict
