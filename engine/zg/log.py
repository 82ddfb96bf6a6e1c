"""The log lines a rules step writes, stamped with the turn and phase."""

from __future__ import annotations

from engine.core.records import LogEntry, log_entry
from engine.zg.state import STEP_WORDS, GameState


class Log(list[LogEntry]):
    """The step's log lines themselves (a list: made and handed back at every command with no
    wrapper around it)."""

    def say(self, state: GameState, player: int | None, text: str) -> None:
        self.append(log_entry(state.turn, STEP_WORDS[state.phase], player, text))
