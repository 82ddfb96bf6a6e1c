"""The menu: every other screen, one large button each."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import ObjectProperty
from kivy.uix.screenmanager import Screen


class MenuScreen(Screen):
    session = ObjectProperty(None, rebind=True)

    def go(self, name: str) -> None:
        app = App.get_running_app()
        if app.sm is not None and app.sm.has_screen(name):
            app.show(name)
        else:
            self.session.say(f"The {name} screen isn't available in this build.", ok=False)
