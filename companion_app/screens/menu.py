"""The menu: every other screen, one large button each, the game's own screens included."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory

from companion_app.widgets.facing_screen import FacingScreen


class MenuScreen(FacingScreen):
    def on_pre_enter(self, *_args: Any) -> None:
        """The game being played adds its own screens (Zeal: combat, adjust cards)."""
        super().on_pre_enter()
        box = self.ids.game_screens
        box.clear_widgets()
        if self.session is None:
            return
        for extra in self.session.adapter.screens():
            button = Factory.MenuButton(text=extra.title)
            button.bind(on_release=lambda _b, name=extra.name: self.go(name))
            box.add_widget(button)

    def go(self, name: str) -> None:
        app = App.get_running_app()
        game = self.session.game if self.session else None
        if name == "newgame" and game is not None and game.outcome() is None:
            app.confirm(
                "A game is in progress. Set up a new one? This game stays saved: "
                "resume it from the start screen.",
                "New game",
                "Keep playing",
                lambda: app.show("newgame"),
            )
            return
        if app.sm is not None and app.sm.has_screen(name):
            app.show(name)
        else:
            self.session.say(f"The {name} screen isn't available in this build.", ok=False)
