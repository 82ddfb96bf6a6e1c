"""The command log: durable before shown, undo, resume, and a kill -9 at any moment."""

import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion_app.store import CommandStore, StoreError


def test_commands_come_back_in_order_after_reopening(tmp_path: Path) -> None:
    path = str(tmp_path / "games.sqlite")
    store = CommandStore(path)
    gid = store.new_game("zeal", {"players": ["Alena", "Anton"], "seed": 7})
    for i in range(5):
        assert store.append(gid, {"type": "Pass", "player": i % 2}) == i
    store.close()
    saved = CommandStore(path).last_unfinished()
    assert saved is not None and saved.id == gid
    assert saved.setup == {"players": ["Alena", "Anton"], "seed": 7}
    assert [c["player"] for c in saved.commands] == [0, 1, 0, 1, 0]


def test_undo_removes_the_newest_command_only(tmp_path: Path) -> None:
    store = CommandStore(str(tmp_path / "g.sqlite"))
    gid = store.new_game("zeal", {})
    store.append(gid, {"n": 1})
    store.append(gid, {"n": 2})
    assert store.remove_last(gid) == {"n": 2}
    assert store.load(gid).commands == [{"n": 1}]
    assert store.append(gid, {"n": 3}) == 1


def test_a_finished_game_is_not_offered_for_resume(tmp_path: Path) -> None:
    store = CommandStore(str(tmp_path / "g.sqlite"))
    gid = store.new_game("zeal", {})
    store.finish(gid)
    assert store.last_unfinished() is None


def test_a_damaged_file_says_what_to_do(tmp_path: Path) -> None:
    bad = tmp_path / "games.sqlite"
    bad.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="could not be opened"):
        CommandStore(str(bad))
    assert bad.read_bytes().startswith(b"this is not a database")  # left as it was


WRITER = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, {root!r})
    from companion_app.store import CommandStore
    store = CommandStore({path!r})
    gid = store.new_game("zeal", {{}})
    for i in range(100000):
        store.append(gid, {{"n": i}})
        print(i, flush=True)  # printed only after the command is committed
    """
)


@pytest.mark.parametrize("run", range(5))
def test_kill_9_at_a_random_moment_loses_no_committed_command(tmp_path: Path, run: int) -> None:
    path = str(tmp_path / "games.sqlite")
    script = WRITER.format(root=str(Path(__file__).parents[2]), path=path)
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    stop_after = random.Random(run).randint(5, 200)
    confirmed = -1
    for line in proc.stdout:
        confirmed = int(line)
        if confirmed >= stop_after:
            os.kill(proc.pid, signal.SIGKILL)
            break
    proc.wait()
    assert proc.returncode == -signal.SIGKILL
    saved = CommandStore(path).last_unfinished()
    assert saved is not None
    numbers = [c["n"] for c in saved.commands]
    # Every command confirmed before the kill is there, in order, with no gap and nothing
    # half-written. (The writer may have committed a few more before the kill landed.)
    assert len(numbers) >= confirmed + 1
    assert numbers == list(range(len(numbers)))


def test_the_next_sequence_number_is_one_index_step_not_a_count_of_the_game() -> None:
    """Issue 13: append counted the whole game (1.4 ms at 50k commands). The plan must be a
    SEARCH on the primary key's index, never a SCAN of the table."""
    import sqlite3

    from companion_app.store import NEXT_SEQ, SCHEMA

    db = sqlite3.connect(":memory:")
    db.executescript(SCHEMA)
    plan = " ".join(row[3] for row in db.execute("EXPLAIN QUERY PLAN " + NEXT_SEQ, (1,)))
    assert "SEARCH commands USING COVERING INDEX" in plan and "SCAN" not in plan
    db.executemany("INSERT INTO commands VALUES (1, ?, '{}', 0)", [(i,) for i in range(5)])
    assert db.execute(NEXT_SEQ, (1,)).fetchone() == (5,)
    assert db.execute(NEXT_SEQ, (2,)).fetchone() == (0,)
