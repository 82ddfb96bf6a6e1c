"""`altar export`: a game from the saved games, as a replay file the broadcast page opens.

The file is JSON (docs/broadcast.md has the format): the game, its players, and the table's
public view before the first command and after each one, made by replaying the command log with
the game's own engine. Only public views are written, so a replay shows what the table showed
and no more (no hand, no deck, no face-down card). No Kivy here.
"""

from __future__ import annotations

import time
from typing import Any

from companion_app.broadcast.public_view import public_view
from companion_app.games import adapter_for
from companion_app.saves.game_record import read_setup, title_of
from companion_app.saves.store import SavedGame
from engine import games

FORMAT = "altar-replay"
VERSION = 1


class ExportError(ValueError):
    """The game cannot be exported; the message says why, in words."""


def export_game(saved: SavedGame, table: str = "table") -> dict[str, Any]:
    try:
        kind = games.get(saved.kind)
        adapter = adapter_for(saved.kind)
    except ValueError as e:
        raise ExportError(
            f"saved game {saved.id} is a game this Altar does not know ({e})"
        ) from None
    try:
        setup = read_setup(kind, saved.setup, adapter.catalog())
        game = kind.game.start(setup.setup)
    except Exception as e:  # a damaged setup of any shape
        raise ExportError(f"saved game {saved.id} cannot be set up again ({e})") from None
    title = title_of(setup.metadata) or ""
    views = [public_view(game, adapter, table, title, setup.colours)]
    for number, command in enumerate(saved.commands, start=1):
        try:
            game.apply(kind.action_from_dict(command))
        except Exception as e:  # a command this engine refuses: export what replays, and say so
            raise ExportError(
                f"saved game {saved.id} stops replaying at command {number} ({e})"
            ) from None
        views.append(public_view(game, adapter, table, title, setup.colours))
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": saved.kind,
        "game": kind.title,
        "title": title,
        "players": list(game.player_names()),
        "started": time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(saved.created)),
        "finished": game.outcome() is not None,
        "views": views,
    }
