"""A big number with minus and plus tap zones, the scoreboard's basic control.

Tap the left third for -1 and the right third for +1; hold for a step of 5. A tap in the
middle of a counter that toggles toggles it (``on_toggle`` with ``held=True``), unless the
counter asks for a hold (``hold_to_toggle``: a Zeal base, which a stray tap meant for a
neighbouring zone or a Pass that had just gone turned face down, issue 33): then only the
middle held toggles it, and a tap there reports ``held=False``, which picks the counter as a
target or says how to turn it. The tile only reports; the session decides what it means,
merges bursts and shows the preview, so the tile never holds game state of its own.

A tile too short for its title above its number (a base at 8 players, on a panel with a
decision), or one with a line of detail under its title (a character in play: "Combat 2 ·
attacks Dana"), is drawn in one row: its words at the left, wrapped and never cut, its
number (and the word under it, where there is room) at the right. A title too long for its
tile gives way to its short form ("Shade Ambusher" for "Shade Ambusher (sample)"), never cut
mid-word.
"""

from __future__ import annotations

import math
from typing import Any

from kivy.clock import Clock
from kivy.metrics import dp, sp
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    NumericProperty,
    StringProperty,
)
from kivy.uix.relativelayout import RelativeLayout

from companion_app.widgets.fit import fitting_size, line_width

LONG_PRESS_S = 0.45
LONG_STEP = 5
FLOOR_SP = 15  # the table's reading floor
VALUE_FLOOR_SP = 17  # a tile's number, at its smallest
# Below this height a title above its number is squeezed into the number: one row instead.
COMPACT_BELOW_SP = 50
BIG_SP = 28  # a big number's least size (the explorer's check_layout.BIG_FLOOR_SP)
SLACK_DP = 4  # a line measured this much short of its box: Kivy wraps it at its own measure
PAD_DP = 5  # between the words and the number of a tile in one row, and at its ends


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
    big = BooleanProperty(False)  # the seat's headline number: read from across the table
    short_title = StringProperty("")  # the title where the whole one does not fit
    detail = StringProperty("")  # a line under the title ("Combat 2 · attacks Dana")
    # Drawn by _arrange(): one row or a title above the number; the title shown (whole or
    # short); in one row, the words' share of the width, their size and the number's.
    compact = BooleanProperty(False)
    shown_title = StringProperty("")
    said = StringProperty("")  # the words of a tile in one row: title and detail
    words_share = NumericProperty(0.6)
    words_font = NumericProperty(15)
    value_font = NumericProperty(17)
    value_share = NumericProperty(0.3)
    note_shown = BooleanProperty(True)
    # A taller tile's title and the word under its number: as large as their tile's share,
    # smaller where that would cut the title or spill the word (down to the reading floor,
    # where the word wraps: Z-G's "out for the game" in a side seat's narrow Slagged tile).
    title_font = NumericProperty(15)
    note_font = NumericProperty(15)

    __events__ = ("on_step", "on_toggle")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._long_event: Any = None
        self._long_fired = False
        self.bind(
            size=self._arrange,
            title=self._arrange,
            short_title=self._arrange,
            detail=self._arrange,
            value=self._arrange,
            note=self._arrange,
            preview=self._arrange,
            big=self._arrange,
            font_scale=self._arrange,
        )
        self._arrange()

    def words(self, title: str | None = None, width: float | None = None) -> str:
        """What the tile's words say in one row: its title (or ``title``) and its detail, on
        one line where ``width`` holds both at the reading floor, else one above the other."""
        title = self.shown_title if title is None else title
        if not self.detail:
            return title
        one = f"{title} \u00b7 {self.detail}"
        if width is not None and line_width(one, sp(FLOOR_SP)) <= width - dp(SLACK_DP):
            return one
        return f"{title}\n{self.detail}"

    def title_for(self, width: float) -> str:
        """The whole title, or its short form where that takes fewer lines in ``width`` at
        the reading floor (the whole one would wrap, or push its detail to a line of its own)."""
        if not self.short_title:
            return self.title
        floor = sp(FLOOR_SP)

        def lines(title: str) -> float:
            said = self.words(title, width)
            return sum(
                1 + (line_width(line, floor) > width - dp(SLACK_DP)) for line in said.split("\n")
            )

        return self.short_title if lines(self.short_title) < lines(self.title) else self.title

    def _arrange(self, *_args: Any) -> None:
        """One row or a title above the number, by the tile's room; the title whole where it
        fits at the reading floor, else its short form."""
        w, h = self.width, self.height
        floor = sp(FLOOR_SP)
        # A big number too low for its title above it at 28 sp goes in one row with it.
        low_big = self.big and h * 0.5 < sp(BIG_SP)
        self.compact = bool(self.detail) or h < sp(COMPACT_BELOW_SP) or low_big
        if not self.compact:
            font = max(floor, min(h * 0.17, w * 0.16)) * self.font_scale
            room_w = w - dp(SLACK_DP)
            wide = line_width(self.title, font)
            if wide > room_w > 0:  # "Knocked down" at 4 seats: smaller, not cut
                font = max(min(font, floor), math.floor(font * room_w / wide))
            self.title_font = font
            whole = line_width(self.title, font) <= w
            self.shown_title = self.title if whole or not self.short_title else self.short_title
            said = self.preview or self.note
            largest = max(floor, min(h * 0.16, w * 0.16)) * self.font_scale
            self.note_font = fitting_size(
                said, room_w, h * 0.24, largest, min(largest, floor), bool(self.preview)
            )
            return
        pad = dp(PAD_DP)
        note = self.note if not self.preview else ""
        value_font = max(sp(VALUE_FLOOR_SP), min(h * 0.62, sp(30)))
        # The word under the number only where both stand one above the other.
        self.note_shown = bool(note) and h >= 1.15 * (value_font * 0.8 + floor) + pad
        if self.note_shown:
            value_font = max(sp(VALUE_FLOOR_SP), min((h - pad) / 1.15 - floor, sp(26)))
        # A preview ("+3 = 3") stands in the words' place while the taps are merged.
        number = max(
            line_width(self.value, value_font, True),
            line_width(note, floor) if self.note_shown else 0.0,
        )
        right = number + pad
        words_w = max(1.0, w - right - 3 * pad)
        room = h - dp(2)
        title = self.title_for(words_w)
        self.shown_title = title
        self.value_font = value_font
        self.words_share = words_w / w if w > 0 else 0.6
        self.value_share = right / w if w > 0 else 0.3
        self.said = self.words(title, words_w)
        # As large as keeps each line whole on one line; wrapped only at the reading floor.
        lines = self.said.split("\n")
        longest = max([line_width(line, floor) for line in lines] + [1.0])
        whole = math.floor(floor * (words_w - dp(SLACK_DP)) / longest)
        largest = min(sp(22), room / (1.2 * len(lines) + 0.05), max(floor, whole))
        said = self.preview or self.said
        self.words_font = fitting_size(said, words_w, room, largest, floor, bool(self.preview))

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
