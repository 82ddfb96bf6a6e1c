"""Choosing a target, in front of the player who chooses: one button per thing the engine
allows (also picked by tapping it on the table or scanning its card), "No target" where the
rules allow playing without one, and Cancel."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ObjectProperty
from kivy.uix.floatlayout import FloatLayout


class TargetPicker(FloatLayout):
    request = ObjectProperty(None, allownone=True)  # TargetRequest
    # Too short for its question, a row of targets and Cancel one above the other (a short
    # seat at 8 players: the rows were a sliver no tap could find): Cancel goes beside the
    # rows (kv), which keep a whole row in view. The picker keeps the small counters' room
    # only, so the seat's big number stays in view (a floor on its height hid it at 2).
    compact = BooleanProperty(False)

    def on_kv_post(self, _base: Any) -> None:
        self.bind(height=self._fit)
        self.ids.prompt.bind(height=self._fit)
        self.ids.cancel.bind(texture_size=self._fit)

    def _fit(self, *_args: Any) -> None:
        stacked = self.ids.prompt.height + dp(44) + max(dp(36), self.height * 0.14) + dp(12)
        self.compact = compact = self.height * 0.92 < stacked
        cancel = self.ids.cancel
        # Set here, not in kv: a width the stacked layout gave it would otherwise stay.
        cancel.size_hint_x = None if compact else 1
        cancel.width = max(dp(96), cancel.texture_size[0] + dp(24))
        cancel.height = dp(44) if compact else max(dp(36), self.height * 0.14)

    __events__ = ("on_pick", "on_cancel")

    def on_request(self, *_args: Any) -> None:
        box = self.ids.options
        box.clear_widgets()
        request = self.request
        if request is None:
            return
        for index, option in enumerate(request.options):
            button = Factory.PickButton(text=option.label)
            button.bind(on_release=lambda _b, i=index: self.dispatch("on_pick", i))
            box.add_widget(button)
        if request.optional:
            button = Factory.PickButton(text=request.none_label)
            button.background_color = (0.3, 0.3, 0.35, 1)
            button.bind(on_release=lambda _b: self.dispatch("on_pick", None))
            box.add_widget(button)

    def on_pick(self, index: int | None) -> None:
        pass

    def on_cancel(self) -> None:
        pass
