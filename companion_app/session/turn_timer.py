"""The optional turn timer: how long the current player's turn has lasted (off by default)."""

from __future__ import annotations

import time
from collections.abc import Callable


class TurnTimer:
    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        # The session hands in its clock's time, so a test's clock moves the timer too.
        self._now = now
        self._turn: tuple[int, int | None] = (-1, -1)
        self._start = 0.0

    def reset(self) -> None:
        self._turn = (-1, -1)

    def text(self, turn: int, active: int | None) -> str:
        """ "m:ss" since this (turn, active player) began."""
        if (turn, active) != self._turn:
            self._turn, self._start = (turn, active), self._now()
        seconds = int(self._now() - self._start)
        return f"{seconds // 60}:{seconds % 60:02d}"
