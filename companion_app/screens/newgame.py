"""New game: the game, 2 to 8 players with names and colours, decks, then the first player.

Seats follow the order of the rows: seat 1 sits at the bottom edge of the tablet and the
others follow clockwise (see seating.py). The first player is drawn by the engine from the
seed; the screen only shows it with a short ceremony.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.spinner import Spinner
from kivy.uix.textinput import TextInput

from companion_app.games import playable
from companion_app.games.base import SetupField
from companion_app.session.views import SEAT_COLOURS
from engine.errors import IllegalAction

DEFAULT_NAMES = ("Alena", "Anton", "Bea", "Carl", "Dana", "Emil", "Fay", "Gus")
# The table's usual way: real cards, no deck list; the tablet learns each card when scanned.
NO_DECK = "Own cards (no list)"
HELP = 'Deck: "Own cards" plays your physical deck as it is; a named deck also checks its list.'


class PlayerRow(BoxLayout):
    seat = NumericProperty(0)
    colour_index = NumericProperty(0)
    deck_names = ListProperty([NO_DECK])
    option_names = ListProperty([])  # the game's per-player choice (a god, a figure), if any
    option_default = StringProperty("")

    screen = ObjectProperty(None)

    def next_colour(self) -> None:
        self.colour_index = (self.colour_index + 1) % len(SEAT_COLOURS)


class NewGameScreen(Screen):
    session = ObjectProperty(None, rebind=True)
    players = NumericProperty(2)
    game_name = StringProperty("Zeal")
    game_titles = ListProperty([])
    help_text = StringProperty(HELP)
    error = StringProperty("")
    ceremony = StringProperty("")
    rows = ListProperty([])
    min_players = NumericProperty(2)
    max_players = NumericProperty(8)
    # The game's seed when set (a replayed exploration); None: drawn from the time.
    seed = ObjectProperty(None, allownone=True)

    def on_kv_post(self, *_args: Any) -> None:
        self.game_titles = [title for _kind, title in playable()]
        self._sync_rows()

    def on_pre_enter(self, *_args: Any) -> None:
        """A new setup: the last game's "X goes first!" is not this one's."""
        self.ceremony = ""
        self.error = ""

    def on_session(self, *_args: Any) -> None:
        if self.session is not None:
            self.game_name = self.session.adapter.engine.title
            self._game_changed()

    def pick_game(self, title: str) -> None:
        """The game spinner: set up rows and fields for the chosen game."""
        kind = next((k for k, t in playable() if t == title), None)
        if kind is None or self.session is None:
            return
        if kind != self.session.kind:
            self.session.choose_game(kind)
        self._game_changed()

    def _game_changed(self) -> None:
        engine = self.session.adapter.engine
        self.min_players, self.max_players = engine.min_players, engine.max_players
        self.players = max(engine.min_players, min(engine.max_players, self.players))
        # "+" at the game's most players is disabled, and the line says why.
        count = (
            f"{engine.min_players} players"
            if engine.min_players == engine.max_players
            else f"{engine.min_players} to {engine.max_players} players"
        )
        self.help_text = f"{engine.title} is for {count}. {HELP}"
        decks = self.deck_choices()
        per_player = self._per_player_field()
        for row in self.rows:
            row.deck_names = decks
            row.ids.deck.text = decks[0]
            row.option_names = list(per_player.choices) if per_player else []
            row.option_default = per_player.default if per_player else ""
            row.ids.option.text = row.option_default
        self._build_options()

    def _per_player_field(self) -> SetupField | None:
        if self.session is None:
            return None
        fields = [f for f in self.session.adapter.setup_fields() if f.per_player and f.choices]
        return fields[0] if fields else None

    def _build_options(self) -> None:
        """The game's table-wide setup fields: a spinner for a choice, a box for a number."""
        box = self.ids.get("options")
        if box is None or self.session is None:
            return
        box.clear_widgets()
        self._option_inputs: dict[str, Any] = {}
        for f in self.session.adapter.setup_fields():
            if f.per_player:
                continue
            # Each field its own pair, the label given room to be read whole (it wraps
            # rather than being cut, and its input never covers it).
            pair = BoxLayout(spacing=dp(6))
            label = Label(text=f.label, font_size="16sp", size_hint_x=0.55, halign="right")
            label.bind(size=lambda lab, size: setattr(lab, "text_size", (size[0], None)))
            pair.add_widget(label)
            widget: Any
            if f.choices:
                widget = Spinner(text=f.default, values=list(f.choices), font_size="16sp")
            else:
                widget = TextInput(
                    text=f.default, multiline=False, input_filter="int", font_size="16sp"
                )
            widget.size_hint_x = 0.45
            pair.add_widget(widget)
            box.add_widget(pair)
            self._option_inputs[f.key] = widget
        self._fit_options()

    def on_size(self, *_args: Any) -> None:
        self._fit_options()

    def _fit_options(self) -> None:
        """Two fields a row in landscape, one in portrait; as many rows as they need."""
        box = self.ids.get("options")
        if box is None:
            return
        box.cols = 2 if self.width > self.height else 1
        rows = -(-len(box.children) // box.cols)
        box.height = rows * dp(50)

    def on_players(self, *_args: Any) -> None:
        self._sync_rows()

    def set_players(self, count: int) -> None:
        low, high = 2, 8
        if self.session is not None:
            engine = self.session.adapter.engine
            low, high = engine.min_players, engine.max_players
        self.players = max(low, min(high, count))

    def deck_choices(self) -> list[str]:
        """The game's named decks (Zeal's cult decks ...), or no list (the table's way)."""
        if self.session is None:
            return [NO_DECK]
        return [NO_DECK, *self.session.adapter.decks(self.session.catalog)]

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
            per_player = self._per_player_field()
            if per_player is not None:
                row.option_names = list(per_player.choices)
                row.option_default = per_player.default
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
        return self.session.adapter.decks(self.session.catalog).get(choice, ())

    def options(self) -> dict[str, Any]:
        """The game's setup fields as entered: per-player ones as a list by seat."""
        out: dict[str, Any] = {}
        per_player = self._per_player_field()
        if per_player is not None:
            out[per_player.key] = [row.ids.option.text for row in self.rows]
        for key, widget in getattr(self, "_option_inputs", {}).items():
            out[key] = widget.text
        return out

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
        if seed is None:
            seed = self.seed
        try:
            self.session.start_new(names, colours, decks, seed=seed, options=self.options())
        except (IllegalAction, ValueError) as e:
            self.error = str(e)
            return False
        self.error = ""
        first = self.session.game.status().active
        self._ceremony(names, first if first is not None else 0)
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
