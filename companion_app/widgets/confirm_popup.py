"""Asks before something that can't be taken back at a tap (leaving the app, a new game over
one in progress): the question in words, and two plain answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.properties import StringProperty
from kivy.uix.popup import Popup


class ConfirmPopup(Popup):
    question = StringProperty("")
    yes_text = StringProperty("Yes")
    no_text = StringProperty("No")

    def __init__(self, on_yes: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_yes = on_yes

    def answer(self, yes: bool) -> None:
        self.dismiss()
        if yes:
            self._on_yes()
