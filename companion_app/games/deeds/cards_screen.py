"""The Cards in play page: one button per thing the player who acts may do with cards already
on the battlefield (equip, unequip, use an ability, sacrifice to Hunger), from
card_actions; a tap does it and the page goes back to the table."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import StringProperty

from companion_app.games.deeds.card_actions import card_actions
from companion_app.widgets.facing_screen import FacingScreen


class CardsScreen(FacingScreen):
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
        if game is None or len(game.history) != self._moves:
            self.back()  # something was played: the page's moment has passed
            return
        self.rebuild()
        self.face_decider()

    def rebuild(self) -> None:
        box = self.ids.actions
        box.clear_widgets()
        game = self.session.game if self.session else None
        if game is None or game.kind != "deeds":
            self.title = "No game of Deeds Not Words"
            return
        found = card_actions(game)
        actor = game.acting_player()
        who = game.player_names()[actor] if actor is not None else "Nobody"
        self.title = (
            f"{who}: cards in play" if found else f"{who}: nothing to do with cards in play now"
        )
        for words, action in found:
            button = Factory.CardActionButton(text=words)
            button.bind(on_release=lambda _b, a=action: self.do(a))
            box.add_widget(button)

    def do(self, action: Any) -> None:
        if self.session.command(action):
            self.back()

    def back(self) -> None:
        App.get_running_app().show("scoreboard")
