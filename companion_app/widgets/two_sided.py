"""Something for everyone at the table, drawn twice: one copy facing each long edge.

Players sit round a tablet lying flat, so a notice, a question or the end of a game drawn
once reads upside down for half of them. ``TwoSided`` holds two copies of the same content
(each made by ``make()``), each in a ``SeatTurner`` in its half of the box, turned to its
edge: bottom and top in landscape, right and left in portrait (as seating.py turns seats).
A tap on either copy's button does the same thing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.floatlayout import FloatLayout
from kivy.uix.widget import Widget

from companion_app.widgets.seat_panel import SeatTurner


def edge_turns(width: float, height: float) -> tuple[int, int]:
    """(near, far) rotations of the long edges: as seating.py turns the seats there."""
    return (0, 180) if width >= height else (90, 270)


class TwoSided(FloatLayout):
    def __init__(self, make: Callable[[], Widget], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.faces = [make(), make()]
        self.turners = []
        for face in self.faces:
            turner = SeatTurner(panel=face)
            turner.add_widget(face)
            self.add_widget(turner)
            self.turners.append(turner)
        self.bind(pos=self._place, size=self._place)

    def _place(self, *_args: Any) -> None:
        x, y, w, h = self.x, self.y, self.width, self.height
        near, far = edge_turns(w, h)
        near_turner, far_turner = self.turners
        if w >= h:  # halves: the bottom one reads from the bottom edge
            near_turner.place(x, y, w, h / 2, near)
            far_turner.place(x, y + h / 2, w, h / 2, far)
        else:  # halves: the right one reads from the right edge
            near_turner.place(x + w / 2, y, w / 2, h, near)
            far_turner.place(x, y, w / 2, h, far)
