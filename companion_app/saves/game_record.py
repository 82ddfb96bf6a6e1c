"""How a game's setup is saved in the command store (no Kivy here).

The store keeps the game's kind and a JSON record per game: the engine's setup record (each
game owns its shape: ``engine.games.get(kind).setup_to_dict``) and what only the table knows,
the seat colours. Resuming rebuilds the same setup, and the engine replays the commands on it.
A game may also carry ``metadata``: what the app around the game knows of it and must find
again on resume (a tournament game: which match and game it is), a JSON-ready dict the game's
engine never sees. Its ``title`` key, if given, is a short name for the game that the start
screen shows when it offers to resume it ("Round 2, table 1: Alena v Anton, game 2 of 2").

Version 1 records (before there was a choice of game) are Zeal's, with the setup's fields at
the top level beside the colours; they still resume.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.catalog import CardCatalog
from engine.core.kind import GameKind

VERSION = 2
TITLE_KEY = "title"  # in metadata: the game's short name on the start screen


@dataclass(frozen=True)
class TableSetup:
    setup: Any  # the game's own setup
    colours: tuple[int, ...]
    metadata: dict[str, Any] = field(default_factory=dict)


def setup_record(
    kind: GameKind,
    setup: Any,
    colours: tuple[int, ...],
    metadata: dict[str, Any] | None = None,
) -> dict[str, Any]:
    record = {"version": VERSION, "setup": kind.setup_to_dict(setup), "colours": list(colours)}
    if metadata:
        record["metadata"] = dict(metadata)
    return record


def read_setup(kind: GameKind, record: dict[str, Any], catalog: CardCatalog) -> TableSetup:
    """The setup back from the store; a damaged record raises ValueError saying what."""
    version = record.get("version")
    if version == 1:
        # The first records: Zeal's setup fields and the colours side by side.
        engine_part = {k: v for k, v in record.items() if k not in ("version", "colours")}
    elif version == VERSION:
        found = record.get("setup")
        if not isinstance(found, dict):
            raise ValueError("the saved setup is damaged (no setup)")
        engine_part = found
    else:
        raise ValueError(f"saved by another version of Altar ({version})")
    try:
        colours = tuple(int(c) for c in record.get("colours", ()))
    except (TypeError, ValueError):
        raise ValueError("the saved setup is damaged (its seat colours)") from None
    metadata = record.get("metadata", {})
    if not isinstance(metadata, dict):
        raise ValueError("the saved setup is damaged (its metadata)")
    return TableSetup(kind.setup_from_dict(engine_part, catalog), colours, dict(metadata))


def title_of(metadata: dict[str, Any]) -> str | None:
    """The short title the metadata gives the game, if it gives a usable one."""
    title = metadata.get(TITLE_KEY)
    return title.strip() if isinstance(title, str) and title.strip() else None
