"""A line plot of one of the game's history series over the turns, one colour per seat, with
its axes: values on the left, turn numbers below."""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Line
from kivy.properties import ListProperty, ObjectProperty, StringProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget


class HistoryPlot(Widget):
    samples = ObjectProperty(())  # Sequence[HistorySample] (the session's HistoryView)
    colours = ListProperty([])  # per seat
    series = StringProperty("")  # the HistorySeries label to plot
    # What the game counts in (GameAdapter.turn_word): Deeds Not Words plays in rounds.
    turn_word = StringProperty("Turn")

    def on_samples(self, *_args: Any) -> None:
        self.redraw()

    def on_size(self, *_args: Any) -> None:
        self.redraw()

    def on_pos(self, *_args: Any) -> None:
        self.redraw()

    def on_turn_word(self, *_args: Any) -> None:
        self.redraw()

    def values(self) -> list[list[int]]:
        """One list of values per seat, oldest first."""
        if not self.samples:
            return []
        seats = len(self.samples[0].values(self.series))
        return [
            [(s.values(self.series) or (0,) * seats)[i] for s in self.samples] for i in range(seats)
        ]

    def turns(self) -> list[int]:
        return [s.turn for s in self.samples]

    def redraw(self) -> None:
        self.canvas.clear()
        per_seat = self.values()
        if not per_seat:
            return
        top = max(1, max(max(v) for v in per_seat))
        count = len(per_seat[0])
        step = self.width / max(1, count - 1)
        self._label_axes(top)
        with self.canvas:
            Color(0.3, 0.3, 0.35, 1)
            Line(points=[self.x, self.y, self.right, self.y], width=1)
            Line(points=[self.x, self.y, self.x, self.top], width=1)
            for i in range(count):  # a tick per turn
                x = self.x + i * step
                Line(points=[x, self.y, x, self.y - 4], width=1)
            for seat, vals in enumerate(per_seat):
                colour = self.colours[seat] if seat < len(self.colours) else (1, 1, 1, 1)
                Color(*colour)
                points: list[float] = []
                for i, v in enumerate(vals):
                    points += [self.x + i * step, self.y + self.height * v / top]
                if len(points) == 2:
                    points += [points[0] + 1, points[1]]
                Line(points=points, width=2)

    def _label_axes(self, top: int) -> None:
        """The top value at the left, and the first and last turn under the axis."""
        for child in list(self.children):
            self.remove_widget(child)
        turns = self.turns()
        marks = [(str(top), self.x - 36, self.top - 10), ("0", self.x - 36, self.y - 10)]
        if turns:
            word = self.turn_word.lower()
            marks.append((_turn(turns[0], word), self.x, self.y - 26))
            marks.append((_turn(turns[-1], word), self.right - 60, self.y - 26))
        for text, x, y in marks:
            self.add_widget(
                Label(
                    text=text,
                    pos=(x, y),
                    size=(60, 20),
                    font_size="15sp",  # the reading floor
                    color=(0.7, 0.7, 0.75, 1),
                )
            )


def _turn(turn: int, word: str = "turn") -> str:
    """A mark under the axis: a turn (a round), or the start (before the first: not "turn
    0")."""
    return f"{word} {turn}" if turn > 0 else "start"
