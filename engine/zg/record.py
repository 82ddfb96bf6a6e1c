"""A Z-G setup as plain data (the app's store, the new-game screen), and back, checked: the
keys of its setup record, in the shape most games' records share
(engine/core/card_game_record.py), and what is Z-G's own: a player's ``figure``, which gives a
sample deck and character card."""

from __future__ import annotations

from engine.core.card_game_record import card_game_record
from engine.core.fields import Fields
from engine.core.setup_record import (
    DECK,
    DECK_SIZE,
    NAME,
    SetupCodec,
    Table,
    choice,
    number,
    rows,
    text,
    texts,
)
from engine.zg.card_model import Catalog
from engine.zg.setup import EDGES, OPTIONS, PlayerSetup, ZgSetup
from engine.zg.state import Terrain


def player_from(f: Fields, catalog: Catalog) -> PlayerSetup:
    """A player's table: ``figure`` takes that figure's sample deck and character card."""
    figure = f.text("figure", "")
    if figure and figure not in catalog.figures():
        raise f.fail("figure", f"names {figure!r}; the figures: {', '.join(catalog.figures())}")
    deck = f.card_ids("deck", catalog) if f.has("deck") else catalog.deck_of(figure)
    character = f.text("character", catalog.character_of(figure) or "" if figure else "")
    return PlayerSetup(f.text("name", "").strip(), deck, f.opt_number("deck_size", 0), character)


# Written: name, deck, deck size, character; a figure is read (player_from) and never written.
PLAYER = Table(
    PlayerSetup,
    NAME,
    DECK,
    DECK_SIZE,
    text("character", left_out_when_default=True),
    read=player_from,
    also_known=("figure",),
)
# Strikes are written once a piece has taken some: a setup without any is written as records
# always were, and one with some (a scenario's) no longer loses them.
TERRAIN: Table[Terrain] = Table(
    Terrain, NAME, number("mass", 1, 1), number("strikes", 0, 0, left_out_when_default=True)
)


def terrain_from(f: Fields) -> Terrain:
    return TERRAIN.read(f, None)


RECORD: SetupCodec[ZgSetup] = card_game_record(
    "Z-G",
    ZgSetup,
    Catalog,
    PLAYER,
    texts("options", OPTIONS),
    choice("edge", "wall", EDGES),
    rows("terrain", TERRAIN),
)
setup_to_dict = RECORD.to_dict
setup_from_dict = RECORD.from_dict
