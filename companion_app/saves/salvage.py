"""Reading what survives in a damaged saved-games file (plain sqlite3, no rules, no Kivy).

store.open_store uses this when the file fails ``PRAGMA quick_check`` or cannot be opened as a
database at all. Everything here works on a throwaway copy: the damaged file itself is kept
aside untouched for whoever wants to look at it later.

What a damaged file can still give:
- Garbage in the 100-byte header makes SQLite refuse the whole file ("file is not a
  database") although every page after it may be intact. The header is rebuilt from the
  fixed values the file format documents (https://www.sqlite.org/fileformat2.html), trying
  each page size, and the pages are read again.
- A page error or a truncated file breaks the b-tree at some page. Rows are fetched one at a
  time, so everything read before the broken page is kept; each game's commands are read
  through the (game_id, seq) index first and by a plain table scan if that reads fewer.
A game's commands are kept up to the first gap in their sequence numbers or the first that
is not valid JSON: a later command never makes sense without all the earlier ones.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import struct
import tempfile
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

# SQLite's primary result codes (sqlite3.h): a file another connection holds, a damaged file.
SQLITE_BUSY = 5
SQLITE_LOCKED = 6
SQLITE_CORRUPT = 11
SQLITE_NOTADB = 26

HEADER_MAGIC = b"SQLite format 3\x00"
PAGE_SIZES = (4096, 1024, 2048, 8192, 16384, 32768, 65536, 512)
HEADER_GARBAGE = "the start of the file (its header) is garbage"


def result_code(error: BaseException) -> int | None:
    """SQLite's primary result code for an error SQLite itself reported (its extended code,
    SQLITE_BUSY_RECOVERY, SQLITE_CORRUPT_INDEX ..., folded to the primary one); None for
    anything else (an error of Python's sqlite3 module, a closed connection, an OSError).
    Errors are told apart by this code, never by their words."""
    code = getattr(error, "sqlite_errorcode", None) if isinstance(error, sqlite3.Error) else None
    return None if code is None else int(code) & 0xFF


def is_damage(error: BaseException) -> bool:
    """True for errors that mean the file's content is damaged (as opposed to a locked file,
    a full disk or a missing permission, which moving the file aside would not fix)."""
    return result_code(error) in (SQLITE_CORRUPT, SQLITE_NOTADB)


def is_in_use(error: BaseException) -> bool:
    """True for a file another connection holds: a lock (SQLITE_BUSY) or a table locked in a
    shared cache (SQLITE_LOCKED). Waiting, not moving the file aside, is what fixes it."""
    return result_code(error) in (SQLITE_BUSY, SQLITE_LOCKED)


# Altar's two tables and their columns (store.SCHEMA): a file that has tables but neither of
# these is someone else's database, and is never written into.
ALTAR_COLUMNS = {
    "games": ("id", "kind", "setup", "created", "finished"),
    "commands": ("game_id", "seq", "command", "at"),
}


def whose(path: str) -> str:
    """ "altar" (Altar's tables, or no tables yet), "foreign" (a database with other tables:
    not Altar's to touch) or "unreadable" (damaged, or not a database at all).

    Read with ``immutable=1``: no lock, no WAL, no -shm file made, nothing written. A schema
    that so far is only in the WAL reads as no tables, which is Altar's (a file it just
    made)."""
    if os.path.getsize(path) == 0:
        return "altar"
    try:
        db = sqlite3.connect(read_only(path, immutable=True), uri=True, isolation_level=None)
    except sqlite3.Error:
        return "unreadable"
    try:
        names = [str(r[0]) for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        matching = 0
        for table, columns in ALTAR_COLUMNS.items():
            if table in names:
                found = tuple(str(r[1]) for r in db.execute(f"PRAGMA table_info({table})"))
                matching += found == columns
    except (sqlite3.Error, UnicodeDecodeError):
        return "unreadable"
    finally:
        db.close()
    if not names or matching == len(ALTAR_COLUMNS):
        return "altar"
    # One of the two as Altar made it: Altar's file with a damaged schema.
    return "unreadable" if matching else "foreign"


@contextlib.contextmanager
def reading(path: str) -> Iterator[sqlite3.Connection]:
    """A read-only connection to ``path`` that leaves the folder as it found it: SQLite
    makes an empty WAL and its index beside a WAL-mode file even to read it, and a reader
    can't remove them on close; the ones this made are removed here."""
    side = [path + "-wal", path + "-shm"]
    there = {p for p in side if os.path.exists(p)}
    db = sqlite3.connect(read_only(path), uri=True, isolation_level=None)
    try:
        yield db
    finally:
        db.close()
        for made in (p for p in side if p not in there):
            with contextlib.suppress(OSError):
                if made.endswith("-shm") or os.path.getsize(made) == 0:
                    os.remove(made)


def read_only(path: str, immutable: bool = False) -> str:
    """The URI that opens ``path`` without writing to it (``immutable``: not its WAL either,
    and no lock)."""
    uri = "file:" + urllib.parse.quote(os.path.abspath(path)) + "?mode=ro"
    return uri + "&immutable=1" if immutable else uri


def diagnose(path: str) -> str | None:
    """What is wrong with the file at ``path`` in players' words, or None if it is healthy.

    Runs ``PRAGMA quick_check`` (every page's structure, not the index contents: linear in
    the file's size). Raises sqlite3 errors that are not damage (see is_damage)."""
    size = os.path.getsize(path)
    with open(path, "rb") as f:
        header = f.read(100)
    if size == 0:
        return None  # a new, empty file: SQLite makes it a database
    if len(header) < 100 or not header.startswith(HEADER_MAGIC):
        return HEADER_GARBAGE
    # Read-only: closing a read-write connection folds a WAL left by a crash into the file,
    # and a damaged file must be kept aside exactly as it was found.
    not_a_database = False
    with reading(path) as db:
        try:
            rows = [str(r[0]) for r in db.execute("PRAGMA quick_check")]
        except UnicodeDecodeError:
            # SQLite's error quoted a damaged byte of the tables' definitions, which Python
            # can't decode ('near "REFERE\xa7CES"': a flipped byte in the schema's text).
            rows = ["the list of what the file holds (its schema) is damaged"]
        except sqlite3.DatabaseError as e:
            if not is_damage(e):
                raise
            not_a_database = result_code(e) == SQLITE_NOTADB
            rows = [str(e)]
    if rows == ["ok"]:
        return None
    # Only now is a short file damage: mid-checkpoint, page 1 may already name pages that
    # the WAL still holds, and SQLite itself finishes that on open.
    page_size, pages = _page_size(header), struct.unpack(">I", header[28:32])[0]
    if header[24:28] == header[92:96] and 0 < size < page_size * pages:
        return f"the end of the file is missing ({size:,} of its {page_size * pages:,} bytes)"
    if not_a_database:
        return HEADER_GARBAGE
    return "part of the file cannot be read"


def _page_size(header: bytes) -> int:
    raw = struct.unpack(">H", header[16:18])[0]
    return 65536 if raw == 1 else raw


@dataclass
class RawGame:
    """One game as read back: the store's columns, and its commands as far as they go."""

    id: int
    kind: str
    setup: str  # JSON text, checked to parse
    created: float
    finished: float | None
    commands: list[tuple[str, float]] = field(default_factory=list)  # (JSON text, at)
    cut_short: bool = False  # a read failed or a gap was found: later commands may be lost


@dataclass
class Salvage:
    games: list[RawGame]
    games_unreadable: int  # game rows found whose setup could not be read
    games_table_cut: bool  # the list of games itself broke off: more may have been lost
    rebuilt: bool  # the first page or its header had to be rebuilt to read anything


def salvage(path: str, schema: str) -> Salvage:
    """Everything readable in the damaged database at ``path`` (a copy: this may rewrite its
    first page and let SQLite roll its WAL into it). ``schema`` is the SQL that made it."""
    rebuilt = False
    if not _readable(path):
        rebuilt = _rebuild_header(path) or _rebuild_first_page(path, schema)
    db = sqlite3.connect(path, isolation_level=None)
    try:
        games, unreadable, cut = _games(db)
        for game in games:
            _commands(db, game)
    finally:
        db.close()
    return Salvage(games, unreadable, cut, rebuilt)


def _readable(path: str) -> bool:
    """True when SQLite can read the schema (the header and page 1 make sense)."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        return "games" in names
    except sqlite3.DatabaseError:
        return False
    finally:
        db.close()


def _rebuild_header(path: str) -> bool:
    """Writes a fresh header over the first 100 bytes, trying each page size until the schema
    reads; True if one did (the file is left with the last header tried otherwise)."""
    wal = os.path.exists(path + "-wal")
    size = os.path.getsize(path)
    for page_size in PAGE_SIZES:
        if size < page_size:
            continue
        header = bytearray(100)
        header[0:16] = HEADER_MAGIC
        header[16:18] = struct.pack(">H", 1 if page_size == 65536 else page_size)
        header[18] = header[19] = 2 if wal else 1  # WAL mode only if there is a WAL to read
        header[21:24] = bytes((64, 32, 32))  # payload fractions: fixed by the format
        header[24:28] = struct.pack(">I", 1)  # change counter
        # 28..32: database size 0 means "use the file's size"
        header[40:44] = struct.pack(">I", 1)  # schema cookie
        header[44:48] = struct.pack(">I", 4)  # schema format 4
        header[56:60] = struct.pack(">I", 1)  # UTF-8
        header[92:96] = struct.pack(">I", 1)  # version-valid-for
        header[96:100] = struct.pack(">I", sqlite3.sqlite_version_info[0] * 1_000_000)
        with open(path, "r+b") as f:
            f.write(header)
        if _readable(path):
            return True
    return False


def _rebuild_first_page(path: str, schema: str) -> bool:
    """Page 1 holds the header and the schema table, which says where each table's pages
    start. When it is lost, the schema is known (the store's own, run on a new file, puts
    the tables' roots on pages 2, 3 and 4 in the same order), so page 1 of a new file made
    with it points at the old tables. Only for the default 4,096-byte pages the store uses."""
    with tempfile.TemporaryDirectory() as scratch:
        fresh = os.path.join(scratch, "fresh.sqlite")
        db = sqlite3.connect(fresh)
        db.execute("PRAGMA page_size=4096")
        db.executescript(schema)
        db.close()
        with open(fresh, "rb") as f:
            page = bytearray(f.read(4096))
    page[28:32] = bytes(4)  # size 0: the file's own size, not the new file's 4 pages
    if os.path.exists(path + "-wal"):
        page[18] = page[19] = 2
    with open(path, "r+b") as f:
        f.write(page)
    return _readable(path)


def _games(db: sqlite3.Connection) -> tuple[list[RawGame], int, bool]:
    """The games' rows in id order; if the scan breaks off, each id the commands' index
    still names (or below) is looked up on its own, since its row may be on a good page."""
    rows, cut = _all_rows(db, "SELECT id, kind, setup, created, finished FROM games ORDER BY id")
    if cut:
        seen = {int(r[0]) for r in rows}
        named, _ = _all_rows(db, "SELECT DISTINCT game_id FROM commands ORDER BY game_id")
        highest = max([*seen, *(int(r[0]) for r in named), 0])
        for game_id in range(1, highest + 1):
            if game_id not in seen:
                found, _ = _all_rows(
                    db,
                    "SELECT id, kind, setup, created, finished FROM games WHERE id = ?",
                    (game_id,),
                )
                rows += found
        rows.sort(key=lambda r: int(r[0]))
    games: list[RawGame] = []
    unreadable = 0
    for game_id, kind, setup, created, finished in rows:
        try:
            if not isinstance(setup, str) or not isinstance(json.loads(setup), dict):
                raise ValueError("a setup is a JSON table")
            if finished is not None and not isinstance(finished, (int, float)):
                finished = 0.0  # damaged, but it was set: the game was finished
            games.append(RawGame(int(game_id), str(kind), setup, float(created), finished))
        except (TypeError, ValueError):
            unreadable += 1
    return games, unreadable, cut


def _all_rows(
    db: sqlite3.Connection, sql: str, args: tuple[object, ...] = ()
) -> tuple[list[tuple[Any, ...]], bool]:
    """Rows one at a time until the end or the first that cannot be read (-> True)."""
    out: list[tuple[Any, ...]] = []
    try:
        cursor = db.execute(sql, args)
        while (row := cursor.fetchone()) is not None:
            out.append(tuple(row))
    except sqlite3.DatabaseError:
        return out, True
    return out, False


def _commands(db: sqlite3.Connection, game: RawGame) -> None:
    """The game's commands from seq 0 on, as far as they read; the longer of two ways."""
    by_index, index_failed = _rows(
        db, "SELECT seq, command, at FROM commands WHERE game_id = ? ORDER BY seq", game.id
    )
    best, cut = _contiguous(by_index)
    if index_failed:
        by_scan, _ = _rows(
            db, "SELECT seq, command, at FROM commands NOT INDEXED WHERE game_id = ?", game.id
        )
        from_scan, _ = _contiguous(sorted(by_scan))
        best = max(best, from_scan, key=len)
        cut = True
    game.commands = best
    game.cut_short = cut


def _rows(
    db: sqlite3.Connection, sql: str, game_id: int
) -> tuple[list[tuple[int, str, float]], bool]:
    """A game's command rows until the end or the first unreadable one (-> True)."""
    rows, cut = _all_rows(db, sql, (game_id,))
    out: list[tuple[int, str, float]] = []
    for seq, command, at in rows:
        if not isinstance(seq, int) or not isinstance(command, str):
            return out, True
        out.append((seq, command, float(at) if isinstance(at, (int, float)) else 0.0))
    return out, cut


def _contiguous(rows: list[tuple[int, str, float]]) -> tuple[list[tuple[str, float]], bool]:
    """Commands 0, 1, 2 ... up to the first gap or bad JSON (-> True if one was found)."""
    kept: list[tuple[str, float]] = []
    for expected, (seq, command, at) in enumerate(rows):
        if seq != expected:
            return kept, True
        try:
            json.loads(command)
        except ValueError:
            return kept, True
        kept.append((command, at))
    return kept, False
