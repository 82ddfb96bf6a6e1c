"""The game's command log on disk: every command is committed here before it is shown.

SQLite in WAL mode with ``synchronous=FULL``: a command is on disk when ``append`` returns, so
a crash, a kill -9 or a flat battery loses nothing that the players saw. A game is its setup
plus the list of commands applied to it; resuming is replaying that list (the engine's replay
is fast: see bench/). Undo removes the last command from the log, so the log always equals the
state on screen.

The store knows nothing of the rules: setups and commands are JSON-ready dicts that the engine
makes and reads.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from typing import Any

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
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
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
                "INSERT INTO commands (game_id, seq, command, at) VALUES (?, ?, ?, ?)",
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
                "INSERT INTO commands (game_id, seq, command, at) VALUES (?, ?, ?, ?)",
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

    def last_unfinished(self) -> SavedGame | None:
        """The game to offer to resume on start: the newest one not finished."""
        row = self._db.execute(
            "SELECT id FROM games WHERE finished IS NULL ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return None if row is None else self.load(int(row[0]))
