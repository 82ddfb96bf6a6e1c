"""The game-agnostic shell every Altar rules engine builds on (python-chess's Board in
spirit): explain / is_legal / apply / undo / replay over whole-state snapshots.

A game supplies two functions of an immutable state: why an action is illegal (or None), and
the state after a legal action plus the log lines it wrote. Everything else is here once.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Generic, TypeVar

from engine.core.history import History
from engine.core.records import LogEntry
from engine.errors import IllegalAction

S = TypeVar("S")
A = TypeVar("A")


class RulesGame(ABC, Generic[S, A]):
    def __init__(self, initial: S, initial_log: Sequence[LogEntry] = ()) -> None:
        self._history: History[S, A] = History(initial, initial_log)

    @abstractmethod
    def explain_in(self, state: S, action: A) -> str | None:
        """Why ``action`` is illegal in ``state``, in players' words; None if it is legal."""

    @abstractmethod
    def perform_in(self, state: S, action: A) -> tuple[S, Sequence[LogEntry]]:
        """The state after a legal ``action``, and the log lines it wrote."""

    @property
    def state(self) -> S:
        return self._history.state

    @property
    def initial_state(self) -> S:
        """The position the game started from (saving = this position + the command log)."""
        return self._history.initial

    @property
    def log(self) -> Sequence[LogEntry]:
        return self._history.log

    @property
    def history(self) -> Sequence[A]:
        return self._history.actions

    def explain(self, action: A) -> str | None:
        return self.explain_in(self.state, action)

    def is_legal(self, action: A) -> bool:
        return self.explain(action) is None

    def apply(self, action: A) -> None:
        """Applies a legal action; IllegalAction (a ValueError) leaves everything untouched."""
        problem = self.explain(action)
        if problem is not None:
            raise IllegalAction(problem)
        state, entries = self.perform_in(self.state, action)
        self._history.push(action, state, entries)

    def undo(self) -> A:
        """Restores the exact previous state (a snapshot, not reverse logic)."""
        if not self._history.can_pop():
            raise IllegalAction("there is nothing to undo")
        return self._history.pop()

    def apply_all(self, actions: Iterable[A]) -> None:
        """Applies a command log; a refused action's IllegalAction carries its index."""
        for index, action in enumerate(actions):
            try:
                self.apply(action)
            except IllegalAction as exc:
                raise IllegalAction(exc.message, index=index) from None
