"""The saves code tells SQLite's errors apart by SQLite's result code, never by their words
(issue 38): a file in use from a damaged one, each made for real here (a second connection's
lock, a shared cache's table lock, bytes overwritten in a file), and an error that merely
says "locked" (a folder's name in an OSError) is not taken for a lock."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from companion_app.saves import salvage, store
from companion_app.saves.store import CommandStore


def _saves(path: Path, commands: int = 400) -> None:
    saves = CommandStore(str(path))
    game = saves.new_game("zeal", {"players": 2})
    saves.replace_commands(game, [{"n": i, "words": "x" * 80} for i in range(commands)])
    saves.close()


def _error(run: Callable[[], object]) -> BaseException:
    with pytest.raises(Exception) as caught:
        run()
    return caught.value


def test_a_file_another_connection_holds_is_in_use_not_damage(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    _saves(path)
    locker = sqlite3.connect(path, isolation_level=None)
    locker.execute("PRAGMA locking_mode=EXCLUSIVE")
    locker.execute("BEGIN EXCLUSIVE")
    # Read as diagnose reads it, without the five seconds' wait for the lock to go.
    reader = sqlite3.connect(salvage.read_only(str(path)), uri=True, timeout=0)
    try:
        error = _error(lambda: reader.execute("PRAGMA quick_check").fetchall())
    finally:
        reader.close()
        locker.close()
    assert isinstance(error, sqlite3.OperationalError)
    assert salvage.result_code(error) == salvage.SQLITE_BUSY
    assert salvage.is_in_use(error) and not salvage.is_damage(error)
    assert store._error_words(error).startswith("another program is using it (")
    assert salvage.diagnose(str(path)) is None  # let go of: the same file is healthy


def test_a_table_locked_in_a_shared_cache_is_in_use() -> None:
    """SQLITE_LOCKED (its extended code SQLITE_LOCKED_SHAREDCACHE, 262): folded to 6."""
    uri = "file:altar-locked-table?mode=memory&cache=shared"
    writer = sqlite3.connect(uri, uri=True, isolation_level=None)
    reader = sqlite3.connect(uri, uri=True, isolation_level=None)
    writer.execute("CREATE TABLE games (id INTEGER)")
    writer.execute("BEGIN")
    writer.execute("INSERT INTO games VALUES (1)")
    error = _error(lambda: reader.execute("SELECT * FROM games").fetchall())
    writer.close()
    reader.close()
    assert getattr(error, "sqlite_errorcode", None) != salvage.SQLITE_LOCKED  # extended
    assert salvage.result_code(error) == salvage.SQLITE_LOCKED
    assert salvage.is_in_use(error) and not salvage.is_damage(error)


def test_a_page_overwritten_with_garbage_is_damage_not_in_use(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    _saves(path)
    with sqlite3.connect(path) as db:
        (root,) = db.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'commands'"
        ).fetchone()
    data = bytearray(path.read_bytes())
    data[(root - 1) * 4096 : root * 4096] = random.Random(1).randbytes(4096)  # pages from 1
    path.write_bytes(bytes(data))
    db = sqlite3.connect(path)
    error = _error(
        lambda: db.execute("SELECT count(*), sum(length(command)) FROM commands").fetchall()
    )
    db.close()
    assert salvage.result_code(error) == salvage.SQLITE_CORRUPT
    assert salvage.is_damage(error) and not salvage.is_in_use(error)
    assert salvage.diagnose(str(path)) == "part of the file cannot be read"


def test_a_header_sqlite_refuses_is_garbage_though_it_starts_as_sqlite(tmp_path: Path) -> None:
    """The magic words intact, the page size after them nonsense: SQLite says SQLITE_NOTADB,
    and that code (not the words of the error) makes it the header's fault."""
    path = tmp_path / "games.sqlite"
    _saves(path)
    data = bytearray(path.read_bytes())
    data[16:18] = (3).to_bytes(2, "big")  # a page size is a power of two
    path.write_bytes(bytes(data))
    db = sqlite3.connect(path)
    error = _error(lambda: db.execute("SELECT * FROM games").fetchall())
    db.close()
    assert salvage.result_code(error) == salvage.SQLITE_NOTADB and salvage.is_damage(error)
    assert salvage.diagnose(str(path)) == salvage.HEADER_GARBAGE


def test_an_error_that_only_says_locked_is_not_a_lock(tmp_path: Path) -> None:
    """A folder named "unlocked" puts the word in every OSError about a file in it: the old
    check of the words ("locked" in the text) told the players another program was using the
    file. An SQLite error in words "malformed" (bad JSON text) is no damaged file either."""
    folder = tmp_path / "unlocked"
    folder.mkdir()
    error = _error((folder / "games.sqlite").read_bytes)
    assert isinstance(error, FileNotFoundError) and "locked" in str(error)
    assert not salvage.is_in_use(error) and salvage.result_code(error) is None
    assert store._error_words(error).startswith("it could not be opened (")
    db = sqlite3.connect(":memory:")
    malformed = _error(lambda: db.execute("SELECT json('{')").fetchall())
    db.close()
    assert "malformed" in str(malformed) and not salvage.is_damage(malformed)


def test_errors_of_python_s_sqlite3_module_carry_no_code_and_are_neither() -> None:
    db = sqlite3.connect(":memory:")
    db.close()
    closed = _error(lambda: db.execute("SELECT 1"))
    assert isinstance(closed, sqlite3.ProgrammingError)
    assert salvage.result_code(closed) is None
    assert not salvage.is_damage(closed) and not salvage.is_in_use(closed)
