"""Kill the app (SIGKILL) at random moments in a scripted game, 20 times: every command the
app had logged is back on restart, and the game replays from it."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from companion_app.game_record import read_setup
from companion_app.store import CommandStore
from engine.zeal import ZealGame
from engine.zeal import actions as za
from engine.zeal.cards import sample_catalog
from engine.zeal.kind import KIND as ZEAL_KIND

ROOT = Path(__file__).resolve().parents[2]
KILLS = 20


def run_until_killed(db: Path, out: Path, rng: random.Random) -> tuple[int, str, bool] | None:
    """Start the app on ``db``, let it log some changes, SIGKILL it.

    -> the last change it reported as logged (count, newest command) and whether it said it
    was undoing after that, or None when it died before reporting anything.
    """
    env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1", "ALTAR_DB": str(db)}
    env["KIVY_HOME"] = str(out / "kivy-home")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.app.drive", "endless", str(out)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    wanted = rng.randrange(1, 25)  # kill after this many reported changes ...
    extra = rng.random() * 0.05  # ... plus a random slice of time into the next one
    lines: list[str] = []
    deadline = time.monotonic() + 60
    try:
        for line in proc.stdout:
            lines.append(line)
            if sum(1 for ln in lines if ln.startswith("LOGGED ")) >= wanted:
                time.sleep(extra)
                break
            if time.monotonic() > deadline:
                break
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    # Whatever it printed before it died is still in the pipe.
    lines += proc.stdout.readlines()
    last: tuple[int, str, bool] | None = None
    for line in lines:
        if line.startswith("LOGGED "):
            count, _, command = line[len("LOGGED ") :].rstrip("\n").partition(" ")
            last = (int(count), command, False)
        elif line.startswith("UNDOING") and last is not None:
            last = (last[0], last[1], True)
    return last


def test_every_logged_command_survives_kill_9(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    rng = random.Random(20)
    checked = 0
    for round_ in range(KILLS):
        last = run_until_killed(db, tmp_path / f"run{round_}", rng)
        if last is None:
            continue  # killed before the first change: nothing was reported
        count, command, undoing = last
        store = CommandStore(str(db))
        saved = store.last_unfinished()
        assert saved is not None, "the game was lost"
        if undoing:
            # Killed while taking the newest command back: it may or may not be gone.
            assert len(saved.commands) >= count - 1, (round_, len(saved.commands), count)
        else:
            # Everything it reported is on disk, word for word (it may have logged more).
            assert len(saved.commands) >= count, (round_, len(saved.commands), count)
            if count:
                assert json.dumps(saved.commands[count - 1], sort_keys=True) == command
        # And the log replays into the same game the engine would make from it.
        setup = read_setup(ZEAL_KIND, saved.setup, sample_catalog()).setup
        game = ZealGame.replay(setup, [za.from_dict(c) for c in saved.commands])
        assert len(game.history) == len(saved.commands)
        store.close()
        checked += 1
    assert checked >= KILLS // 2, f"only {checked} of {KILLS} runs got far enough to check"
