"""What the game's adapter plots, over the turns: for the history screen and the end summary.

One sample per turn (the last moment of each finished turn) and the current moment, read from
the engine's state through the adapter. Rebuilding after an undo replays the command log once.

What the redraw hands the screens after every command is a ``HistoryView``, made in constant
time whatever the game's length: the finished turns' list only grows (a rebuild starts a new
one), so a view of its first ``n`` samples never changes, and two views of the same list
compare in constant time too (the session's property compares old and new on every redraw).

A game resumed from a snapshot is sampled from the snapshot on; the samples of the turns before
it (``Before``: how many, and how to make them, by a replay) are made only when the history
screen or an undo back past them asks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, islice
from typing import Any, overload

from companion_app.games.base import AnyGame, GameAdapter, HistorySeries
from engine.errors import IllegalAction


@dataclass(frozen=True)
class HistorySample:
    turn: int
    series: tuple[HistorySeries, ...]

    def values(self, label: str) -> tuple[int, ...]:
        for s in self.series:
            if s.label == label:
                return s.values
        return ()


def sample(game: AnyGame, adapter: GameAdapter) -> HistorySample:
    return HistorySample(game.status().turn, adapter.history(game))


class Before(Sequence[HistorySample]):
    """The samples of the turns finished before a snapshot: ``count`` of them, the newest of
    turn ``last_turn``, made by ``make`` (a replay) when first read."""

    def __init__(self, count: int, last_turn: int, make: Callable[[], list[HistorySample]]) -> None:
        self._count = count
        self.last_turn = last_turn
        self._make = make
        self._made: list[HistorySample] | None = None

    def made(self) -> list[HistorySample]:
        if self._made is None:
            self._made = self._make()
        return self._made

    def __len__(self) -> int:
        return self._count if self._made is None else len(self._made)

    @overload
    def __getitem__(self, index: int) -> HistorySample: ...

    @overload
    def __getitem__(self, index: slice) -> list[HistorySample]: ...

    def __getitem__(self, index: int | slice) -> HistorySample | list[HistorySample]:
        return self.made()[index]

    def __iter__(self) -> Iterator[HistorySample]:
        return iter(self.made())


NONE_BEFORE = Before(0, 0, list)


class HistoryRecorder:
    def __init__(self, adapter: GameAdapter | None = None) -> None:
        self.adapter = adapter
        self._before: Before = NONE_BEFORE  # a resumed game's turns before its snapshot
        self._closed: list[HistorySample] = []  # the last sample of each finished turn
        self._current: HistorySample | None = None

    def closed(self) -> tuple[int, int]:
        """How many turns are finished, and the newest one's turn (0: none): a snapshot keeps
        them (``Before``)."""
        if self._closed:
            return len(self._before) + len(self._closed), self._closed[-1].turn
        return len(self._before), self._before.last_turn

    def record(self, game: AnyGame) -> None:
        if self.adapter is None:
            return
        now = sample(game, self.adapter)
        if self._current is not None and now.turn != self._current.turn:
            self._closed.append(self._current)
        self._current = now

    def rebuild(
        self, game_class: type[AnyGame], setup: Any, start: Any, actions: Sequence[Any]
    ) -> None:
        self.replay(game_class, setup, start, actions)

    def replay(
        self, game_class: type[AnyGame], setup: Any, start: Any, actions: Iterable[Any]
    ) -> AnyGame:
        """The game with ``actions`` applied, sampled as it goes: a resume or a rewrite of the
        log replays the game once, not once for the game and again for its history. As the
        engine's ``replay``, a refused action's IllegalAction carries its index."""
        return self.replay_on(game_class.start(setup, start), actions)

    def replay_on(
        self, game: AnyGame, actions: Iterable[Any], before: Before = NONE_BEFORE
    ) -> AnyGame:
        """``game`` with ``actions`` applied, sampled from its position on; ``before``: the
        samples of the turns finished before that position (a game resumed from a snapshot)."""
        self._before = before
        self._closed = []  # a new list: views of the old one stay as they were
        self._current = None
        self.record(game)
        for index, action in enumerate(actions):
            try:
                game.apply(action)
            except IllegalAction as e:
                raise IllegalAction(e.message, index=index) from None
            self.record(game)
        return game

    def taken_back(self, game: AnyGame) -> None:
        """The newest command was undone: the samples are what a rebuild would give, without
        replaying the game (an undo at command 50,000 costs what it costs at 100). The turns
        the undo went back over lose their closing samples; the current moment is ``game``."""
        if self.adapter is None:
            return
        now = sample(game, self.adapter)
        keep = len(self._closed)
        while keep and self._closed[keep - 1].turn >= now.turn:
            keep -= 1
        if not keep and len(self._before) and self._before.last_turn >= now.turn:
            # Back into the turns before the snapshot: their samples are needed now.
            self._closed = self._before.made() + self._closed
            self._before = NONE_BEFORE
            self.taken_back(game)
            return
        if keep < len(self._closed):
            self._closed = self._closed[:keep]  # a copy: views of the old list never change
        self._current = now

    def samples(self) -> HistoryView:
        """Every finished turn's sample and the current one, oldest first (constant time)."""
        return HistoryView(self._closed, len(self._closed), self._current, self._before)


class HistoryView(Sequence[HistorySample]):
    """The samples ``before`` a snapshot, the first ``closed`` samples of a list that only
    grows, then the current sample."""

    __slots__ = ("_before", "_closed", "_len", "_current")

    def __init__(
        self,
        closed: list[HistorySample],
        length: int,
        current: HistorySample | None,
        before: Before = NONE_BEFORE,
    ) -> None:
        self._before = before
        self._closed = closed
        self._len = length
        self._current = current

    def __len__(self) -> int:
        return len(self._before) + self._len + (self._current is not None)

    @overload
    def __getitem__(self, index: int) -> HistorySample: ...

    @overload
    def __getitem__(self, index: slice) -> list[HistorySample]: ...

    def __getitem__(self, index: int | slice) -> HistorySample | list[HistorySample]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("history index out of range")
        before = len(self._before)
        if index < before:
            return self._before[index]
        if index - before < self._len:
            return self._closed[index - before]
        assert self._current is not None
        return self._current

    def __iter__(self) -> Iterator[HistorySample]:
        current = () if self._current is None else (self._current,)
        return chain(self._before, islice(self._closed, self._len), current)

    def __eq__(self, other: object) -> bool:
        if (
            isinstance(other, HistoryView)
            and other._closed is self._closed
            and other._before is self._before
        ):
            # The same growing list: its first samples are the same objects.
            return other._len == self._len and other._current == self._current
        if isinstance(other, Sequence) and len(self) != len(other):
            return False  # without making the samples before a snapshot
        if isinstance(other, Sequence):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"HistoryView({len(self)} samples)"
