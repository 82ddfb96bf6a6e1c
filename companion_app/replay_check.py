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
        try:
            game = ZealGame(read_setup(saved.setup, catalog).setup)
        except ValueError:
            raise  # read_setup's and SetupError's words say what is wrong
        except Exception as e:  # a damaged setup of any shape: the game can't start
            raise ValueError(f"its setup is damaged ({type(e).__name__}: {e})") from e
        for index, command in enumerate(saved.commands):
            try:
                game.apply(za.from_dict(command))
            except (IllegalAction, MalformedAction):
                return index
            except Exception:  # start-up must survive any command, even one that trips an
                return index  # engine bug: the players are told, the app is not crashed
        return len(saved.commands)

    return replayed
