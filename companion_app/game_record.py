"""How a game's setup is saved in the command store (no Kivy here).

The store keeps a JSON setup per game: the engine's ``ZealSetup`` fields (the catalog is the
app's, named by nothing: the sample catalog plus imports) and what only the table knows, the
seat colours. Resuming rebuilds the same setup, and the engine replays the commands on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.zeal import PlayerSetup, ZealSetup
from engine.zeal.cards import Catalog

KIND = "zeal"
VERSION = 1


@dataclass(frozen=True)
class TableSetup:
    setup: ZealSetup
    colours: tuple[int, ...]


def setup_record(setup: ZealSetup, colours: tuple[int, ...]) -> dict[str, Any]:
    return {
        "version": VERSION,
        "players": [
            {"name": p.name, "deck": list(p.deck), "deck_size": p.deck_size} for p in setup.players
        ],
        "seed": setup.seed,
        "first_player": setup.first_player,
        "hidden_hands": setup.hidden_hands,
        "mode": setup.mode,
        "colours": list(colours),
    }


def read_setup(record: dict[str, Any], catalog: Catalog) -> TableSetup:
    """The setup back from the store; a damaged record raises ValueError saying what."""
    try:
        if record.get("version") != VERSION:
            raise ValueError(f"saved by another version of Altar ({record.get('version')})")
        players = tuple(
            PlayerSetup(str(p["name"]), tuple(p["deck"]), p.get("deck_size"))
            for p in record["players"]
        )
        setup = ZealSetup(
            players=players,
            seed=int(record["seed"]),
            catalog=catalog,
            first_player=record.get("first_player"),
            hidden_hands=bool(record.get("hidden_hands", True)),
            mode=str(record.get("mode", "casual")),
        )
        colours = tuple(int(c) for c in record.get("colours", ()))
    except (KeyError, TypeError) as e:
        raise ValueError(f"the saved setup is damaged (missing {e})") from None
    return TableSetup(setup, colours)
