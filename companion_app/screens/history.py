"""History: devotion and standing bases over the turns, during the game and at its end."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import ListProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion_app.widgets.plot import HistoryPlot  # noqa: F401  (kv uses it)


class HistoryScreen(Screen):
    session = ObjectProperty(None, rebind=True)
    colours = ListProperty([])
    legend = StringProperty("")
    summary = StringProperty("")

    def on_pre_enter(self, *_args: Any) -> None:
        session = self.session
        self.colours = [s.colour for s in session.seats]
        self.legend = "   ".join(f"[color={_hex(s.colour)}]{s.name}[/color]" for s in session.seats)
        self.summary = self._summary()

    def _summary(self) -> str:
        session = self.session
        samples = session.history
        if not samples:
            return ""
        last = samples[-1]
        lines = [session.outcome_text or f"After {len(samples)} turns so far"]
        for s in session.seats:
            lines.append(
                f"{s.name}: devotion {last.devotion[s.seat]}/{last.max_devotion[s.seat]}, "
                f"{last.bases_up[s.seat]} bases standing"
            )
        return "\n".join(lines)

    def back(self) -> None:
        App.get_running_app().show("scoreboard")


def _hex(colour: Any) -> str:
    return "".join(f"{int(c * 255):02x}" for c in colour[:3])
