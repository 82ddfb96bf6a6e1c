"""What the `altar` commands take from outside, checked before it is used (no Kivy, no engine).

A file named on the command line may be anything: a binary file, UTF-16 text from a Windows
editor, a folder, a device that never ends (/dev/zero), a pipe nobody writes to, or far too
large. ``read_text_file`` reads an ordinary file of at most ``limit`` bytes and says what is
wrong in words, naming the file. ``parse_broker`` reads "host:port" the same way. Every
command reads through these, so junk gets an answer, not a traceback.
"""

from __future__ import annotations

import argparse
import codecs
import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import sqlite3

# A scenario or saved game is a few kilobytes; a whole set's catalog some hundreds.
SCENARIO_LIMIT = 1_000_000
CATALOG_LIMIT = 4_000_000
SCRIPT_LIMIT = 1_000_000

_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


class BadInput(ValueError):
    """Input the command can't use; the message says what and where, in words."""


def _ordinary_file(path: Path, cannot: str) -> os.stat_result:
    """The stat of the ordinary file at ``path``; BadInput beginning with ``cannot`` for a
    missing file, a folder, a device or a pipe (opening a pipe waits for a writer; reading a
    device may never end)."""
    try:
        info = os.stat(path)
    except OSError as e:
        raise BadInput(f"{cannot}: {e.strerror or e}") from None
    if stat.S_ISDIR(info.st_mode):
        raise BadInput(f"{cannot}: it is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise BadInput(f"{cannot}: it is not an ordinary file (a device or a pipe)")
    return info


def read_text_file(path: Path | str, limit: int) -> str:
    """The UTF-8 text of the ordinary file at ``path``, of at most ``limit`` bytes."""
    path = Path(path)
    info = _ordinary_file(path, f"can't read {path}")
    if info.st_size > limit:
        raise BadInput(f"can't read {path}: it is {_size(info.st_size)}, more than {_size(limit)}")
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)  # the size can change between stat and read
    except OSError as e:
        raise BadInput(f"can't read {path}: {e.strerror or e}") from None
    if len(data) > limit:
        raise BadInput(f"can't read {path}: it is more than {_size(limit)}")
    return decode_text(data, str(path))


def decode_text(data: bytes, source: str) -> str:
    """``data`` as UTF-8 text (a UTF-8 byte-order mark allowed), or BadInput naming why not."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            raise BadInput(f"{source}: the file is {name} text; save it as UTF-8 and try again")
    if b"\x00" in data:
        raise BadInput(f"{source}: this is not a text file (it holds binary data)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise BadInput(
            f"{source}: line {line} is not UTF-8 text (byte {e.start + 1}); "
            "save the file as UTF-8 and try again"
        ) from None


def _size(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB" if n >= 1_000_000 else f"{n:,} bytes"


def parse_broker(text: str) -> tuple[str, int]:
    """ "host:port" (or ":port", the host then 127.0.0.1) -> (host, port); BadInput if not."""
    host, colon, port = text.strip().rpartition(":")
    if not colon:
        raise BadInput(f"the broker must be host:port, e.g. 127.0.0.1:1883, not {text!r}")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise BadInput(f"the broker's port must be a number from 1 to 65535, not {port!r}")
    host = host.strip("[]")  # [::1]:1883
    if any(c.isspace() for c in host) or "/" in host:
        raise BadInput(f"the broker's host {host!r} is not a host name or address")
    return host or "127.0.0.1", int(port)


def port_argument(text: str) -> int:
    """A TCP port for argparse's ``type=``."""
    if not text.strip().isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, not {text!r}")
    return int(text)


SQLITE_HEADER = b"SQLite format 3\x00"


def schema_tables(schema: str) -> dict[str, set[str]]:
    """The tables ``schema`` (the SQL a store runs to make its file) makes, and their columns:
    read from SQLite itself, on an empty database in memory, so a store's schema is written
    once and a check of its files follows it."""
    import sqlite3

    db = sqlite3.connect(":memory:")
    try:
        db.executescript(schema)
        return _tables(db)
    finally:
        db.close()


def _tables(db: sqlite3.Connection) -> dict[str, set[str]]:
    names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    return {n: {r[1] for r in db.execute(f"PRAGMA table_info({n!r})")} for n in names}


def check_altar_sqlite(path: Path | str, schema: str, what: str) -> bool:
    """Whether the ordinary file at ``path`` is one of Altar's SQLite files of this kind (its
    tables, where it has any, are among those ``schema`` makes, with at least their columns:
    an older file may lack a table the store has added since). False for a
    file that holds nothing yet (0 bytes, or an SQLite file without tables): the caller says
    so aloud before using it. BadInput in words for anything else: a folder, a device, a pipe,
    not SQLite, another program's database (Altar writes nothing into it). Opened read-only."""
    import sqlite3

    path = Path(path)
    info = _ordinary_file(path, f"can't use {path} as {what}")
    if info.st_size == 0:
        return False
    try:
        with open(path, "rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except OSError as e:
        raise BadInput(f"can't use {path} as {what}: {e.strerror or e}") from None
    if head != SQLITE_HEADER:
        raise BadInput(f"can't use {path} as {what}: it is not an SQLite database file")
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            columns = _tables(db)
        finally:
            db.close()
    except sqlite3.DatabaseError as e:
        raise BadInput(f"can't use {path} as {what}: it could not be read ({e})") from None
    names = sorted(columns)
    if not names:
        return False
    tables = schema_tables(schema)
    foreign = [n for n in names if n not in tables or not tables[n] <= columns[n]]
    if foreign:
        raise BadInput(
            f"can't use {path} as {what}: it is another program's database (tables "
            f"{', '.join(names)[:120]}); Altar writes nothing into it"
        )
    return True
