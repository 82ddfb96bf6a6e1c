"""A Zeal setup as plain data (the app's store, the new-game screen), and back, checked: the
keys of Zeal's setup record, read and written by the shared codec (engine/core/setup_record.py)."""

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
from engine.zeal.cards import Catalog
from engine.zeal.setup import MODES, PlayerSetup, ZealSetup

RECORD: SetupCodec[ZealSetup] = SetupCodec(
    "Zeal",
    ZealSetup,
    Catalog,
    rows("players", Table(PlayerSetup, NAME, DECK, DECK_SIZE)),
    SEED,
    HIDDEN_HANDS,
    choice("mode", "casual", MODES),
    opt_number("first_player", 0, 7),  # None: random from the seed
)
setup_to_dict = RECORD.to_dict
setup_from_dict = RECORD.from_dict
