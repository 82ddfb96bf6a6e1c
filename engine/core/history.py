"""Whole-state undo history, in the manner of python-chess's move stack.

States are immutable, so a snapshot is just a reference: undo swaps the reference back and
truncates the log. Nothing is ever reversed by logic.

``actions`` and ``log`` are read-only snapshots made in constant time, whatever the length of
the game (a client reads them several times per event, so a copy per read made every event
slower as the game grew). A snapshot is a view of the list as it is; appending never changes
what an older snapshot shows, and undo (the only thing that changes earlier entries) first
gives the list a fresh copy when a snapshot of it may still be held, so no snapshot ever changes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice
from typing import Any, Generic, TypeVar, overload

from engine.core.records import LogEntry

S = TypeVar("S")
A = TypeVar("A")
T = TypeVar("T")


class Snapshot(Sequence[T]):
    """The first ``len`` items of a list that only grows while this snapshot may be held.

    Equal to a tuple (or another snapshot) with the same items, as the tuples it replaces were.
    """

    __slots__ = ("_items", "_len")

    def __init__(self, items: list[T], length: int) -> None:
        self._items = items
        self._len = length

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, slice):
            # Only the slice is copied: the last lines of a long log cost what they hold.
            start, stop, step = index.indices(self._len)
            if step > 0:
                return tuple(self._items[start:stop:step])
            return tuple(self._items[i] for i in range(start, stop, step))
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("history index out of range")
        return self._items[index]

    def __iter__(self) -> Iterator[T]:
        # Over the list itself, stopping at this snapshot's length (no copy, iterated in C).
        return islice(self._items, self._len)

    def __reversed__(self) -> Iterator[T]:
        return reversed(self._items[: self._len])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Snapshot | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Snapshot({tuple(self)!r})"

    def __add__(self, other: Any) -> tuple[T, ...]:
        return tuple(self) + tuple(other)


class History(Generic[S, A]):
    """The current state plus every earlier one, the actions between them, and the log."""

    def __init__(self, initial: S, initial_log: Sequence[LogEntry] = ()) -> None:
        self._states: list[S] = [initial]
        # The current state, the list's last, kept as a plain attribute: it is read several
        # times for every command (list, check, apply), a property call each time otherwise.
        self.state: S = initial
        self._actions: list[A] = []
        self._log: list[LogEntry] = list(initial_log)
        self._log_marks: list[int] = []
        # Whether a snapshot of the current lists may still be held (then undo copies first).
        self._shared = False

    @property
    def initial(self) -> S:
        return self._states[0]

    def before(self, index: int) -> S:
        """The position the ``index``th action was applied to."""
        return self._states[index]

    def newest_first(self) -> Iterator[S]:
        """Every position so far, the current one first, back to the initial one."""
        return reversed(self._states)

    @property
    def actions(self) -> Sequence[A]:
        self._shared = True
        return Snapshot(self._actions, len(self._actions))

    @property
    def log(self) -> Sequence[LogEntry]:
        self._shared = True
        return Snapshot(self._log, len(self._log))

    def push(self, action: A, state: S, entries: Sequence[LogEntry]) -> None:
        self._log_marks.append(len(self._log))
        self._states.append(state)
        self.state = state
        self._actions.append(action)
        self._log.extend(entries)

    def can_pop(self) -> bool:
        return bool(self._actions)

    def pop(self) -> A:
        """Restores the previous state and log; returns the action that was undone."""
        if self._shared:
            # A snapshot may show the entries about to go: it keeps the old lists, unchanged.
            self._actions = self._actions[:]
            self._log = self._log[:]
            self._shared = False
        self._states.pop()
        self.state = self._states[-1]
        del self._log[self._log_marks.pop() :]
        return self._actions.pop()

    def __len__(self) -> int:
        return len(self._actions)
