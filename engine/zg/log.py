"""The log lines a rules step writes, stamped with the turn and phase."""

from __future__ import annotations

from typing import Final

from engine.core.records import LogEntry, log_entry
from engine.zg.state import STEP_WORDS, GameState


class News:
    """What a log line tells the whole table (LogEntry.news): a test's result (Basic Rule
    5), a card slagged, a player defeated (Basic Rule 10) or flamed out (Rules Options 7).
    The winner's line is the winner banner's, not news."""

    TEST: Final = "test"
    SLAGGED: Final = "slagged"
    DEFEATED: Final = "defeated"
    FLAMED_OUT: Final = "flamed out"


class Log:
    """The step's log lines (``lines``, handed back at every command as they are). A plain
    class holding its list, not a subclass of list: compiled in the compiled build (mypyc
    makes a native class of it; a list's subclass it could make only a non-native one)."""

    __slots__ = ("lines",)

    def __init__(self) -> None:
        self.lines: list[LogEntry] = []

    def say(self, state: GameState, player: int | None, text: str, news: str = "") -> None:
        """A log line; ``news`` (News) when the whole table should hear of it."""
        self.lines.append(log_entry(state.turn, STEP_WORDS[state.phase], player, text, news))
