"""The log lines a rules step writes, stamped with the turn and phase."""

from __future__ import annotations

from engine.core.records import LogEntry, log_entry
from engine.zg.state import STEP_WORDS, GameState


class Log:
    def __init__(self) -> None:
        self.entries: list[LogEntry] = []

    def say(self, state: GameState, player: int | None, text: str) -> None:
        self.entries.append(log_entry(state.turn, STEP_WORDS[state.phase], player, text))
