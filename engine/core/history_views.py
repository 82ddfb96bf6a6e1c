"""The read-only views of a game's history that clients hold (undo_stack.py's ``actions`` and
``log``), and the part of a resumed game's history before its snapshot (``Before``).

Apart from undo_stack.py so that the history itself is compiled in the compiled build: the
views are held by weak references, which a compiled class supports only when mypy_extensions
marks it (the engine imports the standard library only), so this module stays interpreted
(tools/compile_engine.py); so does ``Earlier``, a frozen dataclass that is also Generic, which
CPython refuses to create as a compiled class (made once per resume). Reading a view is a client's, a few times per redraw; the history
every command pushes to is compiled.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, islice
from typing import Any, Generic, TypeVar, overload

from engine.core.records import LogEntry

S = TypeVar("S")
A = TypeVar("A")
T = TypeVar("T")


class Snapshot(Sequence[T]):
    """The first ``base`` items of a shared list, then the items of its own ``tail``: the list
    only grows past ``base`` while this snapshot may be held, and when undo is about to drop
    items this snapshot shows, it first moves them into the tail (``keep_from``).

    Equal to a tuple (or another snapshot) with the same items, as the tuples it replaces were.
    """

    __slots__ = ("__weakref__", "_base", "_head", "_items", "_len", "_off", "_tail")

    def __init__(self, items: list[T], length: int, head: Sequence[T] = ()) -> None:
        # ``head``: what comes before the shared list (a resumed game's part before its
        # snapshot, made on demand); the indices below are the shared list's own.
        self._head = head
        self._off = len(head)
        self._items = items
        self._base = length
        self._tail: tuple[T, ...] = ()
        self._len = length + self._off

    def keep_from(self, at: int) -> None:
        """The shared list is about to change from index ``at`` on: keep a copy of what this
        snapshot shows there (only the entries from ``at`` to where the shared part ends)."""
        if at < self._base:
            self._tail = tuple(self._items[at : self._base]) + self._tail
            self._base = at

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
            off = self._off
            if step != 1:
                return tuple(self[i] for i in range(start, stop, step))
            before = tuple(self._head[start : min(stop, off)]) if start < off else ()
            start, stop = max(start - off, 0), max(stop - off, 0)
            base = self._base
            head = tuple(self._items[start : min(stop, base)]) if start < base else ()
            return before + head + self._tail[max(start - base, 0) : max(stop - base, 0)]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("history index out of range")
        index -= self._off
        if index < 0:
            return self._head[index + self._off]
        if index < self._base:
            return self._items[index]
        return self._tail[index - self._base]

    def __iter__(self) -> Iterator[T]:
        # Over the list itself, stopping at the shared part's end (no copy, iterated in C).
        if self._off:
            return chain(self._head, islice(self._items, self._base), self._tail)
        if self._tail:
            return chain(islice(self._items, self._base), self._tail)
        return islice(self._items, self._base)

    def __reversed__(self) -> Iterator[T]:
        return chain(
            reversed(self._tail), reversed(self._items[: self._base]), reversed(self._head)
        )

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


class Views(Generic[T]):
    """The snapshots of one list that may still be held, oldest first (weakly: one nobody holds
    is gone), and the newest, handed out again until the list changes.

    Made in order, they are also in the order of their shared parts' lengths (a new one's is
    the list's length, which no older one's exceeds, and ``keep_from`` keeps the order), so the
    ones that show what undo drops are the newest ones, found from the end."""

    __slots__ = ("_head", "_refs", "_prune_at", "current")

    def __init__(self, head: Sequence[T] = ()) -> None:
        self._head = head
        self._refs: list[weakref.ref[Snapshot[T]]] = []
        self._prune_at = 32
        self.current: Snapshot[T] | None = None

    def view(self, items: list[T]) -> Snapshot[T]:
        current = self.current
        if current is None:
            current = self.current = Snapshot(items, len(items), self._head)
            refs = self._refs
            refs.append(weakref.ref(current))
            if len(refs) > self._prune_at:
                # Drop the ones nobody holds; doubling the bound keeps this constant per read.
                refs[:] = [r for r in refs if r() is not None]
                self._prune_at = max(32, 2 * len(refs))
        return current

    def before_cut(self, at: int) -> None:
        """The list is about to lose its items from ``at`` on: every snapshot still held that
        shows some of them keeps its copy of those."""
        self.current = None
        refs = self._refs
        while refs and refs[-1]() is None:
            refs.pop()
        for ref in reversed(refs):
            held = ref()
            if held is None:
                continue
            if held._base <= at:
                break  # this one and every older one show nothing from ``at`` on
            held.keep_from(at)


class Before(Sequence[T]):
    """The actions (``which`` 1) or log lines (2) before a snapshot: ``known`` are the newest of
    them, at hand; asking for any other makes the whole part (Earlier.make), once."""

    __slots__ = ("_known", "_len", "_made_before", "_which")

    def __init__(
        self,
        made_before: Callable[[], tuple[Any, ...]],
        which: int,
        length: int,
        known: Sequence[T],
    ):
        self._made_before = made_before
        self._which = which
        self._len = length
        self._known = tuple(known)[-length:] if length else ()

    def _made(self) -> list[T]:
        made: list[T] = self._made_before()[self._which]
        return made

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        first_known = self._len - len(self._known)
        if isinstance(index, slice):
            start, stop, step = index.indices(self._len)
            if step == 1 and start >= first_known:
                return list(self._known[start - first_known : stop - first_known])
            return self._made()[index]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("history index out of range")
        if index >= first_known:
            return self._known[index - first_known]
        return self._made()[index]

    def __iter__(self) -> Iterator[T]:
        return iter(self._made())


@dataclass(frozen=True)
class Earlier(Generic[S, A]):
    """A resumed game's history before its snapshot, made only when something asks for it.

    ``make`` replays the commands before the snapshot and gives that history whole: its
    positions (the snapshot's own last), actions, log and each action's first log line."""

    initial: S  # the game's first position (initial_state), known without a replay
    moves: int  # the commands before the snapshot
    log_length: int  # the log lines before it
    log_tail: tuple[LogEntry, ...]  # its newest log lines, read without a replay (a redraw's)
    make: Callable[[], tuple[list[S], list[A], list[LogEntry], list[int]]]
