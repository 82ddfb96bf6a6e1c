"""The game's command log on disk: every command is committed here before it is shown.

SQLite in WAL mode with ``synchronous=FULL``: a command is on disk when ``append`` returns, so
a crash, a kill -9 or a flat battery loses nothing that the players saw. A game is its setup
plus the list of commands applied to it; resuming is replaying that list (the engine's replay
is fast: see bench/). Undo removes the last command from the log, so the log always equals the
state on screen.

The store knows nothing of the rules: setups and commands are JSON-ready dicts that the engine
makes and reads.

The app opens the file with ``open_store``, which survives a damaged file (issue 14): it runs
``PRAGMA quick_check``, and if the file is damaged (a page error, garbage in the header, a
truncated file) or a saved game no longer replays (the app hands in the engine's check), it
keeps the file aside under a dated name, starts a fresh one with what could be salvaged
(salvage.py) and says so in players' words (``Recovery.message``). It never raises (issue
22): a file it can't use where it is (a folder, a device, another program's database, a
read-only or locked file) is left as it is and play goes on in a fallback file beside it
(``Refusal.message``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import shutil
import sqlite3
import stat
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from companion_app.saves import salvage, snapshots
from companion_app.saves.snapshots import Snapshot

SCHEMA = (
    """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,            -- which game: "zeal", ...
    setup TEXT NOT NULL,           -- JSON, made by the engine
    created REAL NOT NULL,
    finished REAL                  -- NULL while the game can be resumed
);
CREATE TABLE IF NOT EXISTS commands (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,          -- 0, 1, 2 ... in the order applied
    command TEXT NOT NULL,         -- JSON, made by the engine
    at REAL NOT NULL,              -- wall-clock time, for the log screen
    PRIMARY KEY (game_id, seq)
);
"""
    + snapshots.SCHEMA
)  # a table of its own: a file from before snapshots opens as it was


# WAL, and an fsync of the WAL at every commit: synchronous=FULL is what makes a command that
# append confirmed survive a power cut, not just a crash (tests/app/test_power_loss.py shows
# NORMAL and OFF losing confirmed commands where FULL never does).
PRAGMAS = ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL")
INSERT_COMMAND = "INSERT INTO commands (game_id, seq, command, at) VALUES (?, ?, ?, ?)"

# The next command's sequence number: one step down the primary key's index, however long
# the game (tests/app/test_store.py checks the query plan).
NEXT_SEQ = "SELECT COALESCE(MAX(seq), -1) + 1 FROM commands WHERE game_id = ?"
REOPEN = "UPDATE games SET finished = NULL WHERE id = ?"


class StoreError(Exception):
    """The saved games could not be read or written; the message says what to do."""


@dataclass(frozen=True)
class SavedGame:
    id: int
    kind: str
    setup: dict[str, Any]
    commands: Sequence[dict[str, Any]]
    times: Sequence[float]
    created: float
    # The newest good snapshot, for the start-up check (replay_check.py) only: None elsewhere.
    snapshot: Snapshot | None = None


class _Column(Sequence[Any]):
    """One column of a game's first ``count`` commands, read from the file only when first
    asked for: the game offered for resume is looked at (its number of moves) before it is
    resumed, and resuming from a snapshot reads only the commands after it."""

    def __init__(self, db: sqlite3.Connection, game_id: int, count: int, times: bool) -> None:
        self._db, self._game_id, self._count, self._times = db, game_id, count, times
        self._rows: list[Any] | None = None

    def _read(self) -> list[Any]:
        if self._rows is None:
            rows = _between(self._db, self._game_id, 0, self._count, strict=False)
            self._count = len(rows)  # a gap in a damaged log: what is there
            self._rows = [at if self._times else json.loads(c) for c, at in rows]
        return self._rows

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index: Any) -> Any:
        if self._rows is None and isinstance(index, slice) and index.step in (None, 1):
            # A part only (the commands after a snapshot): only those are read.
            start, stop, _ = index.indices(self._count)
            rows = _between(self._db, self._game_id, start, max(start, stop), strict=False)
            return [at if self._times else json.loads(c) for c, at in rows]
        return self._read()[index]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._read())

    def __eq__(self, other: object) -> bool:  # as the list it stands for
        return self._read() == (other._read() if isinstance(other, _Column) else other)

    __hash__ = None  # type: ignore[assignment]


def _between(
    db: sqlite3.Connection, game_id: int, start: int, stop: int, strict: bool = True
) -> list[Any]:
    try:
        rows = db.execute(
            "SELECT command, at FROM commands WHERE game_id = ? AND seq >= ? AND seq < ? "
            "ORDER BY seq",
            (game_id, start, stop),
        ).fetchall()
    except (sqlite3.DatabaseError, ValueError) as e:
        raise StoreError(f"Saved game {game_id} is damaged ({e}).") from e
    if strict and len(rows) != stop - start:
        raise StoreError(f"Saved game {game_id} is missing some of its moves.")
    return rows


class CommandStore:
    """One SQLite file of games and their commands."""

    def __init__(self, path: str) -> None:
        self.path = path
        try:
            # isolation_level=None: we issue BEGIN/COMMIT ourselves, one transaction a command.
            self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            for pragma in PRAGMAS:
                self._db.execute(pragma)
            self._db.executescript(SCHEMA)
        except sqlite3.DatabaseError as e:
            raise StoreError(
                f"The saved games file {path} could not be opened ({e}). "
                "Move it aside to start afresh; nothing else was changed."
            ) from e

    def close(self) -> None:
        self._db.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """One transaction around the block: committed at its end, rolled back when anything
        is raised in it (a stop too, BaseException), so no half of a change is ever kept."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise

    def new_game(self, kind: str, setup: dict[str, Any]) -> int:
        cur = self._db.execute(
            "INSERT INTO games (kind, setup, created) VALUES (?, ?, ?)",
            (kind, json.dumps(setup, sort_keys=True), time.time()),
        )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def append(self, game_id: int, command: dict[str, Any]) -> int:
        """Commit one command; returns its sequence number. Durable when this returns."""
        with self._transaction():
            # The newest seq, found on the (game_id, seq) primary key: O(log n), where
            # COUNT(*) walked every command of the game (1.4 ms at 50k commands, issue 13).
            (n,) = self._db.execute(NEXT_SEQ, (game_id,)).fetchone()
            self._db.execute(
                INSERT_COMMAND,
                (game_id, n, json.dumps(command, sort_keys=True), time.time()),
            )
        return int(n)

    def remove_last(self, game_id: int, reopen: bool = False) -> dict[str, Any] | None:
        """Undo's half in the log: drop the newest command, return it (None if there is none).

        ``reopen``: the game is no longer at its end (an undone win), so it is no longer
        finished either, in the same transaction: a stop between the two would otherwise
        leave a game that goes on marked finished, never offered for resume (issue 33)."""
        with self._transaction():
            row = self._db.execute(
                "SELECT seq, command FROM commands WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                (game_id,),
            ).fetchone()
            if row is not None:
                self._db.execute(
                    "DELETE FROM commands WHERE game_id = ? AND seq = ?", (game_id, row[0])
                )
                snapshots.drop_after(self._db, game_id, row[0])
            if reopen:
                self._db.execute(REOPEN, (game_id,))
        return None if row is None else dict(json.loads(row[1]))

    def replace_commands(
        self, game_id: int, commands: list[dict[str, Any]], reopen: bool = False
    ) -> None:
        """Rewrite the whole log in one transaction (undoing an entry in the middle);
        ``reopen`` as in ``remove_last``."""
        now = time.time()
        texts = [json.dumps(c, sort_keys=True) for c in commands]
        with self._transaction():
            old = self._db.execute(
                "SELECT command FROM commands WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
            same = 0
            while same < min(len(old), len(texts)) and old[same][0] == texts[same]:
                same += 1
            # A snapshot stands for the commands before it: those after the first change go.
            snapshots.drop_after(self._db, game_id, same)
            self._db.execute("DELETE FROM commands WHERE game_id = ?", (game_id,))
            self._db.executemany(
                INSERT_COMMAND,
                [(game_id, i, c, now) for i, c in enumerate(texts)],
            )
            if reopen:
                self._db.execute(REOPEN, (game_id,))

    def save_snapshot(self, game_id: int, seq: int, body: str, keep: int = 0) -> bool:
        """Keeps ``body`` (the app's snapshot of the game after its first ``seq`` commands),
        and only the newest ``keep`` of the game's snapshots if ``keep``; False when the log
        does not hold those commands. A snapshot lost to a power cut costs a longer replay,
        never a move: so its commit does not wait for the disk (synchronous=NORMAL, for this
        one transaction; the next command's commit makes it durable with itself, and a cut
        before that loses only the snapshot, never a command committed before it)."""
        (level,) = self._db.execute("PRAGMA synchronous").fetchone()
        self._db.execute(f"PRAGMA synchronous={min(int(level), 1)}")
        try:
            with self._transaction():
                kept = snapshots.save(self._db, game_id, seq, body)
                if kept and keep:
                    snapshots.keep_newest(self._db, game_id, keep)
        finally:
            self._db.execute(f"PRAGMA synchronous={int(level)}")
        return kept

    def snapshot(self, game_id: int, at_most: int) -> Snapshot | None:
        """The newest snapshot of the game, at or before command ``at_most``, that passes its
        checks (snapshots.py); None: replay from the start."""
        return snapshots.newest_good(self._db, game_id, at_most)

    def commands_between(self, game_id: int, start: int, stop: int) -> list[dict[str, Any]]:
        """Commands ``start`` to ``stop - 1`` of the game (StoreError if any is missing)."""
        try:
            return [dict(json.loads(c)) for c, _ in _between(self._db, game_id, start, stop)]
        except (ValueError, TypeError) as e:
            raise StoreError(f"Saved game {game_id} is damaged ({e}).") from e

    def times_between(self, game_id: int, start: int, stop: int) -> list[float]:
        return [float(at) for _, at in _between(self._db, game_id, start, stop)]

    def finish(self, game_id: int) -> None:
        self._db.execute("UPDATE games SET finished = ? WHERE id = ?", (time.time(), game_id))

    def load(self, game_id: int) -> SavedGame:
        return _load(self._db, game_id)

    def newest_finished(self) -> int | None:
        """The number of the newest finished game (`altar export`'s default), or None."""
        row = self._db.execute(
            "SELECT id FROM games WHERE finished IS NOT NULL ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return None if row is None else int(row[0])

    def last_unfinished(self, lazy: bool = False) -> SavedGame | None:
        """The game to offer to resume on start: the newest one not finished. ``lazy``: its
        commands and times are read from this store (which must stay open) when first asked
        for, so resuming from a snapshot never reads those before it."""
        row = self._db.execute(
            "SELECT id FROM games WHERE finished IS NULL ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return None if row is None else _load(self._db, int(row[0]), lazy=lazy)


def _load(db: sqlite3.Connection, game_id: int, lazy: bool = False) -> SavedGame:
    """The saved game; ``lazy``: its commands and times are read when first asked for."""
    try:
        row = db.execute(
            "SELECT id, kind, setup, created FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise StoreError(f"There is no saved game number {game_id}.")
        if lazy:
            (count,) = db.execute(NEXT_SEQ, (game_id,)).fetchone()
            return SavedGame(
                id=row[0],
                kind=row[1],
                setup=json.loads(row[2]),
                commands=_Column(db, game_id, int(count), times=False),
                times=_Column(db, game_id, int(count), times=True),
                created=row[3],
            )
        rows = db.execute(
            "SELECT command, at FROM commands WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
        return SavedGame(
            id=row[0],
            kind=row[1],
            setup=json.loads(row[2]),
            commands=[json.loads(c) for c, _ in rows],
            times=[at for _, at in rows],
            created=row[3],
        )
    # Text that is not UTF-8 (SQLite's OperationalError), a page error, broken JSON.
    except (sqlite3.DatabaseError, ValueError, TypeError) as e:
        raise StoreError(f"Saved game {game_id} is damaged ({e}).") from e


# --- opening the file at start-up, whatever is there ---------------------------------------

ReplayCheck = Callable[[SavedGame], int]
"""The engine's word on a saved game (the store knows no rules): how many of its commands,
from the first, replay into a game (``len(saved.commands)`` when all do). Raises ValueError
when the game's setup itself can no longer start."""

# Where play goes on when the file at the saves path cannot be used at all (a folder, another
# program's database, a read-only file): a file beside it, so the next start finds the games
# played meanwhile. "games.sqlite" -> "games.fallback.sqlite".
FALLBACK = ".fallback"
IN_MEMORY = ":memory:"


@dataclass(frozen=True)
class SalvagedGame:
    id: int
    created: float
    finished: bool
    kept: int  # commands kept
    lost: int | None  # commands dropped; None when they could not even be counted


@dataclass(frozen=True)
class Recovery:
    """What open_store found wrong and did about it, for the app to show the players."""

    problem: str  # what was wrong, in players' words
    kept_as: str  # where the damaged file now is (untouched)
    games: tuple[SalvagedGame, ...]  # what the fresh file holds, newest first
    games_lost: int  # games that could not be saved at all
    more_may_be_lost: bool  # the list of games itself broke off
    # None: the fresh file is at the usual path (the damaged one was moved aside). Otherwise
    # the damaged file could not be moved and was left where it is: play goes on here.
    saves_in: str | None = None

    def message(self) -> str:
        name = os.path.basename(self.kept_as)
        if self.saves_in is None:
            lines = [
                f"The saved games were damaged: {self.problem}.",
                f"The damaged file is kept as {name} beside the new one.",
            ]
        else:
            lines = [
                f"The saved games file {name} could not be used: {self.problem}.",
                "It was left exactly as it is.",
                _where_games_go(self.saves_in),
            ]
        if self.games:
            lines.append("Saved from it:")
            lines += [f"- {_game_words(g)}" for g in self.games]
        else:
            lines.append("No game could be saved from it.")
        if self.games_lost:
            lost = "1 game" if self.games_lost == 1 else f"{self.games_lost} games"
            lines.append(f"Lost: {lost} that could not be read.")
        if self.more_may_be_lost:
            lines.append("Games after the damaged part could not be read and may be missing.")
        return "\n".join(lines)


@dataclass(frozen=True)
class Refusal:
    """The file at the saves path could not be used and nothing was read from it (a folder,
    another program's database, a file in use): it was left exactly as it was, and play goes
    on in the fallback file beside it (or, if even that cannot be made, unsaved)."""

    problem: str  # in players' words
    path: str  # the file that was refused, untouched
    saves_in: str  # the fallback file, or ":memory:"
    fallback_notice: Recovery | None = None  # the fallback file was itself damaged

    def message(self) -> str:
        lines = [
            f"The saved games file {self.path} could not be used: {self.problem}.",
            "It was left exactly as it is.",
            _where_games_go(self.saves_in),
        ]
        if self.fallback_notice is not None:
            lines.append(self.fallback_notice.message())
        return "\n".join(lines)


StartNotice = Recovery | Refusal


def _where_games_go(saves_in: str) -> str:
    if saves_in == IN_MEMORY:
        return "Games played now cannot be saved: they are gone when the app closes."
    return f"Games are saved in {saves_in} instead, and resume from there."


def _started(created: float) -> str:
    return time.strftime("the game started %a %d %b at %H:%M", time.localtime(created))


def _game_words(game: SalvagedGame) -> str:
    moves = f"{game.kept} move" + ("" if game.kept == 1 else "s")
    if game.lost is None:
        moves += "; any later moves could not be read"
    elif game.lost:
        moves += f"; {game.lost} later move{'' if game.lost == 1 else 's'} could not be kept"
    elif game.kept > 1:
        moves = f"all {moves}"
    state = "finished" if game.finished else "can be resumed"
    return f"{_started(game.created)}: {moves} ({state})"


class _CannotUse(Exception):
    """The file at the path can't be the store; ``copy``: its games can still be read."""

    def __init__(self, problem: str, copy: bool) -> None:
        super().__init__(problem)
        self.problem = problem
        self.copy = copy


def open_store(
    path: str, replay_check: ReplayCheck | None = None
) -> tuple[CommandStore, StartNotice | None]:
    """The store for ``path``, and a notice for the players when it is not simply that file.

    Never raises: whatever is at ``path``, the app gets a store to play on.
    - Altar's file, healthy, and the game offered for resume replays (``replay_check``, the
      engine's word): that file, no notice.
    - Altar's file, damaged (``PRAGMA quick_check``, garbage in the header, a file cut short,
      text that is not UTF-8, a game that no longer replays): it is renamed aside under a
      dated name, never changed, and a fresh file at ``path`` gets every game and command
      that could be read and replayed (a Recovery).
    - A file that can't be used in place (read-only, immutable, damaged and can't be moved):
      left as it is; its games are copied into the fallback file beside it (a Recovery with
      ``saves_in``).
    - Nothing usable (a folder, a device, another program's database, a locked file): left as
      it is, and play goes on in the fallback file (a Refusal). When even that can't be made
      the store is in memory and the notice says nothing will be saved."""
    try:
        return _open_at(path, replay_check)
    except _CannotUse as e:
        return _open_instead(path, e, replay_check)
    except Exception as e:  # a case nobody foresaw: the players still get a table
        unforeseen = f"something unexpected went wrong opening it ({type(e).__name__}: {e})"
        return _open_instead(path, _CannotUse(unforeseen, copy=False), replay_check)


def _error_words(error: BaseException) -> str:
    text = str(error) or type(error).__name__
    if salvage.is_in_use(error):  # SQLite's result code: a path or a word can't pass for it
        return f"another program is using it ({text})"
    return f"it could not be opened ({text})"


def _open_at(path: str, check: ReplayCheck | None) -> tuple[CommandStore, Recovery | None]:
    """Altar's file at ``path`` (made if there is none), salvaged if damaged; _CannotUse when
    the file is not one Altar may use where it is."""
    if path == IN_MEMORY or not os.path.exists(path):
        return _new_store(path), None
    if os.path.isdir(path):
        raise _CannotUse("it is a folder, not a file", copy=False)
    if not stat.S_ISREG(os.stat(path).st_mode):
        # A device or a pipe: never opened, reading one may never end.
        raise _CannotUse("it is not an ordinary file", copy=False)
    if not os.access(path, os.R_OK):
        raise _CannotUse("Altar may not read it", copy=False)
    owner = salvage.whose(path)
    if owner == "foreign":
        raise _CannotUse("it is another program's database, not Altar's saved games", copy=False)
    folder = os.path.dirname(os.path.abspath(path))
    if not (os.access(path, os.W_OK) and os.access(folder, os.W_OK)):
        raise _CannotUse("it cannot be written to (it is read-only)", copy=True)
    try:
        problem = salvage.diagnose(path)
    except (OSError, sqlite3.Error) as e:  # not damage: a lock, a missing permission
        raise _CannotUse(_error_words(e), copy=False) from e
    if problem is None:
        problem = _does_not_replay(path, check)
        if problem is None:
            return _new_store(path), None
    found = None
    if not _starts_as_sqlite(path):
        # Garbage where the header should be: Altar's file with a damaged start, or not a
        # database at all (a photo, a text). Only if something of Altar's reads is it Altar's
        # to move aside; anything else is left where it is.
        found = _read_games(path)
        if not found.games and not found.games_unreadable:
            raise _CannotUse("it is not a saved-games file, nor one Altar can read", copy=False)
    try:
        kept_as = _move_aside(path)
    except OSError as e:
        raise _CannotUse(
            f"it is damaged ({problem}) and could not be moved aside ({e.strerror or e})",
            copy=True,
        ) from e
    return _salvaged(path, kept_as, problem, check, found=found)


def _starts_as_sqlite(path: str) -> bool:
    with open(path, "rb") as f:
        return f.read(len(salvage.HEADER_MAGIC)) == salvage.HEADER_MAGIC


def _new_store(path: str) -> CommandStore:
    try:
        return CommandStore(path)
    except StoreError as e:
        raise _CannotUse(_error_words(e.__cause__ or e), copy=False) from e


def fallback_path(path: str) -> str:
    stem, ext = os.path.splitext(path.rstrip(os.sep) or path)
    return f"{stem}{FALLBACK}{ext}"


def _open_instead(
    path: str, refused: _CannotUse, check: ReplayCheck | None
) -> tuple[CommandStore, StartNotice]:
    """Play goes on in the fallback file beside ``path``; ``path`` is left as it is."""
    instead = fallback_path(path) if path != IN_MEMORY else IN_MEMORY
    try:
        if os.path.exists(instead):  # an earlier start fell back too: the games are there
            store, notice = _open_at(instead, check)
            return store, Refusal(refused.problem, path, instead, notice)
        if refused.copy:  # read what it holds into the fallback, leaving it as it is
            return _salvaged(instead, path, refused.problem, check, saves_in=instead)
        return _new_store(instead), Refusal(refused.problem, path, instead)
    except Exception:  # not even a file beside it: play on, unsaved, and say so
        return CommandStore(IN_MEMORY), Refusal(refused.problem, path, IN_MEMORY)


def _salvaged(
    path: str,
    source: str,
    problem: str,
    check: ReplayCheck | None,
    saves_in: str | None = None,
    found: salvage.Salvage | None = None,
) -> tuple[CommandStore, Recovery]:
    """A fresh store at ``path`` with what reads and replays from ``source`` (``found``, if
    it was read already)."""
    if found is None:
        found = _read_games(source)
    store = _new_store(path)
    # Only the game the app offers to resume is replayed (last_unfinished: the newest not
    # finished); older unfinished games are never offered, and replaying them all would
    # make start-up slower with every game ever left open.
    resumable = max((g.id for g in found.games if g.finished is None), default=None)
    games = [
        _restore(store, raw, check if raw.id == resumable else None)
        for raw in reversed(found.games)
    ]
    kept = tuple(g for g in games if g is not None)
    recovery = Recovery(
        problem=problem,
        kept_as=source,
        games=kept,
        games_lost=found.games_unreadable + len(games) - len(kept),
        more_may_be_lost=found.games_table_cut,
        saves_in=saves_in,
    )
    return store, recovery


def _read_games(source: str) -> salvage.Salvage:
    """What salvage reads from ``source``, through a scratch copy: ``source`` itself is never
    written."""
    try:
        with tempfile.TemporaryDirectory() as scratch:
            copy = os.path.join(scratch, "copy.sqlite")
            shutil.copyfile(source, copy)
            if os.path.exists(source + "-wal"):
                shutil.copyfile(source + "-wal", copy + "-wal")
            return salvage.salvage(copy, SCHEMA)
    except Exception:  # no room for the scratch copy, or nothing readable: start empty
        return salvage.Salvage([], games_unreadable=0, games_table_cut=True, rebuilt=False)


def _does_not_replay(path: str, check: ReplayCheck | None) -> str | None:
    """Players' words for why the game the app would resume no longer replays, or None.
    Read-only, so a file found damaged here is kept aside exactly as it was (WAL and all)."""
    if check is None:
        return None
    try:
        with salvage.reading(path) as db:
            if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'games'").fetchone():
                return None  # a new file: CommandStore makes the tables
            row = db.execute(
                "SELECT id FROM games WHERE finished IS NULL ORDER BY id DESC LIMIT 1"
            ).fetchone()
            if row is None:
                return None
            # Lazily, with the newest good snapshot: the check replays only the commands
            # after it (replay_check.py), so start-up costs the same at any length.
            saved = _load(db, int(row[0]), lazy=True)
            point = snapshots.newest_good(db, saved.id, len(saved.commands))
            saved = dataclasses.replace(saved, snapshot=point)
            replayed = check(saved)
    except Exception as e:  # damaged text, a setup of any shape: the file is damaged
        return f"the game to resume can no longer be read ({e})"
    if replayed < len(saved.commands):
        return f"move {replayed + 1} of {_started(saved.created)} no longer replays"
    return None


def _move_aside(path: str) -> str:
    """Renames the file (and its WAL) to a dated name beside it; returns the new name."""
    stem, ext = os.path.splitext(path)
    stamp = time.strftime("%Y-%m-%d-%H%M")
    aside = f"{stem}.damaged-{stamp}{ext}"
    n = 1
    while os.path.exists(aside):
        n += 1
        aside = f"{stem}.damaged-{stamp}-{n}{ext}"
    os.replace(path, aside)
    if os.path.exists(path + "-wal"):
        os.replace(path + "-wal", aside + "-wal")  # the WAL holds the newest commits
    if os.path.exists(path + "-shm"):
        os.remove(path + "-shm")  # only an index of the WAL, rebuilt on open
    return aside


def _restore(
    store: CommandStore, raw: salvage.RawGame, check: ReplayCheck | None
) -> SalvagedGame | None:
    """Writes one salvaged game into the fresh store, as many commands as replay; None if
    its setup no longer starts a game or it can't be written (it is not written)."""
    commands = raw.commands
    lost: int | None = None if raw.cut_short else 0
    if check is not None:
        saved = SavedGame(
            id=raw.id,
            kind=raw.kind,
            setup=json.loads(raw.setup),
            commands=[json.loads(c) for c, _ in commands],
            times=[at for _, at in commands],
            created=raw.created,
        )
        try:
            replayed = check(saved)
        except ValueError:
            return None
        if replayed < len(commands):
            lost = None if raw.cut_short else len(commands) - replayed
            commands = commands[:replayed]
    db = store._db
    try:
        db.execute("BEGIN IMMEDIATE")
        db.execute(
            "INSERT INTO games (id, kind, setup, created, finished) VALUES (?, ?, ?, ?, ?)",
            (raw.id, raw.kind, raw.setup, raw.created, raw.finished),
        )
        db.executemany(
            INSERT_COMMAND,
            [(raw.id, i, c, at) for i, (c, at) in enumerate(commands)],
        )
        db.execute("COMMIT")
    except sqlite3.Error:  # a damaged id or value SQLite refuses: this game is lost
        if db.in_transaction:
            db.execute("ROLLBACK")
        return None
    return SalvagedGame(raw.id, raw.created, raw.finished is not None, len(commands), lost)
