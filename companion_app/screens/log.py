"""The log: every command in players' words with time and seat; undo the last or any entry."""

from __future__ import annotations

import time
from typing import Any

from kivy.app import App
from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

# Only the newest entries get widgets: a long game has thousands of commands.
SHOWN = 60


class LogLine(BoxLayout):
    index = NumericProperty(0)
    when = StringProperty("")
    who = StringProperty("")
    text = StringProperty("")
    screen = ObjectProperty(None)


class LogScreen(Screen):
    session = ObjectProperty(None, rebind=True)

    def on_session(self, _inst: Any, session: Any) -> None:
        session.bind(log_rows=self._render)

    def on_pre_enter(self, *_args: Any) -> None:
        self._render(self.session, self.session.log_rows)

    def _render(self, session: Any, rows: list[Any]) -> None:
        if self.manager is None or self.manager.current != self.name:
            return
        names = [s.name for s in session.seats]
        box = self.ids.lines
        box.clear_widgets()
        for row in reversed(rows[-SHOWN:]):
            who = names[row.seat] if row.seat is not None and row.seat < len(names) else ""
            when = time.strftime("%H:%M:%S", time.localtime(row.at)) if row.at else ""
            box.add_widget(LogLine(index=row.index, when=when, who=who, text=row.text, screen=self))

    def undo_entry(self, index: int) -> None:
        self.session.undo_entry(index)

    def back(self) -> None:
        App.get_running_app().show("scoreboard")
