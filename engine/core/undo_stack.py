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

The views and the part before a snapshot are history_views.py's (interpreted in the compiled
build: weak references); the history itself, pushed to by every command, is compiled.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Generic, TypeVar

from engine.core.history_views import Before, Earlier, Snapshot, Views
from engine.core.records import LogEntry

__all__ = ["Earlier", "History", "Snapshot"]

S = TypeVar("S")
A = TypeVar("A")


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
                Before(self._made_before, 1, earlier.moves, ()),
                Before(self._made_before, 2, earlier.log_length, earlier.log_tail),
            )
        # The snapshots of each list handed out and maybe still held (undo keeps what they show).
        self._action_views: Views[A] = Views(heads[0])
        self._log_views: Views[LogEntry] = Views(heads[1])

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
        self._action_views = Views()
        self._log_views = Views()

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
