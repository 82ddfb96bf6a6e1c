"""The log: every command in players' words with time and seat; undo the last or any entry."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from kivy.app import App
from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion_app.session.folding import runs, who
from companion_app.widgets.facing_screen import FacingScreen

# Only the newest entries get widgets: a long game has thousands of commands.
SHOWN = 60


@dataclass(frozen=True)
class ShownLine:
    index: int  # the command "Undo this" takes back (a run's newest)
    at: float
    who: str
    text: str


def fold_passes(rows: list[Any], names: list[str]) -> list[ShownLine]:
    """The log as shown: a run of passes (the adapter's ``log_folds``) is one line, "Alena,
    Anton: 6 passes in a row", so what was done stands out from who let priority go by."""
    shown: list[ShownLine] = []
    for run in runs(rows, lambda row: bool(getattr(row, "folds", False))):
        last = run[-1]  # "Undo this" on a run takes back its newest pass
        if len(run) == 1:
            seat = last.seat
            name = names[seat] if seat is not None and 0 <= seat < len(names) else ""
            shown.append(ShownLine(last.index, last.at, name, last.text))
        else:
            text = f"{who((r.seat for r in run), names)}: {len(run)} passes in a row"
            shown.append(ShownLine(last.index, last.at, "", text))
    return shown


class LogLine(BoxLayout):
    index = NumericProperty(0)
    when = StringProperty("")
    who = StringProperty("")
    text = StringProperty("")
    screen = ObjectProperty(None)


class LogScreen(FacingScreen):
    def on_session(self, _inst: Any, session: Any) -> None:
        session.bind(log_rows=self._render)

    def on_pre_enter(self, *_args: Any) -> None:
        super().on_pre_enter()
        self._render(self.session, self.session.log_rows)

    def _render(self, session: Any, rows: list[Any]) -> None:
        if self.manager is None or self.manager.current != self.name:
            return
        names = [s.name for s in session.seats]
        box = self.ids.lines
        box.clear_widgets()
        for line in reversed(fold_passes(rows, names)[-SHOWN:]):
            when = time.strftime("%H:%M:%S", time.localtime(line.at)) if line.at else ""
            box.add_widget(
                LogLine(index=line.index, when=when, who=line.who, text=line.text, screen=self)
            )

    def undo_entry(self, index: int) -> None:
        self.session.undo_entry(index)

    def back(self) -> None:
        App.get_running_app().show("scoreboard")
