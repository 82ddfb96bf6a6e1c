"""Quiet moments advance by themselves (no Kivy here: the clock is handed in).

When nobody has a decision to make (the game's adapter says when: Zeal's start of combat, the
windows after declarations, the end of the turn), the band counts down and then everyone
passes, unless something new happens first: then the countdown starts again.

An undo holds the countdown until something new happens: the players just took a pass back,
and passing again by itself five seconds later would undo their undo.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# schedule(callback, seconds) -> a handle with cancel(); Kivy's Clock.schedule_once in the app.
Scheduler = Callable[[Callable[[Any], None], float], Any]


class AutoAdvance:
    def __init__(self, schedule: Scheduler, delay_s: float = 4.0) -> None:
        self._schedule = schedule
        self.delay_s = delay_s
        self._event: Any = None
        self._held_at: int | None = None  # the move count an undo held the countdown at
        self.text = ""  # "Next step in 4 s" while counting down

    def hold(self, moves: int) -> None:
        """After an undo: no countdown until the game moves past ``moves`` commands."""
        self.cancel()
        self._held_at = moves

    def cancel(self) -> None:
        if self._event is not None:
            self._event.cancel()
            self._event = None
        self.text = ""

    def arm(self, moves: int, quiet: bool, advance: Callable[[int], None]) -> None:
        """Called after every redraw: start (or restart) the countdown when the moment is
        quiet. ``advance(moves)`` runs when it ends; it must check nothing moved since."""
        self.cancel()
        if self._held_at is not None:
            if moves == self._held_at:
                return
            self._held_at = None  # something new happened: the hold is over
        if self.delay_s <= 0 or not quiet:
            return
        self.text = f"Next step in {self.delay_s:.0f} s"
        self._event = self._schedule(lambda _dt: advance(moves), self.delay_s)
