"""Shown on start when a game was left unfinished: resume it, or begin a new one.

The game is named by the short title its saved metadata gives, if any (a tournament game by its
match), else by its game and players; this screen knows nothing of what set the title.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from kivy.app import App
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion_app.games import adapter_for
from companion_app.saves.game_record import read_setup, title_of


class StartScreen(Screen):
    session = ObjectProperty(None, rebind=True)
    summary = StringProperty("")

    def on_pre_enter(self, *_args: Any) -> None:
        saved = self.session.saved_game() if self.session else None
        if saved is None:
            self.summary = "No game to resume."
            return
        try:
            engine = adapter_for(saved.kind).engine
            table_setup = read_setup(engine, saved.setup, engine.sample_catalog())
            players = engine.setup_to_dict(table_setup.setup)["players"]
            names = [str(p["name"]) for p in players]
        except (KeyError, ValueError, TypeError) as e:
            self.summary = f"The last game can't be read ({e}); start a new one."
            return
        when = datetime.fromtimestamp(saved.created).strftime("%d %b %H:%M")
        title = title_of(table_setup.metadata)
        # A title names the game (its players are in it); else the game and its players.
        named = f"{title}\n{engine.title}" if title else f"{engine.title}: {', '.join(names)}"
        self.summary = f"{named}\nstarted {when}, {len(saved.commands)} moves logged"

    def resume(self) -> None:
        saved = self.session.saved_game()
        if saved is None:
            self.summary = "No game to resume."
            return
        try:
            self.session.resume(saved)
        except (ValueError, KeyError) as e:
            self.summary = f"The last game can't be replayed: {e}"
            return
        App.get_running_app().show("scoreboard")

    def new_game(self) -> None:
        App.get_running_app().show("newgame")
