"""The end of a game, on the table for every seat: the winner, the reason and the way on (the
summary, a new game), drawn twice, each copy facing one long edge of the table.

The band in the middle stays uncovered and keeps its buttons where they were: a finger
reaching for Undo after the last move finds Undo, never "New game".
"""

from __future__ import annotations

from typing import Any

from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout

from companion_app.widgets.seat_panel import SeatTurner
from companion_app.widgets.seating import SeatFrame
from companion_app.widgets.two_sided import edge_turns


class WinnerFace(BoxLayout):
    """One copy of the banner (kv: widgets.kv)."""

    banner = ObjectProperty(None)


class WinnerBanner(FloatLayout):
    headline = StringProperty("")  # "Alena wins!"
    reason = StringProperty("")  # the game's words

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.turners: list[SeatTurner] = []
        for _ in range(2):
            face = WinnerFace(banner=self)
            turner = SeatTurner(panel=face)
            turner.add_widget(face)
            self.add_widget(turner)
            self.turners.append(turner)
        self._band: tuple[float, float, float, float] = (0, 0, 0, 0)

    def place_around(self, band: SeatFrame, width: float, height: float) -> None:
        """Cover the table but the band: a copy on each side of it, facing that side."""
        self.size_hint = (None, None)
        self.pos, self.size = (0, 0), (width, height)
        near, far = edge_turns(width, height)
        bx, by, bw, bh = band.x, band.y, band.box_width, band.box_height
        self._band = (bx, by, bx + bw, by + bh)
        near_turner, far_turner = self.turners
        if width >= height:  # below the band reads from the bottom edge
            near_turner.place(0, 0, width, by, near)
            far_turner.place(0, by + bh, width, height - by - bh, far)
        else:  # right of the band reads from the right edge
            near_turner.place(bx + bw, 0, width - bx - bw, height, near)
            far_turner.place(0, 0, bx, height, far)

    def _in_band(self, pos: tuple[float, float]) -> bool:
        x0, y0, x1, y1 = self._band
        return x0 <= pos[0] <= x1 and y0 <= pos[1] <= y1

    def on_touch_down(self, touch: Any) -> bool:
        if self._in_band(touch.pos):
            return False  # the band's own buttons (Undo) take it, where they always were
        super().on_touch_down(touch)
        return True  # the seats under the banner take no taps until someone moves on
