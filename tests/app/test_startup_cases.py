"""Whatever is at the saves path, start-up goes on (issue 22): a folder, another program's
database (with or without a table called "games"), a device, an immutable file, a command
whose text is not UTF-8. A file that is not Altar's is never touched; one Altar can't use is
kept byte for byte; the players are told in words where their games go."""

import sqlite3
import subprocess
from pathlib import Path

import pytest

from companion_app.saves.store import CommandStore, Refusal, open_store
from tests.app.test_startup_fuzz import _saved_games, start_app_path


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def test_a_folder_at_the_path_is_refused_and_play_goes_on_beside_it(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    path.mkdir()
    outcome, words = start_app_path(path)
    assert outcome == "refuse" and "it is a folder, not a file" in words
    assert "games.fallback.sqlite" in words and path.is_dir() and not any(path.iterdir())
    # The next start resumes what was played on the fallback file.
    store, notice = open_store(str(path))
    store.new_game("zeal", {})
    store.close()
    store, notice = open_store(str(path))
    assert isinstance(notice, Refusal) and store.path.endswith("games.fallback.sqlite")
    assert store.last_unfinished() is not None


@pytest.mark.parametrize("with_games_table", [True, False])
def test_another_programs_database_is_never_touched(tmp_path: Path, with_games_table: bool) -> None:
    path = tmp_path / "games.sqlite"
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode=WAL")  # touching it would fold or leave a WAL
    if with_games_table:
        db.execute("CREATE TABLE games (name TEXT, score INTEGER)")  # not Altar's columns
        db.execute("INSERT INTO games VALUES ('chess', 3)")
    else:
        db.execute("CREATE TABLE recipes (name TEXT)")
    db.commit()
    db.close()
    before = path.read_bytes()
    outcome, words = start_app_path(path)
    assert outcome == "refuse" and "another program's database" in words, words
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.fallback.sqlite", "games.sqlite"]


def test_a_device_at_the_path_is_never_read(tmp_path: Path) -> None:
    link = tmp_path / "games.sqlite"
    link.symlink_to("/dev/zero")  # reading it would never end
    outcome, words = start_app_path(link)
    assert outcome == "refuse" and "not an ordinary file" in words


def test_a_command_whose_text_is_not_utf8_is_salvaged_up_to_it(tmp_path: Path) -> None:
    """SQLite's "Could not decode to UTF-8 column 'command'" once stopped the app."""
    path = tmp_path / "games.sqlite"
    _saved_games(path)
    data = bytearray(path.read_bytes())
    # Inside the text of a command of the game to resume (devotion is the second player's).
    at = data.index(b'{"current": 11, "maximum": 12, "player": 1, "type": "SetDevotion"}')
    data[at + 3] = 0xFF
    path.write_bytes(bytes(data))
    outcome, words = start_app_path(path)
    assert outcome == "salvage" and "can be resumed" in words, words
    (kept,) = tmp_path.glob("games.damaged-*")
    assert kept.read_bytes() == bytes(data)


def test_an_immutable_file_is_copied_from_not_written(tmp_path: Path) -> None:
    """An immutable (chattr +i) file opened, and the first command raised "attempt to write a
    readonly database". Now its games are copied beside it and play goes on there."""
    path = tmp_path / "games.sqlite"
    _saved_games(path)
    if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode != 0:
        pytest.skip("chattr +i needs CAP_LINUX_IMMUTABLE, which this machine does not give")
    try:
        before = path.read_bytes()
        outcome, words = start_app_path(path)  # resumes from the copy and plays a move
        assert outcome == "salvage" and "cannot be written to" in words, words
        assert "games.fallback.sqlite" in words and "can be resumed" in words
        outcome, words = start_app_path(path)  # the next start goes on from the copy
        assert outcome == "refuse" and "games.fallback.sqlite" in words, words
        store, _notice = open_store(str(path))
        saved = store.last_unfinished()
        store.close()
        assert (
            saved is not None
            and saved.commands[-2:]
            == [{"type": "SetDevotion", "player": 0, "current": 1, "maximum": 12}] * 2
        )  # the move played at each start is kept
        assert path.read_bytes() == before
        assert sorted(p.name for p in tmp_path.iterdir()) == [
            "games.fallback.sqlite",
            "games.sqlite",
        ]
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_when_nothing_can_be_written_play_goes_on_unsaved_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    path.mkdir()
    (tmp_path / "games.fallback.sqlite").mkdir()  # nor beside it
    outcome, words = start_app_path(path)
    assert outcome == "refuse" and "cannot be saved" in words


def test_an_empty_file_is_a_new_store(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    path.write_bytes(b"")
    assert start_app_path(path) == ("load", "")


def test_a_crashed_file_that_no_longer_replays_is_kept_aside_with_its_wal(tmp_path: Path) -> None:
    """A crash leaves the newest commits in the WAL. Checking the file must not fold the WAL
    into it (a read-write connection does on close): what is kept aside is what was found."""
    live = tmp_path / "live.sqlite"
    _saved_games(live)
    store = CommandStore(str(live))  # open, as at a crash: the next commits stay in the WAL
    saved = store.last_unfinished()
    assert saved is not None
    store.append(saved.id, {"type": "NoSuchAction", "player": 0})  # no longer replays
    folder = tmp_path / "crashed"
    folder.mkdir()
    path = folder / "games.sqlite"
    path.write_bytes(live.read_bytes())
    (folder / "games.sqlite-wal").write_bytes(Path(f"{live}-wal").read_bytes())
    store.close()
    found = _tree(folder)
    outcome, words = start_app_path(path)
    assert outcome == "salvage" and "no longer replays" in words, words
    (kept,) = folder.glob("games.damaged-*.sqlite")
    assert kept.read_bytes() == found["games.sqlite"]
    assert Path(f"{kept}-wal").read_bytes() == found["games.sqlite-wal"]
