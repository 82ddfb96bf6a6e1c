"""The Actions page: triggered actions to play (in the order their player chooses) or
decline, and the actions of cards in play, one button each (more_actions). It opens by
itself when triggered actions wait for their player; a tap plays the action through the
session, which asks for its targets on that player's panel, and the page goes back to the
table."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import StringProperty

from companion_app.games.zeal.more_actions import page_actions
from companion_app.widgets.facing_screen import FacingScreen


class ActionsScreen(FacingScreen):
    title = StringProperty("")

    def on_pre_enter(self, *_args: Any) -> None:
        game = self.session.game if self.session else None
        self._moves = len(game.history) if game is not None else 0
        self.rebuild()
        self.face_decider()

    def on_session(self, _inst: Any, session: Any) -> None:
        session.bind(revision=lambda *_a: self._maybe_rebuild())

    def _maybe_rebuild(self) -> None:
        if self.manager is None or self.manager.current != self.name:
            return
        game = self.session.game
        moved = game is None or len(game.history) != self._moves
        if moved and (game is None or self.session.adapter.due_screen(game) != self.name):
            self.back()  # played, and nothing more waits here
            return
        self.rebuild()
        self.face_decider()

    def rebuild(self) -> None:
        box = self.ids.actions
        box.clear_widgets()
        game = self.session.game if self.session else None
        if game is None or game.kind != "zeal":
            self.title = "No game of Zeal"
            return
        found = page_actions(game)
        actor = game.acting_player()
        who = game.player_names()[actor] if actor is not None else "Nobody"
        self.title = f"{who}: actions" if found else f"{who}: no actions to play here now"
        for words, action in found:
            button = Factory.ZealActionButton(text=words)
            button.bind(on_release=lambda _b, a=action: self.do(a))
            box.add_widget(button)

    def do(self, action: Any) -> None:
        """Played for its player, who is asked for any targets on their own panel (back on
        the table); with more triggered actions waiting the page stays for the next."""
        session = self.session
        session.play(action.player, action)
        game = session.game
        if action.player in session.picking or game is None or not page_actions(game):
            self.back()

    def back(self) -> None:
        App.get_running_app().show("scoreboard")
