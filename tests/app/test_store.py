"""The command log: durable before shown, undo, resume, and a kill -9 at any moment."""

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion_app.saves.game_record import read_setup, setup_record
from companion_app.saves.replay_check import replay_check
from companion_app.saves.store import CommandStore, Recovery, Refusal, StoreError, open_store
from engine.zeal import ZealGame
from engine.zeal import actions as za
from engine.zeal.cards import sample_catalog
from engine.zeal.kind import KIND as ZEAL_KIND
from engine.zeal.randomplay import choose, random_setup


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
    from companion_app.saves.store import CommandStore
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

    from companion_app.saves.store import NEXT_SEQ, SCHEMA

    db = sqlite3.connect(":memory:")
    db.executescript(SCHEMA)
    plan = " ".join(row[3] for row in db.execute("EXPLAIN QUERY PLAN " + NEXT_SEQ, (1,)))
    assert "SEARCH commands USING COVERING INDEX" in plan and "SCAN" not in plan
    db.executemany("INSERT INTO commands VALUES (1, ?, '{}', 0)", [(i,) for i in range(5)])
    assert db.execute(NEXT_SEQ, (1,)).fetchone() == (5,)
    assert db.execute(NEXT_SEQ, (2,)).fetchone() == (0,)


# --- start-up on a damaged file (issue 14): open_store keeps the file aside, salvages, starts

GAMES = 3
MOVES = 150


def _write_games(path: Path) -> dict[int, list[dict[str, Any]]]:
    """GAMES real Zeal games of MOVES random legal commands each, the way the app logs them;
    -> each game's commands. The last one is left unfinished."""
    store = CommandStore(str(path))
    logged: dict[int, list[dict[str, Any]]] = {}
    for g in range(GAMES):
        setup = random_setup(40 + g)
        game = ZealGame(setup)
        gid = store.new_game("zeal", setup_record(ZEAL_KIND, setup, (0, 1)))
        rnd = random.Random(g)
        logged[gid] = []
        while len(logged[gid]) < MOVES and not game.is_over():
            action = choose(rnd, list(game.legal_actions()))
            game.apply(action)
            logged[gid].append(za.to_dict(action))
            store.append(gid, logged[gid][-1])
        if g < GAMES - 1:
            store.finish(gid)
    store.close()  # folds the WAL into the file, as the app's exit does
    return logged


def _check_salvage(
    path: Path, logged: dict[int, list[dict[str, Any]]], recovery: Recovery | None
) -> CommandStore:
    """What every damaged-file case must give: the players are told, the damaged file is kept
    aside byte for byte, and every game in the fresh file is a prefix of what was logged and
    replays in the engine."""
    assert recovery is not None
    assert "kept as " + Path(recovery.kept_as).name in recovery.message()
    assert Path(recovery.kept_as).name.startswith("games.damaged-20")
    store = CommandStore(str(path))
    for game in recovery.games:
        saved = store.load(game.id)
        assert saved.commands == logged[game.id][: game.kept]
        ZealGame.replay(read_setup(ZEAL_KIND, saved.setup, sample_catalog()).setup, [
            za.from_dict(c) for c in saved.commands
        ])  # fmt: skip
    return store


def test_open_store__a_healthy_file_opens_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    logged = _write_games(path)
    store, recovery = open_store(str(path), replay_check(lambda _kind: sample_catalog()))
    assert recovery is None
    assert {g: store.load(g).commands for g in logged} == logged
    assert not [p for p in tmp_path.iterdir() if "damaged" in p.name]


def test_open_store__a_new_file_is_made(tmp_path: Path) -> None:
    store, recovery = open_store(str(tmp_path / "new.sqlite"))
    assert recovery is None and store.last_unfinished() is None


@pytest.mark.parametrize("damage", ["100 bytes of garbage", "the whole first page zeroed"])
def test_open_store__garbage_in_the_header_salvages_every_game(tmp_path: Path, damage: str) -> None:
    """Garbage in the 100-byte header: rebuilt from the format's fixed values. The whole
    first page (the header and the schema) zeroed: rebuilt from the store's own schema."""
    path = tmp_path / "games.sqlite"
    logged = _write_games(path)
    damaged = bytearray(path.read_bytes())
    if damage.startswith("100"):
        damaged[:100] = random.Random(1).randbytes(100)
    else:
        damaged[:4096] = bytes(4096)
    path.write_bytes(bytes(damaged))
    store, recovery = open_store(str(path), replay_check(lambda _kind: sample_catalog()))
    assert recovery is not None and "header" in recovery.problem
    assert Path(recovery.kept_as).read_bytes() == bytes(damaged)  # kept aside untouched
    _check_salvage(path, logged, recovery)
    # Every page after the header was intact, so nothing is lost: the header was rebuilt.
    assert {g.id: (g.kept, g.lost) for g in recovery.games} == {
        gid: (len(cmds), 0) for gid, cmds in logged.items()
    }
    saved = store.last_unfinished()
    assert saved is not None and saved.commands == logged[max(logged)]


def test_open_store__a_page_of_garbage_keeps_what_reads(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    logged = _write_games(path)
    data = bytearray(path.read_bytes())
    page = 4096
    pages = len(data) // page
    hit = pages // 2
    data[hit * page : (hit + 1) * page] = random.Random(2).randbytes(page)
    path.write_bytes(bytes(data))
    store, recovery = open_store(str(path), replay_check(lambda _kind: sample_catalog()))
    assert recovery is not None and "cannot be read" in recovery.problem
    assert Path(recovery.kept_as).read_bytes() == bytes(data)
    _check_salvage(path, logged, recovery)
    assert recovery.games, "the pages before and after the damaged one still held games"
    kept = sum(g.kept for g in recovery.games)
    assert 0 < kept < sum(len(c) for c in logged.values())
    store.close()


def test_open_store__a_truncated_file_keeps_the_games_before_the_cut(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    logged = _write_games(path)
    data = path.read_bytes()
    cut = data[: len(data) - 3 * 4096 - 1000]  # the last pages written never made it
    path.write_bytes(cut)
    store, recovery = open_store(str(path), replay_check(lambda _kind: sample_catalog()))
    assert recovery is not None and "end of the file is missing" in recovery.problem
    assert Path(recovery.kept_as).read_bytes() == cut
    _check_salvage(path, logged, recovery)
    assert recovery.games and any(g.lost is None for g in recovery.games)
    assert "could not be read" in recovery.message()
    store.close()


def test_open_store__a_command_that_no_longer_replays_is_cut_there(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    logged = _write_games(path)
    current = max(logged)
    db = sqlite3.connect(path)
    # A command the rules refuse: a seat that is not at the table.
    db.execute(
        "UPDATE commands SET command = ? WHERE game_id = ? AND seq = 40",
        (json.dumps({"type": "Pass", "player": 7}), current),
    )
    db.commit()
    db.close()
    store, recovery = open_store(str(path), replay_check(lambda _kind: sample_catalog()))
    assert recovery is not None
    assert recovery.problem.startswith("move 41 of the game started ")
    assert recovery.problem.endswith(" no longer replays")
    _check_salvage(path, logged, recovery)
    games = {g.id: (g.kept, g.lost) for g in recovery.games}
    assert games[current] == (40, len(logged[current]) - 40)
    assert all(games[g] == (len(logged[g]), 0) for g in logged if g != current)
    assert "40 moves; 110 later moves could not be kept (can be resumed)" in recovery.message()
    # The app resumes the cut game: it replays.
    saved = store.last_unfinished()
    assert saved is not None and saved.commands == logged[current][:40]


def test_open_store__without_a_replay_check_a_healthy_file_is_not_replayed(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    store = CommandStore(str(path))
    store.append(store.new_game("zeal", {}), {"type": "Nonsense"})
    store.close()
    assert open_store(str(path))[1] is None


def test_open_store__a_locked_file_is_refused_not_damage(tmp_path: Path) -> None:
    """Another program holds the file: it is not moved aside (it is not damaged), play goes
    on in the fallback file beside it, and the players are told (issue 22: never raises)."""
    path = tmp_path / "games.sqlite"
    _write_games(path)
    locker = sqlite3.connect(path, isolation_level=None)
    locker.execute("PRAGMA locking_mode=EXCLUSIVE")
    locker.execute("BEGIN EXCLUSIVE")
    before = path.read_bytes()
    store, notice = open_store(str(path))
    assert isinstance(notice, Refusal) and "another program is using it" in notice.message()
    assert store.path == str(tmp_path / "games.fallback.sqlite")
    store.close()
    locker.close()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.fallback.sqlite", "games.sqlite"]


def test_open_store__a_garbage_header_after_a_crash_keeps_the_commands_in_the_wal(
    tmp_path: Path,
) -> None:
    """A crash leaves the newest commits in the WAL; the rebuilt header must let SQLite read
    them too (the damaged file is moved aside together with its WAL)."""
    live = tmp_path / "live.sqlite"
    store = CommandStore(str(live))
    gid = store.new_game("zeal", {"players": 2})
    for i in range(300):
        store.append(gid, {"n": i})
    path = tmp_path / "games.sqlite"
    # Copied while the writer is still open: what a crash leaves (the WAL not folded in).
    path.write_bytes(live.read_bytes())
    Path(f"{path}-wal").write_bytes(Path(f"{live}-wal").read_bytes())
    store.close()
    with open(path, "r+b") as f:
        f.write(random.Random(3).randbytes(100))
    reopened, recovery = open_store(str(path))
    assert recovery is not None and "header" in recovery.problem
    assert Path(recovery.kept_as + "-wal").exists()
    assert reopened.load(gid).commands == [{"n": i} for i in range(300)]
    assert [(g.kept, g.lost) for g in recovery.games] == [(300, 0)]


def test_open_store__games_past_a_damaged_page_of_the_games_table_are_looked_up(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.sqlite"
    logged = _write_games(path)
    db = sqlite3.connect(path)
    try:
        leaves = [
            page
            for (page,) in db.execute(
                "SELECT pageno FROM dbstat WHERE name = 'games' AND pagetype = 'leaf' ORDER BY path"
            )
        ]
    except sqlite3.OperationalError:
        pytest.skip("this SQLite has no dbstat table to find the games' pages with")
    finally:
        db.close()
    assert len(leaves) >= 2, "the fixture's setups fill more than one page"
    data = bytearray(path.read_bytes())
    first = (leaves[0] - 1) * 4096
    data[first : first + 4096] = bytes(4096)  # the first page of games zeroed
    path.write_bytes(bytes(data))
    _, recovery = open_store(str(path), replay_check(lambda _kind: sample_catalog()))
    assert recovery is not None
    _check_salvage(path, logged, recovery)
    # The scan in id order breaks at the first page; the games on the later page are found
    # one by one from the ids the commands' index names.
    assert recovery.games and max(g.id for g in recovery.games) == max(logged)
    assert recovery.more_may_be_lost


def test_open_store__only_the_game_offered_for_resume_is_replayed(tmp_path: Path) -> None:
    """A finished game is never resumed, and replaying every old game would make start-up
    slower with every game played: a bad command in one is left for the log screen."""
    path = tmp_path / "games.sqlite"
    logged = _write_games(path)
    db = sqlite3.connect(path)
    db.execute(
        "UPDATE commands SET command = ? WHERE game_id = ? AND seq = 3",
        (json.dumps({"type": "Pass", "player": 7}), min(logged)),
    )
    db.commit()
    db.close()
    store, recovery = open_store(str(path), replay_check(lambda _kind: sample_catalog()))
    assert recovery is None
    assert store.load(min(logged)).commands[3] == {"type": "Pass", "player": 7}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, dict[int, list[Any]]]:
    path = tmp_path_factory.mktemp("written") / "games.sqlite"
    logged = _write_games(path)
    return path.read_bytes(), logged


_damage = st.one_of(
    st.tuples(st.just("page of zeros"), st.integers(0, 14), st.just(4096)),
    st.tuples(st.just("page of garbage"), st.integers(0, 14), st.just(4096)),
    st.tuples(st.just("bytes of garbage"), st.integers(0, 61_000), st.integers(1, 64)),
    st.tuples(st.just("cut at"), st.integers(0, 61_000), st.just(0)),
)


@settings(max_examples=60, deadline=None)
@given(damages=st.lists(_damage, min_size=1, max_size=3))
def test_open_store__any_damage_still_starts_with_a_game_that_replays(
    written: tuple[bytes, dict[int, list[Any]]], damages: list[tuple[str, int, int]]
) -> None:
    """Whatever happened to the file, start-up gives a store (never an exception), and the
    game it offers to resume replays in the engine."""
    original, logged = written
    data = bytearray(original)
    rnd = random.Random(len(damages))
    for kind, where, size in damages:
        start = where * 4096 if kind.startswith("page") else where
        if kind == "cut at":
            del data[start:]
        elif kind == "page of zeros":
            data[start : start + size] = bytes(len(data[start : start + size]))
        else:
            data[start : start + size] = rnd.randbytes(len(data[start : start + size]))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.sqlite"
        path.write_bytes(bytes(data))
        store, recovery = open_store(str(path), replay_check(lambda _kind: sample_catalog()))
        saved = store.last_unfinished()
        if saved is not None:
            setup = read_setup(ZEAL_KIND, saved.setup, sample_catalog()).setup
            ZealGame.replay(setup, [za.from_dict(c) for c in saved.commands])
        if isinstance(recovery, Refusal):  # nothing of Altar's read: left where it was
            assert path.read_bytes() == bytes(data) and recovery.message()
        elif recovery is not None:
            assert Path(recovery.kept_as).read_bytes() == bytes(data)
            recovery.message()
            for game in recovery.games:
                assert store.load(game.id).commands == logged[game.id][: game.kept]
        store.close()


def test_replay_check__any_registered_game_is_judged_by_its_own_engine(tmp_path: Path) -> None:
    from engine import games

    deeds = games.get("deeds")
    setup = deeds.setup_from_dict(
        {
            "players": [{"name": "Alena", "deck_size": 30}, {"name": "Anton", "deck_size": 30}],
            "seed": 3,
            "hidden_hands": True,
        },
        deeds.sample_catalog(),
    )
    game = deeds.game.start(setup)
    first = next(game.legal_actions())
    store = CommandStore(str(tmp_path / "g.sqlite"))
    gid = store.new_game("deeds", setup_record(deeds, setup, (0, 1)))
    store.append(gid, deeds.action_to_dict(first))
    check = replay_check(lambda kind: games.get(kind).sample_catalog())
    assert check(store.load(gid)) == 1
    store.append(gid, {"type": "Nonsense", "player": 0})  # a command no engine takes
    assert check(store.load(gid)) == 1  # the first replays; the second is where it stops
    unknown = store.new_game("chess", {})
    with pytest.raises(ValueError, match="does not know"):
        check(store.load(unknown))
