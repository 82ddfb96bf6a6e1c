"""The Zeal engine's check of a saved game, for store.open_store at start-up (no Kivy).

The store knows no rules, so whether a saved game still replays is the engine's word: a
command log written by an older Altar, edited by hand or damaged on disk may hold a command
the engine now refuses, and resuming it would crash the table. This replays the log command
by command and says how many replay.
"""

from __future__ import annotations

from companion_app.game_record import KIND, read_setup
from companion_app.store import ReplayCheck, SavedGame
from engine.errors import IllegalAction, MalformedAction
from engine.zeal import ZealGame
from engine.zeal import actions as za
from engine.zeal.cards import Catalog


def zeal_replay_check(catalog: Catalog) -> ReplayCheck:
    """A ReplayCheck for Zeal games played with ``catalog`` (the app's)."""

    def replayed(saved: SavedGame) -> int:
        if saved.kind != KIND:
            return len(saved.commands)  # another game's engine must judge it
        # A setup that no longer starts raises ValueError (SetupError is one): game lost.
        game = ZealGame(read_setup(saved.setup, catalog).setup)
        for index, command in enumerate(saved.commands):
            try:
                game.apply(za.from_dict(command))
            except (IllegalAction, MalformedAction):
                return index
            except Exception:  # noqa: BLE001 - start-up must survive any command, even one
                return index  # that trips an engine bug: the players are told, not crashed
        return len(saved.commands)

    return replayed
