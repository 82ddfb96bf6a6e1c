"""Kill -9 at random moments, 20 times each way: the app in a scripted game (every command it
had logged is back on restart, and the game replays from it: tests/app/kill_app.py, 10 kills
here and 10 in test_kill_second_half.py), and a writer playing Zeal straight into the store
(replaying what the store holds gives exactly the state the engine showed, by digest).

What a kill -9 can and cannot show: SQLite has written a command's WAL frames into the page
cache before its fsync returns, and the page cache outlives the process, so the window in
which a killed writer loses a command it was committing is microseconds wide. Whether the
fsync itself is needed (synchronous=FULL) is the power-loss test's question
(test_power_loss.py), not this one's."""

from __future__ import annotations

import hashlib
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion_app.saves.game_record import read_setup
from companion_app.saves.replay_check import replay_check
from companion_app.saves.store import open_store
from engine.zeal import ZealGame
from engine.zeal import actions as za
from engine.zeal.cards import sample_catalog
from engine.zeal.kind import KIND as ZEAL_KIND
from tests.app.kill_app import kill_the_app

ROOT = Path(__file__).resolve().parents[2]
KILLS = 20  # kills of the writer
APP_KILLS = 10  # kills of the app here, and 10 more in test_kill_second_half.py


# Each module's kills run on a worker of its own (pytest-xdist, --dist loadscope): the first
# half here, the second in test_kill_second_half.py, on other moments (another seed).
# 10 starts of the real app: under a CPU hog (make test-under-load) they can take longer than
# the suite's 300 s hang guard, which is no sign of a hang; this guard is for hangs only.
@pytest.mark.timeout(1800)
def test_every_logged_command_survives_kill_9(tmp_path: Path) -> None:
    checked = kill_the_app(tmp_path, seed=20, kills=APP_KILLS)
    assert checked >= APP_KILLS // 2, f"only {checked} of {APP_KILLS} runs got far enough"


# --- the engine's view against the store's: kill -9 of a writer that plays a real game -----

# Plays random legal Zeal commands (and some undos) into the store, the way the table does:
# the engine checks the command, the store commits it, and only then is it "shown": the writer
# prints the command count and a digest of the engine's whole state. Each run starts a new game
# in the same file, so every kill also tests that earlier games survive.
WRITER = """
import hashlib, random, sys
sys.path.insert(0, {root!r})
from companion_app.saves.game_record import setup_record
from engine.zeal.kind import KIND as ZEAL_KIND
from tests.app.kill_app import kill_the_app
from companion_app.saves.replay_check import replay_check
from companion_app.saves.store import open_store
from engine.zeal import ZealGame
from engine.zeal import actions as za
from engine.zeal.cards import sample_catalog
from engine.zeal.randomplay import choose, random_setup

store, recovery = open_store({db!r}, replay_check(lambda _kind: sample_catalog()))
if recovery is not None:
    print("RECOVERY", recovery.problem, flush=True)
setup = random_setup({seed})
game = ZealGame(setup)
gid = store.new_game("zeal", setup_record(ZEAL_KIND, setup, (0, 1)))
print("GAME", gid, flush=True)
rnd = random.Random({seed})

def show():
    digest = hashlib.sha256(repr(game.state).encode()).hexdigest()
    print("SHOWN", len(game.history), digest, flush=True)

show()
while True:
    if game.history and (game.is_over() or rnd.random() < 0.1):
        print("UNDOING", flush=True)
        store.remove_last(gid)
        game.undo()
    else:
        action = choose(rnd, list(game.legal_actions()))
        game.apply(action)
        store.append(gid, za.to_dict(action))
    show()
"""


def state_digest(game: ZealGame) -> str:
    return hashlib.sha256(repr(game.state).encode()).hexdigest()


def kill_a_writer(db: Path, seed: int, rng: random.Random) -> tuple[int, int, dict[int, str], str]:
    """Runs the writer, SIGKILLs it after a random number of shown states plus a random slice
    of the next command; -> its game id, the command count it showed last, the latest digest
    it showed for each count, and what it was doing when it died ("UNDOING", or "" for
    applying a command)."""
    script = WRITER.format(root=str(ROOT), db=str(db), seed=seed)
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    wanted = rng.randrange(2, 300)
    lines: list[str] = []
    try:
        for line in proc.stdout:
            lines.append(line)
            if sum(ln.startswith("SHOWN ") for ln in lines) >= wanted:
                time.sleep(rng.random() * 0.006)  # about one command's commit
                break
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    lines += proc.stdout.readlines()  # whatever it printed before it died
    game_id, last, digests, doing = 0, -1, {}, ""
    for line in lines:
        if not line.endswith("\n"):
            continue  # cut off by the kill mid-print: the writer never finished saying it
        word, _, rest = line.rstrip("\n").partition(" ")
        assert word != "RECOVERY", f"a kill -9 damaged the file: {rest}"
        if word == "GAME":
            game_id = int(rest)
        elif word == "SHOWN":
            count, digest = rest.split()
            last = int(count)
            digests[last] = digest  # the latest state shown with this many commands
            doing = ""
        elif word == "UNDOING":
            doing = word
    return game_id, last, digests, doing


def test_kill_9__the_store_replays_to_what_the_engine_showed(tmp_path: Path) -> None:
    """20 kill -9s of a writer playing Zeal into one file. After each, the file opens with no
    damage (open_store: quick_check and the engine's replay check) and, for every game so
    far, replaying the stored commands gives the state the engine last showed: the digest of
    the whole state, not just the count of commands."""
    db = tmp_path / "games.sqlite"
    rng = random.Random(14)
    shown_last: dict[int, tuple[int, dict[int, str], str]] = {}
    confirmed = 0
    for run in range(KILLS):
        game_id, last, digests, doing = kill_a_writer(db, seed=run, rng=rng)
        if not game_id or not digests:
            continue  # killed before its game was shown
        shown_last[game_id] = (last, digests, doing)
        confirmed += max(digests)
        store, recovery = open_store(str(db), replay_check(lambda _kind: sample_catalog()))
        assert recovery is None, recovery.message()
        for gid, (shown, digests_of, doing_then) in shown_last.items():
            saved = store.load(gid)
            stored = len(saved.commands)
            # Only the command under way when it died may differ: one more if it was being
            # applied, one fewer if it was being undone.
            allowed = {shown, shown - 1} if doing_then else {shown, shown + 1}
            assert stored in allowed, (run, gid, stored, shown, doing_then)
            common = min(stored, shown)
            setup = read_setup(ZEAL_KIND, saved.setup, sample_catalog()).setup
            game = ZealGame.replay(setup, [za.from_dict(c) for c in saved.commands[:common]])
            assert state_digest(game) == digests_of[common], (run, gid, common)
        store.close()
    assert len(shown_last) >= KILLS // 2
    assert confirmed > 0
