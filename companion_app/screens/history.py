"""History: what the game plots (its adapter's series) over the turns, and the end summary.

The plots follow the session's history only while this page is open: a plot walks every turn
of the game, and the session's history changes on every command, so plots bound to it all the
time made every command of a long game slower on the scoreboard (issue 25)."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import ListProperty, StringProperty

from companion_app.widgets.facing_screen import FacingScreen
from companion_app.widgets.plot import HistoryPlot  # noqa: F401  (kv uses it)


class HistoryScreen(FacingScreen):
    colours = ListProperty([])
    legend = StringProperty("")
    legend_words = StringProperty("")  # the legend's names without their colours (its size)
    summary = StringProperty("")
    first_series = StringProperty("")
    second_series = StringProperty("")

    def on_pre_enter(self, *_args: Any) -> None:
        super().on_pre_enter()
        session = self.session
        self._plot(session, session.history)
        session.bind(history=self._plot)
        self.colours = [s.colour for s in session.seats]
        labels = [s.label for s in session.history[-1].series] if session.history else []
        self.first_series = labels[0] if labels else ""
        self.second_series = labels[-1] if len(labels) > 1 else ""
        self.legend = "   ".join(f"[color={_hex(s.colour)}]{s.name}[/color]" for s in session.seats)
        self.legend_words = "   ".join(s.name for s in session.seats)
        self.summary = self._summary()

    def on_leave(self, *_args: Any) -> None:
        self.session.unbind(history=self._plot)

    def _plot(self, _session: Any, samples: Any) -> None:
        for plot in (self.ids.devotion_plot, self.ids.bases_plot):
            plot.turn_word = self.session.adapter.turn_word
            plot.samples = samples

    def _summary(self) -> str:
        session = self.session
        samples = session.history
        if not samples:
            return ""
        last = samples[-1]
        if session.outcome_text:
            winner = session.winner
            names = [s.name for s in session.seats]
            head = session.outcome_text
            if 0 <= winner < len(names):
                head = f"{names[winner]} wins: {head}"
        else:
            head = f"{session.adapter.turn_word} {last.turn} so far"
        lines = [head]
        each = []
        for s in session.seats:
            parts = [f"{series.label.lower()} {series.values[s.seat]}" for series in last.series]
            each.append(f"{s.name}: {', '.join(parts)}")
        # Every player, two to a line from five players on, so all fit under the plots.
        per_line = 2 if len(each) > 4 else 1
        for i in range(0, len(each), per_line):
            lines.append("      ".join(each[i : i + per_line]))
        return "\n".join(lines)

    def back(self) -> None:
        App.get_running_app().show("scoreboard")


def _hex(colour: Any) -> str:
    return "".join(f"{int(c * 255):02x}" for c in colour[:3])
