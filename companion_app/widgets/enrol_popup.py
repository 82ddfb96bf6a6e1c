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
        self.card_names = sorted(c.name for c in session.catalog.cards)
        # In players' words: whose reader, never the tag's number.
        seat_uid = session.unknown_tag
        seat = seat_uid[0] if seat_uid else None
        names = [v.name for v in session.seats]
        where = f"on {names[seat]}'s reader" if seat is not None and seat < len(names) else ""
        self.title = f"A card Altar doesn't know yet {where}: which card is it?".replace(
            "  ", " "
        ).replace(" :", ":")

    def search(self, words: str) -> None:
        """Narrow the list to the names holding every word typed (in any order)."""
        wanted = words.casefold().split()
        names = sorted(c.name for c in self.session.catalog.cards)
        self.card_names = [n for n in names if all(w in n.casefold() for w in wanted)]
        spinner = self.ids.card
        if len(self.card_names) == 1:
            spinner.text = self.card_names[0]
        elif spinner.text not in self.card_names:
            spinner.text = "Choose the card"

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
