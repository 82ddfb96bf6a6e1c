"""Resume from a snapshot (issue 37): a long game resumes from the store's newest good snapshot
and replays only the commands after it, and the game is the one a replay from the start makes,
in everything the table sees: state, log, rows, story, history plot, times; undo back past the
snapshot too. A snapshot that fails its check (damaged bytes in the real file, a changed
command before it, a row of another game, a body that is not a state of this game) is passed
over and the game replays from the start, losing nothing.

Small numbers (a snapshot every 7 commands, resumed at least 5 before the end) keep it quick;
the app's own (100 and the log's 200 rows) are measured in bench/bench_long_game.py."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion_app.saves.game_record import setup_record
from companion_app.saves.store import CommandStore
from companion_app.session.game_session import GameSession
from companion_app.session.resume import Snapshots, body_of
from engine import games
from hardware.registry import TagRegistry

EVERY, KEEP = 7, 5
USED = 49  # the snapshot the resume starts from: the newest at least KEEP before the end
PLAYED = 60  # commands of a seeded random game (none of the five ends this soon at seed 1)


def _session(path: Path) -> GameSession:
    session = GameSession(CommandStore(str(path)), lambda _kind: TagRegistry(":memory:"))
    session.snapshots = Snapshots(every=EVERY, keep=KEEP)
    return session


def _play(path: Path, kind: str) -> list[Any]:
    """A real game of ``kind`` played through a session into the file at ``path``, with an
    undo and the command given again on the way; returns its commands."""
    engine = games.get(kind)
    played = engine.random_game(1, 2, PLAYED).game
    assert not played.is_over()
    actions = list(played.history)
    store = CommandStore(str(path))
    store.new_game(kind, setup_record(engine, played.setup, (0, 1)))
    store.close()
    session = _session(path)
    saved = session.saved_game()
    assert saved is not None
    session.resume(saved)
    for i, action in enumerate(actions):
        assert session.command(action), session.message
        if i == 30:  # undo back over a snapshot's position (28): the store drops it; redone
            for _ in range(4):
                assert session.undo_last(), session.message
            assert 28 not in _snapshot_seqs(path)
            for again in actions[27 : i + 1]:
                assert session.command(again), session.message
    session.store.close()
    return actions


def _resumed(path: Path) -> GameSession:
    session = _session(path)
    saved = session.saved_game()
    assert saved is not None
    session.resume(saved)
    session._refresh()
    return session


def _full_replay_of(path: Path, tmp: Path) -> GameSession:
    """The same file without its snapshots: the game as a replay from the start makes it."""
    copy = tmp / "replayed.sqlite"
    shutil.copyfile(path, copy)
    db = sqlite3.connect(copy)
    db.execute("DELETE FROM snapshots")
    db.commit()
    db.close()
    session = _resumed(copy)
    assert session.replayed_on_resume == len(session.require_game().history)
    return session


def _seen(session: GameSession, times: bool = True) -> tuple[Any, ...]:
    """Everything the table is shown, and the game behind it (``times``: with the times of
    the commands, which differ between two sessions given the same new commands)."""
    session._refresh()
    game = session.require_game()
    rows = [(r.index, r.at if times else 0, r.seat, r.text, r.folds) for r in session.log_rows]
    return (
        game.state,
        tuple(game.log),
        tuple(game.history),
        game.initial_state,
        rows,
        list(session.story),
        list(session.history),
        list(session._times) if times else len(session._times),
        session.step_text,
        list(session.prompt_lines),
        [label for label, _ in session.choices],
        session.seats,
    )


def _snapshot_seqs(path: Path) -> list[int]:
    db = sqlite3.connect(path)
    try:
        return [r[0] for r in db.execute("SELECT seq FROM snapshots ORDER BY seq")]
    finally:
        db.close()


@pytest.mark.parametrize("kind", games.kinds())
def test_a_game_resumed_from_a_snapshot_is_the_game_a_full_replay_makes(
    tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "games.sqlite"
    actions = _play(path, kind)
    seqs = _snapshot_seqs(path)
    assert seqs and seqs[-1] == 56, seqs  # every 7 commands, the newest four kept
    engine = games.get(kind).game
    applied: list[object] = []
    real_apply = engine.apply

    def counted(game: Any, action: Any) -> None:
        applied.append(action)
        real_apply(game, action)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine, "apply", counted)
        resumed = _resumed(path)
    # From the newest snapshot at least KEEP commands before the end: USED of 60. Only the
    # commands after it were applied, and worded: the log's older rows came with it.
    assert resumed.replayed_on_resume == len(applied) == PLAYED - USED
    assert resumed._rows.worded == PLAYED - USED
    replayed = _full_replay_of(path, tmp_path)
    assert _seen(resumed) == _seen(replayed)
    # Undo back past the snapshot, one command at a time, the table the same at each.
    for _ in range(PLAYED - USED + 4):
        assert resumed.undo_last() and replayed.undo_last()
        assert _seen(resumed) == _seen(replayed)
    # And forward again: both logs hold the same commands, and resume the same once more.
    for action in actions[PLAYED - 15 :]:
        assert resumed.command(action) and replayed.command(action)
    assert _seen(resumed, times=False) == _seen(replayed, times=False)
    resumed.store.close()
    assert _seen(_resumed(path), times=False) == _seen(replayed, times=False)


def _used(column: str, path: Path) -> bytes:
    db = sqlite3.connect(path)
    try:
        (value,) = db.execute(f"SELECT {column} FROM snapshots WHERE seq = {USED}").fetchone()
    finally:
        db.close()
    return str(value).encode()


def _edit_bytes(path: Path, part: bytes) -> None:
    """The first digit of ``part`` changed wherever ``part`` is in the file's own bytes (not
    through SQLite: a bit gone bad on the card; a copy left in free space changed alike)."""
    data = path.read_bytes()
    assert part in data
    digit = next(i for i, c in enumerate(part) if chr(c).isdigit())
    changed = bytearray(part)
    changed[digit] = ord("7") if part[digit] != ord("7") else ord("3")
    path.write_bytes(data.replace(part, bytes(changed)))


def _damage_newest_body(path: Path) -> None:
    _edit_bytes(path, _used("body", path)[-120:])  # its newest log lines, on one page


def _damage_newest_digest(path: Path) -> None:
    _edit_bytes(path, _used("digest", path))


def _respace_a_command(path: Path) -> None:
    """Command 45 rewritten with other spacing: the same command, but not the text the
    snapshot at 49 stands for."""
    db = sqlite3.connect(path)
    (text,) = db.execute("SELECT command FROM commands WHERE seq = 45").fetchone()
    db.execute("UPDATE commands SET command = ? WHERE seq = 45", (text.replace(", ", ",  "),))
    db.commit()
    db.close()


def _every_snapshot_moved_to_another_game(path: Path) -> None:
    store = CommandStore(str(path))
    (setup,) = store._db.execute("SELECT setup FROM games").fetchone()
    other = store.new_game("zeal", {})
    store.finish(other)
    store._db.execute("UPDATE games SET setup = ? WHERE id = ?", (setup, other))
    store._db.execute("UPDATE snapshots SET game_id = ?", (other,))
    store.close()


def _not_a_state_but_checked(path: Path) -> None:
    """A body that passes the store's checks (saved through it) but is no state at all."""
    store = CommandStore(str(path))
    store.save_snapshot(1, USED, '{"state": "[1, 2", "log": 3}')
    store.close()


def _another_games_state(path: Path) -> None:
    """A real snapshot body of another game, saved through the store so its checks pass."""
    other = games.get("deeds").random_game(2, 2, 40)
    from companion_app.session.turn_series import HistoryRecorder

    body = body_of(other.game, HistoryRecorder())
    assert body is not None
    store = CommandStore(str(path))
    store.save_snapshot(1, USED, body)
    store.close()


DAMAGE = {
    "bytes of the newest snapshot's body changed in the file": _damage_newest_body,
    "bytes of its digest changed in the file": _damage_newest_digest,
    "a command before it changed": _respace_a_command,
    "rows moved to another game": _every_snapshot_moved_to_another_game,
    "a body that is not a state": _not_a_state_but_checked,
    "another game's state": _another_games_state,
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_snapshot_that_fails_its_check_is_passed_over(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "games.sqlite"
    _play(path, "zeal" if damage != "another game's state" else "vile")
    good = _resumed(path)
    good.store.close()
    assert good.replayed_on_resume == PLAYED - USED
    DAMAGE[damage](path)
    resumed = _resumed(path)
    replayed = _full_replay_of(path, tmp_path)
    # The damaged snapshot is not used: the one before it, or none at all.
    assert resumed.replayed_on_resume > PLAYED - USED
    assert _seen(resumed) == _seen(replayed)
    assert len(resumed.require_game().history) == PLAYED  # nothing lost


def test_a_file_from_before_snapshots_opens_resumes_and_gets_them(tmp_path: Path) -> None:
    old_schema = """
    CREATE TABLE games (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, setup TEXT NOT NULL,
                        created REAL NOT NULL, finished REAL);
    CREATE TABLE commands (game_id INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
                           command TEXT NOT NULL, at REAL NOT NULL,
                           PRIMARY KEY (game_id, seq));
    """
    made = tmp_path / "made.sqlite"
    _play(made, "devacurse")
    path = tmp_path / "old.sqlite"
    old = sqlite3.connect(path)
    old.executescript(old_schema)
    old.execute(f"ATTACH '{made}' AS made")
    old.execute("INSERT INTO games SELECT * FROM made.games")
    old.execute("INSERT INTO commands SELECT * FROM made.commands")
    old.commit()
    old.close()
    resumed = _resumed(path)
    assert resumed.replayed_on_resume == PLAYED  # no snapshots yet: all of it
    assert _seen(resumed) == _seen(_full_replay_of(made, tmp_path))
    assert _snapshot_seqs(path) == []  # the table is there now, and empty
    last = list(resumed.require_game().history)[-10:]
    for _ in last:
        assert resumed.undo_last()
    for action in last:
        assert resumed.command(action)
    assert _snapshot_seqs(path) == [56]  # and play keeps them from now on
    resumed.store.close()


def test_the_store_drops_snapshots_a_rewrite_passes(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    _play(path, "zeal")
    assert _snapshot_seqs(path) == [35, 42, 49, 56]
    store = CommandStore(str(path))
    for _ in range(60 - 48):
        store.remove_last(1)  # 48 commands left: the snapshots of 49 and 56 stood for more
    assert _snapshot_seqs(path) == [35, 42]
    commands = list(store.load(1).commands)
    shorter = commands[:38] + commands[39:]  # command 38 taken out
    same = next(i for i, (a, b) in enumerate(zip(commands, shorter, strict=False)) if a != b)
    assert 38 <= same < 42
    store.replace_commands(1, shorter)
    assert _snapshot_seqs(path) == [35]  # 42 stood for command 38
    store.close()


def test_the_start_up_check_replays_only_what_follows_the_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """open_store's check that the game offered still replays (issue 14) starts from the
    newest good snapshot too: it replayed all 60 commands before, now the 4 after it."""
    from companion_app.saves.replay_check import replay_check
    from companion_app.saves.store import open_store

    path = tmp_path / "games.sqlite"
    _play(path, "zeal")
    engine = games.get("zeal").game
    applied: list[object] = []
    real_apply = engine.apply

    def counted(game: Any, action: Any) -> None:
        applied.append(action)
        real_apply(game, action)

    monkeypatch.setattr(engine, "apply", counted)
    check = replay_check(lambda kind: games.get(kind).sample_catalog())
    store, notice = open_store(str(path), check)
    store.close()
    assert notice is None and len(applied) == PLAYED - 56
    applied.clear()
    db = sqlite3.connect(path)
    db.execute("UPDATE snapshots SET body = 'damaged'")  # fails its digest: no shortcut
    db.commit()
    db.close()
    store, notice = open_store(str(path), check)
    store.close()
    assert notice is None and len(applied) == PLAYED


def test_a_snapshot_commit_leaves_the_commands_synchronous_full(tmp_path: Path) -> None:
    """A snapshot's own commit need not wait for the disk, but the next command's must (a
    command is on disk when append returns: test_power_loss.py)."""
    path = tmp_path / "games.sqlite"
    _play(path, "zeal")
    store = CommandStore(str(path))
    assert store.save_snapshot(1, 60, '{"any": "body"}')
    (level,) = store._db.execute("PRAGMA synchronous").fetchone()
    assert level == 2  # FULL
    store.close()


def test_a_snapshot_written_by_other_rules_is_ignored_and_the_game_replays_from_the_start(
    tmp_path: Path,
) -> None:
    """Every snapshot's body stamped with another rules digest (an older engine wrote them),
    saved through the store so its own checks pass: none is used, the whole log replays under
    the rules of now, and the game is the one a replay from the start makes."""
    import json

    from companion_app.engine_build import rules_digest

    path = tmp_path / "games.sqlite"
    _play(path, "zeal")
    store = CommandStore(str(path))
    bodies = store._db.execute("SELECT seq, body FROM snapshots ORDER BY seq").fetchall()
    assert len(bodies) == 4
    for seq, body in bodies:
        data = json.loads(body)
        assert data["rules"] == rules_digest()  # what the session stamped them with
        data["rules"] = "0" * 64
        store.save_snapshot(1, seq, json.dumps(data))
    store.close()
    resumed = _resumed(path)
    assert resumed.replayed_on_resume == PLAYED
    assert _seen(resumed) == _seen(_full_replay_of(path, tmp_path))
    resumed.store.close()


def test_the_rules_digest_is_the_engines_source_for_either_build() -> None:
    """Both builds of one source stamp alike (a snapshot of one resumes in the other); the
    digest is the source's, so an edit of the rules' code or card data changes it."""
    from companion_app.engine_build import rules_digest, source_digest

    assert rules_digest() == source_digest()
