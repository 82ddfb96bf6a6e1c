"""The commands that read Altar's SQLite files by their tables (`altar export`, `altar unclaim`)
take those tables from the store's own schema, written once (issue 38): a table the store adds
is one the commands know, and a file the store made is never called another program's."""

from __future__ import annotations

import argparse
import json
import sqlite3
from pathlib import Path

import pytest

from companion_app.commands import export
from companion_app.commands.args import BadInput, check_altar_sqlite, schema_tables
from companion_app.saves import salvage, store
from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from engine.zeal import actions as za
from hardware import keys
from hardware.registry import TagRegistry


def _file_tables(path: Path) -> dict[str, set[str]]:
    db = sqlite3.connect(path)
    try:
        names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {n: {r[1] for r in db.execute(f"PRAGMA table_info({n!r})")} for n in names}
    finally:
        db.close()


def test_altar_export_reads_a_file_the_store_made_with_every_table_it_has(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A saves file as the app leaves it (a game, its commands, a snapshot): every table the
    store makes is in it, and export takes it as a saved games file. A table added to the
    store's SCHEMA and missing from a list in export would make this file "another program's
    database" (exit 2), as the snapshots table once nearly did."""
    db = tmp_path / "games.sqlite"
    saves = CommandStore(str(db))
    session = GameSession(saves, lambda _k: TagRegistry(":memory:"))
    session.auto_advance_s = 0
    session.start_new(["Alena", "Anton"], seed=3, first_player=0, kind="zeal")
    assert session.command(za.SetDevotion(0, current=4))
    assert saves.save_snapshot(session.game_id, 1, "a body the store keeps as it is")
    saves.close()
    assert _file_tables(db) == schema_tables(store.SCHEMA)
    assert {"games", "commands", "snapshots"} <= set(_file_tables(db))
    out = tmp_path / "replay.json"
    args = argparse.Namespace(db=str(db), out=out, game=session.game_id)
    assert export.run(args) == 0, capsys.readouterr().out
    assert len(json.loads(out.read_text())["views"]) == 2


def test_a_table_the_schema_does_not_make_is_another_program_s(tmp_path: Path) -> None:
    """The check follows the schema it is given: the same file is Altar's for a schema with
    its extra table, and another program's for the store's schema without it."""
    db = tmp_path / "games.sqlite"
    added = "CREATE TABLE IF NOT EXISTS seating (game_id INTEGER, seat INTEGER, name TEXT);"
    CommandStore(str(db)).close()
    with sqlite3.connect(db) as made:
        made.executescript(added)
    assert check_altar_sqlite(db, store.SCHEMA + added, "a saved games file")
    with pytest.raises(BadInput, match="another program's database"):
        check_altar_sqlite(db, store.SCHEMA, "a saved games file")


def test_an_older_saves_file_without_a_newer_table_is_still_altar_s(tmp_path: Path) -> None:
    """A file from before snapshots has only games and commands: still a saved games file."""
    db = tmp_path / "games.sqlite"
    CommandStore(str(db)).close()
    with sqlite3.connect(db) as made:
        made.execute("DROP TABLE snapshots")
    assert set(_file_tables(db)) == {"games", "commands"}
    assert check_altar_sqlite(db, store.SCHEMA, "a saved games file")


def test_altar_unclaim_reads_the_key_file_by_the_key_store_s_own_tables(tmp_path: Path) -> None:
    path = tmp_path / "device-keys.sqlite"
    made = keys.KeyStore(str(path))
    made.store("a1b2c3d4", bytes(16))
    assert (
        _file_tables(path)
        == schema_tables(keys.SCHEMA)
        == {
            "device_key": {"device", "key"},
            "setting": {"name", "value"},
        }
    )
    assert check_altar_sqlite(path, keys.SCHEMA, "the table's key file")
    with pytest.raises(BadInput, match="another program's database"):
        check_altar_sqlite(path, store.SCHEMA, "a saved games file")


def test_salvage_knows_the_store_s_two_first_tables_column_for_column() -> None:
    """salvage.whose tells Altar's file by its first two tables, column for column in order
    (it can't import the store, which imports it): they must be the store's."""
    db = sqlite3.connect(":memory:")
    db.executescript(store.SCHEMA)
    for table, columns in salvage.ALTAR_COLUMNS.items():
        assert tuple(r[1] for r in db.execute(f"PRAGMA table_info({table})")) == columns
    db.close()
