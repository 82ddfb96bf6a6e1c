"""Whole-state undo history, in the manner of python-chess's move stack.

States are immutable, so a snapshot is just a reference: undo swaps the reference back and
truncates the log. Nothing is ever reversed by logic.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from engine.core.records import LogEntry

S = TypeVar("S")
A = TypeVar("A")


class History(Generic[S, A]):
    """The current state plus every earlier one, the actions between them, and the log."""

    def __init__(self, initial: S, initial_log: Sequence[LogEntry] = ()) -> None:
        self._states: list[S] = [initial]
        self._actions: list[A] = []
        self._log: list[LogEntry] = list(initial_log)
        self._log_marks: list[int] = []

    @property
    def state(self) -> S:
        return self._states[-1]

    @property
    def initial(self) -> S:
        return self._states[0]

    @property
    def actions(self) -> Sequence[A]:
        return tuple(self._actions)

    @property
    def log(self) -> Sequence[LogEntry]:
        return tuple(self._log)

    def push(self, action: A, state: S, entries: Sequence[LogEntry]) -> None:
        self._log_marks.append(len(self._log))
        self._states.append(state)
        self._actions.append(action)
        self._log.extend(entries)

    def can_pop(self) -> bool:
        return bool(self._actions)

    def pop(self) -> A:
        """Restores the previous state and log; returns the action that was undone."""
        self._states.pop()
        del self._log[self._log_marks.pop() :]
        return self._actions.pop()

    def __len__(self) -> int:
        return len(self._actions)
