"""Whole-state undo history, in the manner of python-chess's move stack.

States are immutable, so a snapshot is just a reference: undo swaps the reference back and
truncates the log. Nothing is ever reversed by logic.

``actions`` and ``log`` are read-only snapshots made in constant time, whatever the length of
the game (a client reads them several times per event, so a copy per read made every event
slower as the game grew). A snapshot is a view of the list as it is; appending never changes
what an older snapshot shows. Undo is the only thing that changes earlier entries, and it too
costs the same at any length: before it drops the last entries, each snapshot still held that
shows them takes its own copy of just those entries (a command's one action and few log lines),
never of the whole list (a copy of the whole list made undo 100 times slower at 50,000
commands than at 100). The history knows the snapshots still held by weak references, kept in
the order they were made, which is also the order of their lengths, so undo looks only at the
ones that show what it drops.

A game resumed from a snapshot (``Earlier``) starts its history at the snapshot's position: the
positions, actions and log lines before it are made only when something asks for them (an undo
past it, a row of the log from before it), by replaying the commands up to it once; then the
history is whole, as if it had been replayed from the start.
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


class _Views(Generic[T]):
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


class _Before(Sequence[T]):
    """The actions (``which`` 1) or log lines (2) before a snapshot: ``known`` are the newest of
    them, at hand; asking for any other makes the whole part (Earlier.make), once."""

    __slots__ = ("_history", "_known", "_len", "_which")

    def __init__(self, history: History[Any, Any], which: int, length: int, known: Sequence[T]):
        self._history = history
        self._which = which
        self._len = length
        self._known = tuple(known)[-length:] if length else ()

    def _made(self) -> list[T]:
        made: list[T] = self._history._made_before()[self._which]  # type: ignore[assignment]
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


class History(Generic[S, A]):
    """The current state plus every earlier one, the actions between them, and the log.

    With ``earlier`` (a game resumed from a snapshot), ``initial`` is the snapshot's position
    and the history before it is ``earlier``'s, made when first needed."""

    def __init__(
        self,
        initial: S,
        initial_log: Sequence[LogEntry] = (),
        earlier: Earlier[S, A] | None = None,
    ) -> None:
        self._states: list[S] = [initial]
        # The current state, the list's last, kept as a plain attribute: it is read several
        # times for every command (list, check, apply), a property call each time otherwise.
        self.state: S = initial
        self._actions: list[A] = []
        self._log: list[LogEntry] = list(initial_log)
        self._log_marks: list[int] = []
        # Before a snapshot: the commands and log lines not made yet (0: none, or made).
        self._earlier = earlier
        self._made: tuple[list[S], list[A], list[LogEntry], list[int]] | None = None
        self._skip = 0
        heads: tuple[Sequence[A], Sequence[LogEntry]] = ((), ())
        if earlier is not None and earlier.moves:
            self._skip = earlier.moves
            heads = (
                _Before(self, 1, earlier.moves, ()),
                _Before(self, 2, earlier.log_length, earlier.log_tail),
            )
        # The snapshots of each list handed out and maybe still held (undo keeps what they show).
        self._action_views: _Views[A] = _Views(heads[0])
        self._log_views: _Views[LogEntry] = _Views(heads[1])

    @property
    def initial(self) -> S:
        if self._skip:
            assert self._earlier is not None
            return self._earlier.initial
        return self._states[0]

    def before(self, index: int) -> S:
        """The position the ``index``th action was applied to."""
        if self._skip:
            if index >= self._skip:
                return self._states[index - self._skip]
            self._fill()
        return self._states[index]

    def newest_first(self) -> Iterator[S]:
        """Every position so far, the current one first, back to the initial one."""
        if not self._skip:
            return reversed(self._states)
        return self._newest_first_from_snapshot()

    def _newest_first_from_snapshot(self) -> Iterator[S]:
        yield from reversed(self._states)  # from the snapshot's position on
        skipped = self._skip
        self._fill()
        yield from reversed(self._states[:skipped])

    def _made_before(self) -> tuple[list[S], list[A], list[LogEntry], list[int]]:
        """The history before the snapshot, made once (Earlier.make)."""
        if self._made is None:
            assert self._earlier is not None
            made = self._earlier.make()
            states, actions, log, marks = made
            earlier = self._earlier
            if len(actions) != earlier.moves or len(log) != earlier.log_length:
                raise ValueError("the commands before the snapshot do not make its history")
            self._made = made
        return self._made

    def _fill(self) -> None:
        """Makes the history before the snapshot and joins it to the rest: from now on the
        history is whole. Snapshots of the lists handed out before keep showing what they
        showed (the lists they share are never changed again)."""
        if not self._skip:
            return
        states, actions, log, marks = self._made_before()
        lines = len(log)
        self._states = states[:-1] + self._states  # the snapshot's position is ours already
        self._actions = actions + self._actions
        self._log_marks = marks + [m + lines for m in self._log_marks]
        self._log = log + self._log
        self._skip = 0
        self._action_views = _Views()
        self._log_views = _Views()

    @property
    def actions(self) -> Sequence[A]:
        return self._action_views.view(self._actions)

    @property
    def log(self) -> Sequence[LogEntry]:
        return self._log_views.view(self._log)

    def push(self, action: A, state: S, entries: Sequence[LogEntry]) -> None:
        self._log_marks.append(len(self._log))
        self._action_views.current = None
        self._log_views.current = None
        self._states.append(state)
        self.state = state
        self._actions.append(action)
        self._log.extend(entries)

    def can_pop(self) -> bool:
        return bool(self._actions) or self._skip > 0

    def pop(self) -> A:
        """Restores the previous state and log; returns the action that was undone."""
        if not self._actions:
            self._fill()  # back past the snapshot: the history before it is needed now
        mark = self._log_marks.pop()
        # A snapshot may show the entries about to go: it keeps its copy of those, no more.
        self._action_views.before_cut(len(self._actions) - 1)
        self._log_views.before_cut(mark)
        self._states.pop()
        self.state = self._states[-1]
        del self._log[mark:]
        return self._actions.pop()

    def __len__(self) -> int:
        return self._skip + len(self._actions)
