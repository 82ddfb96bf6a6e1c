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
(salvage.py) and says so in players' words (``Recovery.message``).
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion_app import salvage

SCHEMA = """
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


# WAL, and an fsync of the WAL at every commit: synchronous=FULL is what makes a command that
# append confirmed survive a power cut, not just a crash (tests/app/test_power_loss.py shows
# NORMAL and OFF losing confirmed commands where FULL never does).
PRAGMAS = ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL")
INSERT_COMMAND = "INSERT INTO commands (game_id, seq, command, at) VALUES (?, ?, ?, ?)"

# The next command's sequence number: one step down the primary key's index, however long
# the game (tests/app/test_store.py checks the query plan).
NEXT_SEQ = "SELECT COALESCE(MAX(seq), -1) + 1 FROM commands WHERE game_id = ?"


class StoreError(Exception):
    """The saved games could not be read or written; the message says what to do."""


@dataclass(frozen=True)
class SavedGame:
    id: int
    kind: str
    setup: dict[str, Any]
    commands: list[dict[str, Any]]
    times: list[float]
    created: float


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

    def new_game(self, kind: str, setup: dict[str, Any]) -> int:
        cur = self._db.execute(
            "INSERT INTO games (kind, setup, created) VALUES (?, ?, ?)",
            (kind, json.dumps(setup, sort_keys=True), time.time()),
        )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def append(self, game_id: int, command: dict[str, Any]) -> int:
        """Commit one command; returns its sequence number. Durable when this returns."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            # The newest seq, found on the (game_id, seq) primary key: O(log n), where
            # COUNT(*) walked every command of the game (1.4 ms at 50k commands, issue 13).
            (n,) = self._db.execute(NEXT_SEQ, (game_id,)).fetchone()
            self._db.execute(
                INSERT_COMMAND,
                (game_id, n, json.dumps(command, sort_keys=True), time.time()),
            )
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        return int(n)

    def remove_last(self, game_id: int) -> dict[str, Any] | None:
        """Undo's half in the log: drop the newest command, return it (None if there is none)."""
        row = self._db.execute(
            "SELECT seq, command FROM commands WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
            (game_id,),
        ).fetchone()
        if row is None:
            return None
        self._db.execute("DELETE FROM commands WHERE game_id = ? AND seq = ?", (game_id, row[0]))
        return dict(json.loads(row[1]))

    def replace_commands(self, game_id: int, commands: list[dict[str, Any]]) -> None:
        """Rewrite the whole log in one transaction (undoing an entry in the middle)."""
        now = time.time()
        self._db.execute("BEGIN IMMEDIATE")
        try:
            self._db.execute("DELETE FROM commands WHERE game_id = ?", (game_id,))
            self._db.executemany(
                INSERT_COMMAND,
                [(game_id, i, json.dumps(c, sort_keys=True), now) for i, c in enumerate(commands)],
            )
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise

    def finish(self, game_id: int) -> None:
        self._db.execute("UPDATE games SET finished = ? WHERE id = ?", (time.time(), game_id))

    def load(self, game_id: int) -> SavedGame:
        row = self._db.execute(
            "SELECT id, kind, setup, created FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise StoreError(f"There is no saved game number {game_id}.")
        rows = self._db.execute(
            "SELECT command, at FROM commands WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
        try:
            return SavedGame(
                id=row[0],
                kind=row[1],
                setup=json.loads(row[2]),
                commands=[json.loads(c) for c, _ in rows],
                times=[at for _, at in rows],
                created=row[3],
            )
        except json.JSONDecodeError as e:
            raise StoreError(f"Saved game {game_id} is damaged ({e}).") from e

    def newest_finished(self) -> int | None:
        """The number of the newest finished game (`altar export`'s default), or None."""
        row = self._db.execute(
            "SELECT id FROM games WHERE finished IS NOT NULL ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return None if row is None else int(row[0])

    def last_unfinished(self) -> SavedGame | None:
        """The game to offer to resume on start: the newest one not finished."""
        row = self._db.execute(
            "SELECT id FROM games WHERE finished IS NULL ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return None if row is None else self.load(int(row[0]))


# --- opening the file at start-up, damaged or not -------------------------------------------

ReplayCheck = Callable[[SavedGame], int]
"""The engine's word on a saved game (the store knows no rules): how many of its commands,
from the first, replay into a game (``len(saved.commands)`` when all do). Raises ValueError
when the game's setup itself can no longer start."""


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

    def message(self) -> str:
        lines = [
            f"The saved games were damaged: {self.problem}.",
            f"The damaged file is kept as {os.path.basename(self.kept_as)} beside the new one.",
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


def open_store(
    path: str, replay_check: ReplayCheck | None = None
) -> tuple[CommandStore, Recovery | None]:
    """The store at ``path``, and a Recovery when the file had to be rebuilt.

    Checks the file (``PRAGMA quick_check``) and, with ``replay_check``, that the game the app
    would offer to resume (the newest unfinished one) still replays. A damaged file is renamed
    aside, never changed or deleted, and a fresh file at ``path`` gets every game and command
    that could be read and replayed (only up to a command that no longer replays). Raises
    StoreError only when the file can't be opened for a reason that is not damage (a locked
    file, no permission, a full disk): moving it aside would not help."""
    if path == ":memory:" or not os.path.exists(path):
        return CommandStore(path), None
    try:
        problem = salvage.diagnose(path)
    except sqlite3.DatabaseError as e:
        raise StoreError(
            f"The saved games file {path} could not be opened ({e}). Nothing was changed."
        ) from e
    if problem is None:
        store = CommandStore(path)
        problem = _does_not_replay(store, replay_check)
        if problem is None:
            return store, None
        store.close()  # a healthy file: closing folds the WAL in, so the file alone is it
    try:
        kept_as = _move_aside(path)
    except OSError as e:
        raise StoreError(
            f"The saved games file {path} is damaged ({problem}) and could not be moved aside"
            f" ({e.strerror or e}). Move it aside by hand to start afresh."
        ) from e
    try:
        with tempfile.TemporaryDirectory() as scratch:
            copy = os.path.join(scratch, "copy.sqlite")
            shutil.copyfile(kept_as, copy)
            if os.path.exists(kept_as + "-wal"):
                shutil.copyfile(kept_as + "-wal", copy + "-wal")
            found = salvage.salvage(copy, SCHEMA)
    except OSError:  # no room for the scratch copy: start empty, the damaged file is kept
        found = salvage.Salvage([], games_unreadable=0, games_table_cut=True, rebuilt=False)
    store = CommandStore(path)
    # Only the game the app offers to resume is replayed (last_unfinished: the newest not
    # finished); older unfinished games are never offered, and replaying them all would
    # make start-up slower with every game ever left open.
    resumable = max((g.id for g in found.games if g.finished is None), default=None)
    games = [
        _restore(store, raw, replay_check if raw.id == resumable else None)
        for raw in reversed(found.games)
    ]
    kept = tuple(g for g in games if g is not None)
    recovery = Recovery(
        problem=problem,
        kept_as=kept_as,
        games=kept,
        games_lost=found.games_unreadable + len(games) - len(kept),
        more_may_be_lost=found.games_table_cut,
    )
    return store, recovery


def _does_not_replay(store: CommandStore, check: ReplayCheck | None) -> str | None:
    """Players' words for why the game the app would resume no longer replays, or None."""
    if check is None:
        return None
    row = store._db.execute(
        "SELECT id FROM games WHERE finished IS NULL ORDER BY id DESC LIMIT 1"
    ).fetchone()
    if row is None:
        return None
    game_id = int(row[0])
    try:
        saved = store.load(game_id)
        replayed = check(saved)
    except (StoreError, ValueError) as e:
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
    its setup no longer starts a game (it is not written)."""
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
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute(
            "INSERT INTO games (id, kind, setup, created, finished) VALUES (?, ?, ?, ?, ?)",
            (raw.id, raw.kind, raw.setup, raw.created, raw.finished),
        )
        db.executemany(
            INSERT_COMMAND,
            [(raw.id, i, c, at) for i, (c, at) in enumerate(commands)],
        )
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return SalvagedGame(raw.id, raw.created, raw.finished is not None, len(commands), lost)
