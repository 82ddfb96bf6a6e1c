"""A full-screen page that faces a seat: the menu, the log and the history open turned to the
player who acts now (the one most likely to have reached for them), and "Turn" hands them on
to the next edge of the table, so whoever reads them can read them the right way up.

The page's kv wraps its content in a ``SeatTurner`` with id ``turner`` whose ``panel`` is the
content; this class only works out which way it turns. It knows no game: the seat comes from
the engine's ``acting_player()`` and the turn from the table's own seat frames. A page for
people who are not the game's seats (the tournament's drafters) says how many sit round the
table (``seat_count``) and whom to face (``seat_to_face``). A page that follows the game
says what it does when the game changes while it shows (``game_moved``).
"""

from __future__ import annotations

from typing import Any

from kivy.properties import NumericProperty, ObjectProperty
from kivy.uix.screenmanager import Screen

from companion_app.widgets.seating import seat_frames


class FacingScreen(Screen):
    session = ObjectProperty(None, rebind=True)
    facing = NumericProperty(-1)  # the seat the page faces (-1: upright, no game)

    def on_pre_enter(self, *_args: Any) -> None:
        self.face_decider()

    def on_session(self, _inst: Any, session: Any) -> None:
        if session is not None:
            session.bind(revision=lambda *_a: self._revised())

    def _revised(self) -> None:
        if self.manager is not None and self.manager.current == self.name:
            if self.seat_to_face() != self._decider:
                # Issue 33: the decision passed to another seat (a sabotage window opens for
                # the opponent, the component order is the performer's): the page follows.
                self.face_decider()
            self.game_moved()

    def game_moved(self) -> None:
        """The game changed while the page shows: a page that follows the game (a game's
        assistant) redraws here, or goes back to the table; the others have nothing to do."""

    def seat_to_face(self) -> int | None:
        """Whom the page is for: the player who acts now (else whose turn it is). A game's
        own page that knows better (the defender choosing blockers) says so here."""
        game = self.session.game if self.session is not None else None
        if game is None:
            return None
        actor = game.acting_player()
        return actor if actor is not None else game.status().active

    def seat_count(self) -> int:
        """How many sit round the table: the game's seats (a page for others says its own)."""
        return len(self.session.seats) if self.session is not None else 0

    _decider: int | None = None  # the seat the page last turned to by itself

    def face_decider(self) -> None:
        seat = self.seat_to_face()
        self._decider = seat
        self.facing = seat if seat is not None else -1
        self.face()

    def on_size(self, *_args: Any) -> None:
        self.face()

    def on_facing(self, *_args: Any) -> None:
        self.face()

    def rotation(self) -> int:
        """How far the page turns (degrees, anticlockwise): as its seat's panel does."""
        seats = self.seat_count()
        if not 0 <= self.facing < seats:
            return 0
        return seat_frames(seats, self.width, self.height)[self.facing].rotation

    def face(self) -> None:
        turner = self.ids.get("turner")
        if turner is not None:
            turner.place(0, 0, self.width, self.height, self.rotation())

    def turn(self) -> None:
        """On to the next seat that sits at another edge (each edge once, clockwise), so a
        tap or two turns the page to anyone at the table."""
        seats = self.seat_count()
        if seats == 0:
            return
        frames = seat_frames(seats, self.width, self.height)
        now = self.rotation()
        start = self.facing if 0 <= self.facing < seats else 0
        for step in range(1, seats + 1):
            seat = (start + step) % seats
            if frames[seat].rotation != now:
                self.facing = seat
                return


class DecidersScreen(FacingScreen):
    """A game's assistant page that faces whoever decides now, its ``seat`` (-1: upright),
    at their seat's edge as their panel is; a new decider (the defender after the attacker)
    turns it again."""

    seat = NumericProperty(-1)

    def seat_to_face(self) -> int | None:
        return int(self.seat)

    def on_seat(self, *_args: Any) -> None:
        self.face_decider()
