"""A small line plot of devotion and standing bases over the turns, one colour per seat."""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Line
from kivy.properties import ListProperty, StringProperty
from kivy.uix.widget import Widget


class HistoryPlot(Widget):
    samples = ListProperty([])  # list[HistorySample]
    colours = ListProperty([])  # per seat
    series = StringProperty("devotion")  # "devotion" or "bases_up"

    def on_samples(self, *_args: Any) -> None:
        self.redraw()

    def on_size(self, *_args: Any) -> None:
        self.redraw()

    def on_pos(self, *_args: Any) -> None:
        self.redraw()

    def values(self) -> list[list[int]]:
        """One list of values per seat, oldest first."""
        if not self.samples:
            return []
        seats = len(getattr(self.samples[0], self.series))
        return [[getattr(s, self.series)[i] for s in self.samples] for i in range(seats)]

    def redraw(self) -> None:
        self.canvas.clear()
        per_seat = self.values()
        if not per_seat:
            return
        top = max(1, max(max(v) for v in per_seat))
        count = len(per_seat[0])
        step = self.width / max(1, count - 1)
        with self.canvas:
            Color(0.3, 0.3, 0.35, 1)
            Line(points=[self.x, self.y, self.right, self.y], width=1)
            for seat, vals in enumerate(per_seat):
                colour = self.colours[seat] if seat < len(self.colours) else (1, 1, 1, 1)
                Color(*colour)
                points: list[float] = []
                for i, v in enumerate(vals):
                    points += [self.x + i * step, self.y + self.height * v / top]
                if len(points) == 2:
                    points += [points[0] + 1, points[1]]
                Line(points=points, width=2)
