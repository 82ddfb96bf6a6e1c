"""A scanned card shown in front of its player: cost, combat, keywords, text, and verdict.

Green when the engine says it can be played now, red with the engine's reason when not. A
long press on a keyword shows its glossary text.
"""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.button import Button
from kivy.uix.floatlayout import FloatLayout

LONG_PRESS_S = 0.45


class KeywordChip(Button):
    """A keyword: tap does nothing surprising; a long press explains it."""

    keyword = StringProperty("")

    __events__ = ("on_explain",)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._event: Any = None

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos):
            self._event = Clock.schedule_once(lambda _dt: self.dispatch("on_explain"), LONG_PRESS_S)
        return bool(super().on_touch_down(touch))

    def on_touch_up(self, touch: Any) -> bool:
        if self._event is not None:
            self._event.cancel()
            self._event = None
        return bool(super().on_touch_up(touch))

    def on_explain(self) -> None:
        pass


class CardPanel(FloatLayout):
    card = ObjectProperty(None, allownone=True)  # CardView
    explanation = StringProperty("")

    __events__ = ("on_play", "on_dismiss")

    def on_card(self, _inst: Any, card: Any) -> None:
        self.explanation = ""
        box = self.ids.keywords
        box.clear_widgets()
        if card is None:
            return
        for word in card.keywords:
            chip = KeywordChip(text=word, keyword=word)
            chip.bind(on_explain=self._explain)
            box.add_widget(chip)

    def _explain(self, chip: KeywordChip) -> None:
        from kivy.app import App

        adapter = App.get_running_app().session.adapter
        self.explanation = f"{chip.keyword}: {adapter.glossary(chip.keyword)}"

    def on_play(self) -> None:
        pass

    def on_dismiss(self) -> None:
        pass
