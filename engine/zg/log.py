"""The log lines a rules step writes, stamped with the turn and phase."""

from __future__ import annotations

from engine.core.records import LogEntry, log_entry
from engine.zg.state import STEP_WORDS, GameState


class Log:
    """The step's log lines (``lines``, handed back at every command as they are). A plain
    class holding its list, not a subclass of list: compiled in the compiled build (mypyc
    makes a native class of it; a list's subclass it could make only a non-native one)."""

    __slots__ = ("lines",)

    def __init__(self) -> None:
        self.lines: list[LogEntry] = []

    def say(self, state: GameState, player: int | None, text: str) -> None:
        self.lines.append(log_entry(state.turn, STEP_WORDS[state.phase], player, text))
