"""Choosing a target, in front of the player who chooses: one button per thing the engine
allows (also picked by tapping it on the table or scanning its card), "No target" where the
rules allow playing without one, and Cancel."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import ObjectProperty
from kivy.uix.floatlayout import FloatLayout


class TargetPicker(FloatLayout):
    request = ObjectProperty(None, allownone=True)  # TargetRequest

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
