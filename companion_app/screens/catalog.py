"""Catalog and tags: browse the cards, import a catalog file, enrol a deck's tags.

Enrolling: choose the deck, tap "Enrol", then put each card's tag on a reader in turn; each
scan of an unknown tag is bound to the next card (hardware.registry.TagRegistry keeps them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion_app.commands.args import CATALOG_LIMIT, BadInput, read_text_file


class CatalogScreen(Screen):
    # Names every card (of the catalog, a deck): where no hidden card is told (issue 33).
    lists_every_card = True
    session = ObjectProperty(None, rebind=True)
    lines = ListProperty([])
    filter_text = StringProperty("")
    status = StringProperty("")
    enrol_total = NumericProperty(0)
    enrol_done = NumericProperty(0)
    cults = ListProperty([])

    def on_pre_enter(self, *_args: Any) -> None:
        self.refresh()

    def refresh(self) -> None:
        adapter = self.session.adapter
        self.cults = list(adapter.decks(self.session.catalog))  # the game's named decks
        if self.cults and self.ids.enrol_cult.text not in self.cults:
            self.ids.enrol_cult.text = self.cults[0]
        words = self.filter_text.lower().split()
        cards = sorted(self.session.catalog.cards, key=lambda c: c.name)
        shown = []
        for card in cards:
            view = adapter.card_view(card, 0, None)
            line = f"{card.name}  [{view.kind}]  cost {view.cost}  {view.stats}".rstrip()
            hay = f"{line} {' '.join(view.keywords)}".lower()
            if all(w in hay for w in words):
                shown.append(line)
        self.lines = shown
        self.ids.cards.text = "\n".join(shown[:200]) or "No card matches."
        self.status = f"{len(shown)} of {len(cards)} cards"

    def import_file(self, path_text: str) -> bool:
        path = Path(path_text.strip()).expanduser()
        try:  # an ordinary UTF-8 file of at most 4 MB, or words saying why not (issue 22)
            text = read_text_file(path, CATALOG_LIMIT)
        except BadInput as e:
            self.status = str(e)
            return False
        try:
            extra = self.session.adapter.engine.load_catalog(text, str(path))
        except ValueError as e:  # each game's CatalogError is a ValueError naming the field
            self.status = str(e)
            return False
        except RecursionError:  # Python's TOML reader recurses once a nesting level
            self.status = f"{path}: arrays or tables are nested too deeply to be a catalog"
            return False
        merge = getattr(self.session.catalog, "merged", None)
        if merge is None:
            self.status = "This game's catalog can't take more cards."
            return False
        self.session.catalog = merge(extra.cards)
        self.refresh()
        self.status = f"Imported {len(extra.cards)} cards from {path.name}"
        return True

    def start_enrolment(self, deck: str) -> None:
        link = App.get_running_app().hardware_link
        if link is None:
            self.status = (
                "No device is connected: connect one (or use the simulator) to enrol tags."
            )
            return
        cards = list(self.session.adapter.decks(self.session.catalog).get(deck, ()))
        if not cards:
            self.status = f"No cards in {deck}."
            return
        link.start_enrolment(cards, self._enrol_progress)
        self.enrol_total, self.enrol_done = len(cards), 0
        self.status = f"Put the tag of {self._name(cards[0])} on a reader"

    def _enrol_progress(self, done: int, total: int, next_card: str | None) -> None:
        self.enrol_done, self.enrol_total = done, total
        self.status = (
            f"Enrolled {done} of {total}: now put the tag of {self._name(next_card)} on a reader"
            if next_card
            else f"All {total} tags enrolled"
        )

    def _name(self, card_id: str) -> str:
        try:
            return str(self.session.catalog.get(card_id).name)
        except KeyError:
            return card_id

    def back(self) -> None:
        App.get_running_app().show("scoreboard")
