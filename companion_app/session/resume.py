"""Resuming a saved game from the store's newest good snapshot, and making those snapshots.

Resume used to replay the whole command log: 18-23 us per command, about a second at 50,000
(issue 37). Every SNAPSHOT_EVERY commands the session now keeps a snapshot of the game in the
store (snapshots.py); resume starts the engine from the newest one that passes its checks
(``Game.resume_from``) and replays only the commands after it. What came before it (earlier
positions, the log, the history plot's samples, the commands' times) is made or read only when
something asks (an undo back past it, the history screen), so the game is the one a replay
from the start makes, in every answer it gives.

What a snapshot's body holds: saves/snapshot_body.py. A body that does not read back, for
whatever reason, is passed over like a snapshot that fails the store's checks: the game replays
from the start.

The snapshot used is at least KEEP commands before the end, so the undos a table makes right
after a resume stay after it (an undo back past it replays the game up to it, once). The log
screen words its newest LOG_ROWS commands as of the positions they were made in, most of them
before the snapshot: the snapshot keeps those rows as they were worded, so the first redraw
after a resume words only the commands replayed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

from companion_app.games.base import AnyGame, GameAdapter
from companion_app.saves.snapshot_body import read_body, write_body
from companion_app.saves.store import CommandStore, SavedGame
from companion_app.session.log_window import LogRow
from companion_app.session.redraw import STORY_LINES
from companion_app.session.turn_series import Before, HistoryRecorder
from engine.core.kind import GameKind

# Chosen by measurement (bench/bench_store.py, bench/bench_long_game.py): a snapshot costs
# about 1-2 ms of CPU (the state's codec, the log screen's rows, one commit that does not wait
# for the disk), 20-40 us a command when kept every 50, a few % of a command's cost; a resume
# then replays KEEP to KEEP + 49 commands (a 100-command game, with no snapshot yet, 100).
SNAPSHOT_EVERY = 50
KEEP = 20
LOG_TAIL = 3 * STORY_LINES  # the story's lines the first redraw reads (redraw.py)
KEPT_SNAPSHOTS = 4  # older ones are dropped: an undo back past them replays from the start


def body_of(game: AnyGame, history: HistoryRecorder, rows: Sequence[LogRow] = ()) -> str | None:
    """The snapshot's body for ``game`` now (snapshot_body.py), with the log screen's newest
    ``rows``; None when its state can't be written so."""
    samples, last_turn = history.closed()
    kept = [(r.index, r.seat, r.text, r.folds) for r in rows]
    return write_body(game, LOG_TAIL, samples, last_turn, kept)


@dataclass(frozen=True)
class Resumed:
    game: AnyGame
    history: HistoryRecorder
    times: list[float] | Times
    replayed: int  # the commands replayed (all of them when no snapshot served)
    rows: list[LogRow]  # the log screen's rows the snapshot kept (none without one)


def resume(
    store: CommandStore,
    saved: SavedGame,
    kind: GameKind,
    adapter: GameAdapter,
    setup: Any,
    keep: int = KEEP,
) -> Resumed:
    """The saved game, from its newest good snapshot at least ``keep`` commands before its end
    if it has one. IllegalAction from the engine (with the refused command's index),
    MalformedAction for a damaged command, StoreError for a missing one."""
    count = len(saved.commands)
    history = HistoryRecorder(adapter)
    point = store.snapshot(saved.id, count - keep) if count > keep else None
    body = read_body(point.body, kind.game, point.seq) if point is not None else None
    if point is None or body is None:
        actions = [kind.action_from_dict(c) for c in saved.commands]
        game = history.replay(kind.game, setup, None, actions)
        return Resumed(game, history, list(saved.times), count, [])
    seq = point.seq
    tail = [kind.action_from_dict(c) for c in store.commands_between(saved.id, seq, count)]

    def earlier() -> list[Any]:
        return [kind.action_from_dict(c) for c in store.commands_between(saved.id, 0, seq)]

    def samples_before() -> list[Any]:
        made = HistoryRecorder(adapter)
        made.replay(kind.game, setup, None, earlier())
        return made._closed

    game = kind.game.resume_from(setup, body.state, seq, (body.log_length, body.log_tail), earlier)
    before = Before(body.samples, body.last_turn, samples_before)
    history.replay_on(game, tail, before)
    times = Times(
        seq,
        store.times_between(saved.id, seq, count),
        lambda: store.times_between(saved.id, 0, seq),
    )
    first = seq - len(body.rows)
    at = store.times_between(saved.id, first, seq)
    rows = [LogRow(i, at[i - first], seat, text, folds) for i, seat, text, folds in body.rows]
    return Resumed(game, history, times, count - seq, rows)


class Snapshots:
    """Keeps a snapshot of the session's game every ``every`` commands; a resume starts from
    one at least ``keep`` commands before the end (tests make both small)."""

    def __init__(self, every: int = SNAPSHOT_EVERY, keep: int = KEEP) -> None:
        self.every = every
        self.keep = keep
        self._due = every

    def follow(self, moves: int) -> None:
        """The game is ``moves`` commands long after a start, a resume or a rewrite."""
        self._due = (moves // self.every + 1) * self.every

    def after(
        self,
        store: CommandStore,
        game_id: int,
        game: AnyGame,
        h: HistoryRecorder,
        rows: Callable[[], Sequence[LogRow]],
    ) -> None:
        """After one or more commands: a snapshot if one is due (none for an ended game);
        ``rows``: the log screen's rows now (worded only when one is due)."""
        moves = len(game.history)
        if moves < self._due:
            return
        self.follow(moves)
        if game.outcome() is not None:
            return
        body = body_of(game, h, rows())
        if body is not None:
            store.save_snapshot(game_id, moves, body, keep=KEPT_SNAPSHOTS)


class Times(Sequence[float]):
    """Each command's wall-clock time, parallel to the history: the times from the snapshot
    on, read at resume, and those before it read from the store when first asked for."""

    def __init__(self, skip: int, tail: list[float], head: Callable[[], Sequence[float]]):
        self._skip = skip
        self._tail = tail
        self._head = head

    def _whole(self) -> list[float]:
        if self._skip:
            self._tail = list(self._head()) + self._tail
            self._skip = 0
        return self._tail

    def __len__(self) -> int:
        return self._skip + len(self._tail)

    @overload
    def __getitem__(self, index: int) -> float: ...

    @overload
    def __getitem__(self, index: slice) -> list[float]: ...

    def __getitem__(self, index: int | slice) -> float | list[float]:
        if isinstance(index, int) and self._skip <= index < len(self):
            return self._tail[index - self._skip]
        return self._whole()[index]

    def __iter__(self) -> Iterator[float]:
        return iter(self._whole())

    def append(self, at: float) -> None:
        self._tail.append(at)

    def __delitem__(self, index: slice) -> None:
        start, stop, _ = index.indices(len(self))
        if start >= self._skip and stop == len(self):
            del self._tail[start - self._skip :]
        else:
            del self._whole()[index]
