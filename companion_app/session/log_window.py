"""The log screen's rows: a window onto the newest commands, in players' words.

The log screen lists the newest LOG_ROWS commands, so only those are worded: resuming a game
of 50,000 commands words 200, not 50,000, and each redraw words only the commands new since
the last one. Rows already worded are kept between redraws; a command taken back drops its
row, and the window then reaches back and words the older rows that come into view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion_app.games.base import AnyGame, GameAdapter

LOG_ROWS = 200  # the commands the log screen can list (the newest)


@dataclass(frozen=True)
class LogRow:
    """One line of the log screen: a command in players' words with its time and seat."""

    index: int  # position in the command history (what "undo this" removes)
    at: float
    seat: int | None
    text: str
    folds: bool = False  # one of a run the log shows as one line (a pass)


class LogWindow:
    """The rows of the newest ``size`` commands, kept between redraws."""

    def __init__(self, size: int = LOG_ROWS) -> None:
        self.size = size
        self._start = 0  # the command index of self._rows[0]
        self._rows: list[LogRow] = []  # consecutive commands from self._start
        self.worded = 0  # how many commands were put in words so far (tests count the work)

    def seed(self, rows: list[LogRow]) -> None:
        """Rows worded before (a resume's snapshot keeps them: session/resume.py), consecutive,
        as this window would word them: kept, not worded again."""
        self._start = rows[0].index if rows else 0
        self._rows = list(rows)

    def clear(self) -> None:
        """The log was rewritten (a command taken back from the middle): word it afresh."""
        self._start = 0
        self._rows = []

    def forget_from(self, index: int) -> None:
        """Commands from ``index`` on are gone (undone): their rows go with them, now, so that
        an undo and a new command in the same frame don't keep the old row."""
        del self._rows[max(0, index - self._start) :]

    def text_of(self, index: int) -> str:
        """The words a kept row gave command ``index`` ("" when it is not kept): what the
        log showed, for the notice that says what an undo took back."""
        at = index - self._start
        return self._rows[at].text if 0 <= at < len(self._rows) else ""

    def rows(self, game: AnyGame, adapter: GameAdapter, times: Sequence[float]) -> list[LogRow]:
        """The newest ``size`` commands' rows, oldest first."""
        history = game.history
        end = len(history)
        start = max(0, end - self.size)
        self.forget_from(end)
        if not self._rows or self._start + len(self._rows) < start:
            self._start, self._rows = start, []  # nothing kept is still in view
        elif self._start < start:
            del self._rows[: start - self._start]
            self._start = start
        elif self._start > start:  # an undo brought older commands into view
            self._rows[:0] = [
                self._word(game, history, adapter, times, i) for i in range(start, self._start)
            ]
            self._start = start
        for i in range(self._start + len(self._rows), end):
            self._rows.append(self._word(game, history, adapter, times, i))
        return list(self._rows)

    def _word(
        self,
        game: AnyGame,
        history: Sequence[object],
        adapter: GameAdapter,
        times: Sequence[float],
        i: int,
    ) -> LogRow:
        # Worded against the position the command was made in (the engine keeps every
        # position): a row reads the same worded at once, after an undo or after a resume.
        self.worded += 1
        action = history[i]
        at = times[i] if i < len(times) else 0.0
        folds = isinstance(action, adapter.log_folds)
        return LogRow(i, at, getattr(action, "player", None), game.describe_made(i), folds)
