"""Snapshots of a game kept beside its command log, so a long game resumes without replaying it
all (issue 37): resume starts from the newest good snapshot and replays only the commands after.

The command log stays the truth; a snapshot is only a shortcut to a point of it, and one that
fails its check is passed over (the game then resumes from an older one, or replays from the
start), so the players never lose a move to a damaged snapshot. The store knows no game: a
snapshot's body is text the app made (the engine's state codec), kept and checked as it is.

Each row carries two checks, both SHA-256:
- ``prefix``: of the commands just before it (the last ``WINDOW`` of them, as stored, and how
  many there are): a log rewritten under it (undo from the middle, a hand-edited file) no
  longer matches. Only the window is read, so the check costs the same at any length; every
  rewrite the store itself makes drops the snapshots it passes (``drop_after``), and a salvaged
  file starts without any, so the window is a second line, not the only one.
- ``digest``: of the body, the game's number, kind, setup text, the position and ``prefix``:
  damaged bytes, a row moved to another game or a snapshot of another setup fail it.
A digest, not a key (HMAC): the file lies on the tablet beside anything a key would, and
nothing in a body is run (the engine's codec makes only its own records, never pickle), so a
hand-made body that passes can at worst show a position the players could as well have typed
into the command log. What the body says of the rules that wrote it (a digest of the engine's
code, checked when it is read: a snapshot of older rules is passed over) is the app's, in the
body: snapshot_body.py.
"""

from __future__ import annotations

import hashlib
import sqlite3
from dataclasses import dataclass

SCHEMA = """
CREATE TABLE IF NOT EXISTS snapshots (
    game_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,          -- the commands before it: the position after command seq-1
    prefix TEXT NOT NULL,          -- SHA-256 of the commands just before it (WINDOW of them)
    digest TEXT NOT NULL,          -- SHA-256 of everything else in the row, and the game's
    body TEXT NOT NULL,            -- made by the app (the engine's state codec): opaque here
    PRIMARY KEY (game_id, seq)
);
"""

# How many of the commands before a snapshot its prefix check covers.
WINDOW = 64


@dataclass(frozen=True)
class Snapshot:
    seq: int  # the commands it stands for, from the first
    body: str


def _prefix(db: sqlite3.Connection, game_id: int, seq: int) -> str | None:
    """The check of the WINDOW commands before ``seq``; None when some of them are missing."""
    rows = db.execute(
        "SELECT seq, command FROM commands WHERE game_id = ? AND seq >= ? AND seq < ? ORDER BY seq",
        (game_id, max(0, seq - WINDOW), seq),
    ).fetchall()
    first = max(0, seq - WINDOW)
    if [r[0] for r in rows] != list(range(first, seq)):
        return None
    h = hashlib.sha256(f"{seq}\n".encode())
    for _, command in rows:
        h.update(command.encode())
        h.update(b"\n")
    return h.hexdigest()


def _digest(db: sqlite3.Connection, game_id: int, seq: int, prefix: str, body: str) -> str | None:
    row = db.execute("SELECT kind, setup FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        return None
    h = hashlib.sha256()
    for part in (str(game_id), row[0], row[1], str(seq), prefix, body):
        h.update(part.encode())
        h.update(b"\x00")
    return h.hexdigest()


def save(db: sqlite3.Connection, game_id: int, seq: int, body: str) -> bool:
    """Keeps ``body`` as the snapshot after the first ``seq`` commands (in the caller's
    transaction); False, and nothing kept, when those commands are not all in the log."""
    prefix = _prefix(db, game_id, seq)
    if prefix is None:
        return False
    digest = _digest(db, game_id, seq, prefix, body)
    if digest is None:
        return False
    db.execute(
        "INSERT OR REPLACE INTO snapshots (game_id, seq, prefix, digest, body) "
        "VALUES (?, ?, ?, ?, ?)",
        (game_id, seq, prefix, digest, body),
    )
    return True


def newest_good(db: sqlite3.Connection, game_id: int, at_most: int) -> Snapshot | None:
    """The newest snapshot at or before command ``at_most`` that passes both checks; None if
    there is none (the game replays from the start). A row that can't even be read is passed
    over as one that fails."""
    try:
        rows = db.execute(
            "SELECT seq, prefix, digest, body FROM snapshots WHERE game_id = ? AND seq <= ? "
            "ORDER BY seq DESC",
            (game_id, at_most),
        )
        for seq, prefix, digest, body in rows:
            if not (isinstance(seq, int) and seq > 0):
                continue
            if not all(isinstance(v, str) for v in (prefix, digest, body)):
                continue
            if _prefix(db, game_id, seq) != prefix:
                continue
            if _digest(db, game_id, seq, prefix, body) != digest:
                continue
            return Snapshot(seq, body)
    except (sqlite3.DatabaseError, UnicodeDecodeError, ValueError):
        return None
    return None


def drop_after(db: sqlite3.Connection, game_id: int, seq: int) -> None:
    """The log now ends before command ``seq`` (an undo) or was rewritten from it: snapshots
    of positions after it stand for commands that are gone (in the caller's transaction)."""
    db.execute("DELETE FROM snapshots WHERE game_id = ? AND seq > ?", (game_id, seq))


def keep_newest(db: sqlite3.Connection, game_id: int, keep: int) -> None:
    """Drops all but the game's newest ``keep`` snapshots (in the caller's transaction)."""
    db.execute(
        "DELETE FROM snapshots WHERE game_id = ? AND seq NOT IN "
        "(SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT ?)",
        (game_id, game_id, keep),
    )
