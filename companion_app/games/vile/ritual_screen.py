"""The ritual walk-through (issue 10, At the table): the Culmination Phase step by step, the
opponent's sabotage window, the bolster sum and the strength before it is applied, with the
ritual's one-tap decisions. Lines come from ritual_steps (the engine's state and forecast)."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.metrics import dp
from kivy.properties import ListProperty, StringProperty
from kivy.uix.button import Button

from companion_app.games.vile.ritual_steps import ritual_steps
from companion_app.widgets.facing_screen import FacingScreen
from engine.vile import VileGame
from engine.vile import actions as va

RITUAL_ACTIONS = (va.PerformRitual, va.FlipSabotage, va.ApplyComponent, va.Gather)


class RitualScreen(FacingScreen):
    title = StringProperty("")
    lines = ListProperty([])

    def on_pre_enter(self, *_args: Any) -> None:
        self._strength = None
        self.rebuild()
        self.face_decider()

    _strength: int | None = None  # the ritual's strength while one is under way

    def game_moved(self) -> None:
        game = self.session.game if self.session else None
        if isinstance(game, VileGame) and self._strength is not None and _ended(game):
            # Issue 33: done, the page says the ritual's result and hands back the table.
            name = game.state.players[game.state.active].name
            energy = game.state.players[game.state.active].energy
            said = next(
                (e.text for e in reversed(game.log) if "ritual's strength is" in e.text), ""
            )
            strength = said.rsplit(" ", 1)[-1] if said else str(self._strength)
            self.session.say(f"{name}'s ritual is done: strength {strength}, energy {energy}")
            self._strength = None
            App.get_running_app().show("scoreboard")
            return
        self.rebuild()

    def rebuild(self) -> None:
        game = self.session.game if self.session else None
        box = self.ids.choices
        box.clear_widgets()
        if not isinstance(game, VileGame):
            self.title, self.lines = "No game of Vile Incantations", []
            return
        self.title, self.lines = ritual_steps(game)
        ritual = game.state.ritual
        if ritual is not None:
            self._strength = ritual.strength  # kept after it ends, for game_moved to say
        for label, action in self.session.choices:
            in_ritual = game.state.ritual is not None or game.state.gathers
            if isinstance(action, RITUAL_ACTIONS) or (isinstance(action, va.Pass) and in_ritual):
                button = Button(
                    text=label, size_hint_y=None, height=dp(56), font_size=dp(17), halign="center"
                )
                # Long card names wrap inside the button rather than run past its edges.
                button.bind(width=lambda b, w: setattr(b, "text_size", (w - dp(12), None)))
                button.bind(on_release=lambda _b, a=action: self.choose(a))
                box.add_widget(button)

    def choose(self, action: Any) -> None:
        if self.session.command(action):
            self.rebuild()

    def back(self) -> None:
        App.get_running_app().show("scoreboard")


def _ended(game: VileGame) -> bool:
    """The ritual walked through is over: applied, or the game won by it."""
    state = game.state
    return state.ritual is None and not state.gathers
