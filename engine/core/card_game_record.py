"""The shape most games' setup records share, said once: the players' tables (a name, the
game's own keys for a player, a deck and a deck size), the seed and hidden hands, then the
game's own keys, written in that order (the codec is ``setup_record.py``). A game whose
record has this shape names only what is its own (``engine/<game>/record.py``); a game whose
keys stand in another order (Devacurse's ``first_order`` before ``hidden_hands``) lists
them all itself, so its records keep the shape they have always had."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from engine.core.setup_record import (
    DECK,
    DECK_SIZE,
    HIDDEN_HANDS,
    NAME,
    SEED,
    Key,
    SetupCodec,
    Table,
    rows,
)

T = TypeVar("T")
S = TypeVar("S")


def player_table(make: Callable[..., T], *own: Key[Any]) -> Table[T]:
    """A player's table: name, then the game's own keys (Vile's god), then deck and size."""
    return Table(make, NAME, *own, DECK, DECK_SIZE)


def card_game_record(
    game: str,
    make: Callable[..., S],
    catalog_type: type[Any],
    players: Table[Any],
    *own: Key[Any],
    check: Callable[[S], None] | None = None,
) -> SetupCodec[S]:
    """The codec of a record of ``players`` (each read and written by that table), the seed,
    hidden hands and then ``own``, the game's keys."""
    return SetupCodec(
        game, make, catalog_type, rows("players", players), SEED, HIDDEN_HANDS, *own, check=check
    )
