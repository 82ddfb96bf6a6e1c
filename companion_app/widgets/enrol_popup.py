"""Offered when a scanned tag is not enrolled: say which card it is, or ignore it."""

from __future__ import annotations

from typing import Any

from kivy.properties import ListProperty, ObjectProperty
from kivy.uix.popup import Popup

from companion_app.games.base import find_by_name


class EnrolPopup(Popup):
    session = ObjectProperty(None, rebind=True)
    card_names = ListProperty([])

    def on_session(self, _inst: Any, session: Any) -> None:
        self.card_names = [c.name for c in session.catalog.cards]
        seat_uid = session.unknown_tag
        self.title = f"New tag {seat_uid[1] if seat_uid else ''}: which card is it?"

    def enrol(self, name: str) -> None:
        card = find_by_name(self.session.catalog, name)
        if card is None:
            self.ids.problem.text = "Choose a card from the list first."
            return
        if self.session.enrol_unknown(card.id):
            self.dismiss()

    def ignore(self) -> None:
        self.session.unknown_tag = None
        self.dismiss()
