"""Offered when a scanned tag is not enrolled: say which card it is, or ignore it.

It is for the player whose reader read the tag (the acting player's, for a shared reader),
so it is turned to face them, as their panel is, and asks in their words: whose reader, never
the tag's number.
"""

from __future__ import annotations

from typing import Any

from kivy.core.window import Window
from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion_app.widgets.seat_panel import SeatTurner
from companion_app.widgets.seating import seat_frames
from engine.core.catalog import find_by_name


class EnrolFace(BoxLayout):
    """The question, the search, the card list and the answers (kv: widgets.kv)."""

    popup = ObjectProperty(None)


class EnrolPopup(ModalView):
    # Names every card (of the catalog, a deck): where no hidden card is told (issue 33).
    lists_every_card = True
    session = ObjectProperty(None, rebind=True)
    card_names = ListProperty([])
    title = StringProperty("")
    for_seat = NumericProperty(-1)  # whose reader read it (-1: nobody's in particular)
    rotation = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("auto_dismiss", False)
        kwargs.setdefault("size_hint", (None, None))
        super().__init__(**kwargs)
        self.face = EnrolFace(popup=self)
        self.turner = SeatTurner(panel=self.face)
        self.turner.add_widget(self.face)
        self.add_widget(self.turner)
        self.bind(pos=self._place, size=self._place, rotation=self._place)
        self._fit()

    def on_session(self, _inst: Any, session: Any) -> None:
        self.card_names = sorted(c.name for c in session.catalog.cards)
        seat_uid = session.unknown_tag
        seat = seat_uid[0] if seat_uid else None
        game = session.game
        if seat is None and game is not None:
            seat = session.adapter.reader_player(game)
        names = [v.name for v in session.seats]
        if seat is not None and 0 <= seat < len(names):
            self.for_seat = seat
            self.rotation = seat_frames(len(names), *Window.size)[seat].rotation
            self.title = f"A card Altar doesn't know yet on {names[seat]}'s reader: which is it?"
        else:
            self.title = "A card Altar doesn't know yet: which card is it?"
        self._fit()

    def _fit(self) -> None:
        """A face as wide as the short side allows, turned with its seat."""
        short = min(Window.size)
        face = (short * 0.92, short * 0.55)
        self.size = face if self.rotation in (0, 180) else (face[1], face[0])

    def on_open(self) -> None:
        # Issue 33: ModalView centres itself as it opens, after the face was placed for the
        # popup's old position: a face turned for a seat at a short edge stayed where the
        # popup had been, off the top of the window. Placed again where the popup now is.
        self._place()

    def _place(self, *_args: Any) -> None:
        self.turner.place(self.x, self.y, self.width, self.height, int(self.rotation))

    def search(self, words: str) -> None:
        """Narrow the list to the names holding every word typed (in any order)."""
        wanted = words.casefold().split()
        names = sorted(c.name for c in self.session.catalog.cards)
        self.card_names = [n for n in names if all(w in n.casefold() for w in wanted)]
        spinner = self.face.ids.card
        if len(self.card_names) == 1:
            spinner.text = self.card_names[0]
        elif spinner.text not in self.card_names:
            spinner.text = "Choose the card"

    def enrol(self, name: str) -> None:
        card = find_by_name(self.session.catalog, name)
        if card is None:
            self.face.ids.problem.text = "Choose a card from the list first."
            return
        if self.session.enrol_unknown(card.id):
            self.dismiss()

    def ignore(self) -> None:
        self.session.unknown_tag = None
        self.dismiss()
