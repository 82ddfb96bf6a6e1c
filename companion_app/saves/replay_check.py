"""The engine's check of a saved game of any game, for store.open_store at start-up (no Kivy).

The store knows no rules, so whether a saved game still replays is the engine's word: a
command log written by an older Altar, edited by hand or damaged on disk may hold a command
the engine now refuses, and resuming it would crash the table. This replays the log command
by command with the game's own engine (found by the saved kind in the registry) and says how
many replay.

From the game's newest good snapshot when it has one (snapshots.py): the commands before it
replayed when it was made, so only those after it are replayed here, and start-up costs the
same at command 50,000 as at 100 (it replayed them all before, about a second at 50,000). A
snapshot whose body does not read back is no shortcut: the whole log is replayed.
"""

from __future__ import annotations

from collections.abc import Callable

from companion_app.saves.game_record import read_setup
from companion_app.saves.snapshot_body import read_body
from companion_app.saves.store import ReplayCheck, SavedGame
from engine import games
from engine.core.catalog import CardCatalog


def replay_check(catalog_for: Callable[[str], CardCatalog]) -> ReplayCheck:
    """A ReplayCheck for saved games of every registered game; ``catalog_for(kind)`` is the
    catalog the app plays that game with."""

    def replayed(saved: SavedGame) -> int:
        try:
            kind = games.get(saved.kind)
        except games.UnknownGame as e:
            raise ValueError(f"it is a game this Altar does not know ({e})") from None
        try:
            game = kind.game.start(read_setup(kind, saved.setup, catalog_for(saved.kind)).setup)
        except ValueError:
            raise  # read_setup's and SetupError's words say what is wrong
        except Exception as e:  # a damaged setup of any shape: the game can't start
            raise ValueError(f"its setup is damaged ({type(e).__name__}: {e})") from e
        skipped = 0
        point = saved.snapshot
        body = read_body(point.body, kind.game, point.seq) if point is not None else None
        if point is not None and body is not None:
            skipped = point.seq
            game = kind.game.start(game.setup, body.state)
        for index, command in enumerate(saved.commands[skipped:], skipped):
            try:
                game.apply(kind.action_from_dict(command))
            except Exception:  # refused, malformed, or an engine bug: start-up survives it,
                return index  # the players are told, the app is not crashed
        return len(saved.commands)

    return replayed
