"""A game's page of actions: a title that says whose they are, and one button per thing the
player who acts may do there; a tap does it and the page goes back to the table. It faces
the player who acts (``FacingScreen``) and rebuilds when the game moves on, and goes back
by itself once its moment has passed.

The layout is ``action_list_screen.kv`` beside this module. It knows no game: a game's page
says which game it serves, what it lists, its title's words and what a tap does (Deeds'
Cards in play, Zeal's Actions)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import StringProperty

from companion_app.widgets.facing_screen import FacingScreen

KV = Path(__file__).with_suffix(".kv")
if str(KV) not in Builder.files:
    Builder.load_file(str(KV))


class ActionListScreen(FacingScreen):
    title = StringProperty("")
    kind = ""  # the game the page serves (the engine's game.kind)
    no_game = ""  # the title when no game of that kind is on: "No game of Zeal"

    def listed(self, game: Any) -> list[tuple[str, Any]]:
        """The page's buttons now: (words, action), for the acting player."""
        raise NotImplementedError

    def heading(self, who: str, found: bool) -> str:
        """The title over the buttons (``found``: there are some) for the player ``who``."""
        raise NotImplementedError

    def do(self, action: Any) -> None:
        """A button tapped: its action played (and back to the table when that is all)."""
        raise NotImplementedError

    def stays_after_a_move(self, game: Any) -> bool:
        """Whether the page stays once something was played: by default its moment has
        passed; a page that opens by itself stays while the game still wants it."""
        return False

    def on_pre_enter(self, *_args: Any) -> None:
        game = self.session.game if self.session else None
        self._moves = len(game.history) if game is not None else 0
        self.rebuild()
        self.face_decider()

    def game_moved(self) -> None:
        game = self.session.game
        if game is None or (len(game.history) != self._moves and not self.stays_after_a_move(game)):
            self.back()  # played, and the page's moment has passed
            return
        self.rebuild()
        self.face_decider()

    def rebuild(self) -> None:
        box = self.ids.actions
        box.clear_widgets()
        game = self.session.game if self.session else None
        if game is None or game.kind != self.kind:
            self.title = self.no_game
            return
        found = self.listed(game)
        actor = game.acting_player()
        who = game.player_names()[actor] if actor is not None else "Nobody"
        self.title = self.heading(who, bool(found))
        for words, action in found:
            button = Factory.ActionListButton(text=words)
            button.bind(on_release=lambda _b, a=action: self.do(a))
            box.add_widget(button)

    def back(self) -> None:
        App.get_running_app().show("scoreboard")
