"""A big number with minus and plus tap zones, the scoreboard's basic control.

Tap the left third for -1 and the right third for +1; hold for a step of 5. A tap in the
middle of a counter that toggles toggles it (``on_toggle`` with ``held=True``), unless the
counter asks for a hold (``hold_to_toggle``: a Zeal base, which a stray tap meant for a
neighbouring zone or a Pass that had just gone turned face down, issue 33): then only the
middle held toggles it, and a tap there reports ``held=False``, which picks the counter as a
target or says how to turn it. The tile only reports; the session decides what it means,
merges bursts and shows the preview, so the tile never holds game state of its own.
"""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    NumericProperty,
    StringProperty,
)
from kivy.uix.relativelayout import RelativeLayout

LONG_PRESS_S = 0.45
LONG_STEP = 5


class CounterTile(RelativeLayout):
    title = StringProperty("")
    value = StringProperty("0")
    preview = StringProperty("")
    note = StringProperty("")  # what the number is, under it ("damage"), when no preview shows
    accent = ColorProperty([0.9, 0.9, 0.9, 1])
    dimmed = BooleanProperty(False)
    # The middle third: "toggle" (bases turn face up or down), when enabled; held, where
    # the counter asks for a hold.
    toggles = BooleanProperty(False)
    hold_to_toggle = BooleanProperty(False)
    font_scale = NumericProperty(1.0)
    pressed_side = NumericProperty(0)  # -1, 0 (middle) or +1 while a finger is down

    __events__ = ("on_step", "on_toggle")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._long_event: Any = None
        self._long_fired = False

    def side_of(self, local_x: float) -> int:
        third = self.width / 3
        if local_x < third:
            return -1
        if local_x > 2 * third:
            return 1
        return 0

    def on_touch_down(self, touch: Any) -> bool:
        if not self.collide_point(*touch.pos) or self.dimmed:
            return False
        touch.grab(self)
        # touch.pos is in the parent's coordinates here, before RelativeLayout shifts it.
        local_x = touch.x - self.x
        self.pressed_side = self.side_of(local_x)
        self._long_fired = False
        if self.pressed_side or (self.toggles and self.hold_to_toggle):
            self._long_event = Clock.schedule_once(self._long_press, LONG_PRESS_S)
        return True

    def _long_press(self, _dt: float) -> None:
        self._long_fired = True
        if self.pressed_side:
            self.dispatch("on_step", self.pressed_side * LONG_STEP)
        else:
            self.dispatch("on_toggle", True)

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is not self:
            return False
        touch.ungrab(self)
        if self._long_event is not None:
            self._long_event.cancel()
            self._long_event = None
        side = self.pressed_side
        self.pressed_side = 0
        if self._long_fired:
            return True
        if side:
            self.dispatch("on_step", side)
        elif self.toggles:
            self.dispatch("on_toggle", not self.hold_to_toggle)
        return True

    def on_step(self, delta: int) -> None:
        """Default handler: the screen binds its own."""

    def on_toggle(self, held: bool) -> None:
        """Default handler: the screen binds its own. ``held``: the middle was held (turn
        it), not only tapped (pick it, or say how to turn it)."""
