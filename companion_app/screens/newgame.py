"""New game: the game, 2 to 8 players with names and colours, decks, then the first player.

Seats follow the order of the rows: seat 1 sits at the bottom edge of the tablet and the
others follow clockwise (see seating.py). The first player is drawn by the engine from the
seed; the screen only shows it with a short ceremony.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion_app.views import SEAT_COLOURS
from engine.errors import IllegalAction
from engine.zeal import cult_deck

DEFAULT_NAMES = ("Alena", "Anton", "Bea", "Carl", "Dana", "Emil", "Fay", "Gus")
NO_DECK = "Hidden hand (no list)"


class PlayerRow(BoxLayout):
    seat = NumericProperty(0)
    colour_index = NumericProperty(0)
    deck_names = ListProperty([NO_DECK])

    screen = ObjectProperty(None)

    def next_colour(self) -> None:
        self.colour_index = (self.colour_index + 1) % len(SEAT_COLOURS)


class NewGameScreen(Screen):
    session = ObjectProperty(None, rebind=True)
    players = NumericProperty(2)
    game_name = StringProperty("Zeal")
    error = StringProperty("")
    ceremony = StringProperty("")
    rows = ListProperty([])

    def on_kv_post(self, *_args: Any) -> None:
        self._sync_rows()

    def on_players(self, *_args: Any) -> None:
        self._sync_rows()

    def set_players(self, count: int) -> None:
        self.players = max(2, min(8, count))

    def deck_choices(self) -> list[str]:
        """Decks from the catalog: one per cult, or no list (the physical-table mode)."""
        if self.session is None:
            return [NO_DECK]
        cults = sorted({c.cult for c in self.session.catalog.cards if c.cult})
        return [NO_DECK] + [f"{cult} deck" for cult in cults]

    def _sync_rows(self) -> None:
        box = self.ids.get("rows")
        if box is None:
            return
        rows = list(self.rows)
        while len(rows) < self.players:
            seat = len(rows)
            row = PlayerRow(seat=seat, colour_index=seat, screen=self)
            row.ids.name.text = DEFAULT_NAMES[seat]
            row.deck_names = self.deck_choices()
            rows.append(row)
        rows = rows[: self.players]
        box.clear_widgets()
        for row in rows:
            box.add_widget(row)
        self.rows = rows

    def move_up(self, seat: int) -> None:
        """Swap this player with the one before: seats go clockwise from the bottom right, so
        the order of the rows is where everyone sits."""
        if not 0 < seat < len(self.rows):
            return
        a, b = self.rows[seat - 1], self.rows[seat]
        a.ids.name.text, b.ids.name.text = b.ids.name.text, a.ids.name.text
        a.colour_index, b.colour_index = b.colour_index, a.colour_index
        a.ids.deck.text, b.ids.deck.text = b.ids.deck.text, a.ids.deck.text

    def _deck(self, choice: str) -> tuple[str, ...]:
        if choice == NO_DECK or self.session is None:
            return ()
        return cult_deck(self.session.catalog, choice.removesuffix(" deck"))

    def start(self, seed: int | None = None) -> bool:
        names = [row.ids.name.text for row in self.rows]
        colours = [row.colour_index for row in self.rows]
        if len(set(colours)) != len(colours):
            self.error = "Two seats share a colour: tap a colour to change it."
            return False
        if len({n.strip().lower() for n in names}) != len(names):
            self.error = "Two players share a name: give each a different one."
            return False
        decks = [self._deck(row.ids.deck.text) for row in self.rows]
        try:
            self.session.start_new(names, colours, decks, seed=seed)
        except (IllegalAction, ValueError) as e:
            self.error = str(e)
            return False
        self.error = ""
        self._ceremony(names, self.session.game.state.active)
        return True

    def _ceremony(self, names: list[str], first: int) -> None:
        """A short spin through the names that lands on the engine's first player."""
        spins = list(range(len(names))) * 2 + list(range(first + 1))
        self.ceremony = ""

        def tick(_dt: float) -> bool:
            if not spins:
                self.ceremony = f"{names[first]} goes first!"
                Clock.schedule_once(lambda _dt: App.get_running_app().show("scoreboard"), 1.0)
                return False
            self.ceremony = names[spins.pop(0)]
            return True

        Clock.schedule_interval(tick, 0.07)
