"""One player's panel: name, devotion (current and maximum) and six bases, facing its player.

The panel renders a ``SeatView`` and reports taps upward as (what, index, delta); it keeps no
game state. ``SeatTurner`` is the Scatter that turns a panel to face its edge of the table and
maps touches into the panel's own upright coordinates.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    DictProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.scatter import Scatter

from companion_app.views import SeatView
from companion_app.widgets.counter import CounterTile

BASES = 6


class SeatPanel(BoxLayout):
    view = ObjectProperty(None, allownone=True)
    colour = ColorProperty([0.5, 0.5, 0.5, 1])
    active = BooleanProperty(False)
    priority = BooleanProperty(False)
    eliminated = BooleanProperty(False)
    previews = DictProperty({})  # "seat:what:index" -> preview text, from the session
    base_tiles = ListProperty([])
    seat = NumericProperty(0)
    card = ObjectProperty(None, allownone=True)  # CardView scanned in front of this seat

    __events__ = ("on_nudge", "on_toggle_base", "on_card_play", "on_card_dismiss")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        tiles = []
        for i in range(BASES):
            tile = CounterTile(title=f"Base {i + 1}", toggles=True)
            tile.bind(on_step=lambda _t, d, i=i: self.dispatch("on_nudge", "base_damage", i, d))
            tile.bind(on_toggle=lambda _t, i=i: self.dispatch("on_toggle_base", i))
            self.ids.bases.add_widget(tile)
            tiles.append(tile)
        self.base_tiles = tiles
        self.ids.devotion.bind(on_step=lambda _t, d: self.dispatch("on_nudge", "devotion", 0, d))
        self.ids.max_devotion.bind(
            on_step=lambda _t, d: self.dispatch("on_nudge", "max_devotion", 0, d)
        )

    def on_view(self, _inst: Any, view: SeatView | None) -> None:
        if view is None:
            return
        self.seat = view.seat
        self.colour = view.colour
        self.active = view.active
        self.priority = view.priority
        self.eliminated = view.eliminated
        self.ids.devotion.value = str(view.devotion)
        self.ids.max_devotion.value = str(view.max_devotion)
        for tile, base in zip(self.base_tiles, view.bases, strict=False):
            tile.value = str(base.damage)
            tile.title = f"Def {base.defense}"
            tile.dimmed = not base.face_up
        self._show_previews()

    def on_previews(self, *_args: Any) -> None:
        self._show_previews()

    def _show_previews(self) -> None:
        seat = self.seat
        self.ids.devotion.preview = self.previews.get(f"{seat}:devotion:0", "")
        self.ids.max_devotion.preview = self.previews.get(f"{seat}:max_devotion:0", "")
        for i, tile in enumerate(self.base_tiles):
            tile.preview = self.previews.get(f"{seat}:base_damage:{i}", "")

    def on_nudge(self, what: str, index: int, delta: int) -> None:
        pass

    def on_toggle_base(self, index: int) -> None:
        pass

    def on_card_play(self) -> None:
        pass

    def on_card_dismiss(self) -> None:
        pass


class SeatTurner(Scatter):
    """Holds one SeatPanel turned by ``rotation`` degrees; never moved by touches."""

    panel = ObjectProperty(None)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("do_rotation", False)
        kwargs.setdefault("do_scale", False)
        kwargs.setdefault("do_translation", False)
        kwargs.setdefault("auto_bring_to_front", False)
        super().__init__(**kwargs)

    def place(self, x: float, y: float, box_w: float, box_h: float, rotation: int) -> None:
        """Put the panel in the box (window coordinates), turned to face its edge."""
        turned = rotation in (90, 270)
        w, h = (box_h, box_w) if turned else (box_w, box_h)
        self.rotation = 0
        self.size = (w, h)
        if self.panel is not None:
            self.panel.size = (w, h)
            self.panel.pos = (0, 0)
        self.rotation = rotation
        self.center = (x + box_w / 2, y + box_h / 2)
