"""Asks before something that can't be taken back at a tap (leaving the app, a new game over
one in progress, ending a game by hand): the question in words, and two plain answers, drawn
twice so both long edges of the table read it (two_sided.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion_app.widgets.two_sided import TwoSided


class ConfirmFace(BoxLayout):
    """One copy of the question and its answers (kv: widgets.kv)."""

    popup = ObjectProperty(None)


class ConfirmPopup(ModalView):
    question = StringProperty("")
    yes_text = StringProperty("Yes")
    no_text = StringProperty("No")

    def __init__(self, on_yes: Callable[[], object], **kwargs: Any) -> None:
        on_no = kwargs.pop("on_no", None)
        super().__init__(**kwargs)
        self._on_yes = on_yes
        self._on_no = on_no
        self.add_widget(TwoSided(lambda: ConfirmFace(popup=self)))

    def answer(self, yes: bool) -> None:
        self.dismiss()
        if yes:
            self._on_yes()
        elif self._on_no is not None:
            self._on_no()
