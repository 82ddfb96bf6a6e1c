"""The real app killed with SIGKILL at random moments (tests/app/test_kill.py and
test_kill_second_half.py, each its own module so that pytest-xdist runs the two halves on two
workers): the scripted game of ``tests.app.drive endless`` on one database file, killed after
a random number of logged changes plus a random slice of the next; after each kill every
command it had reported as logged is back, word for word, and the game replays from it."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion_app.saves.game_record import read_setup
from companion_app.saves.store import CommandStore
from engine.zeal import ZealGame
from engine.zeal import actions as za
from engine.zeal.cards import sample_catalog
from engine.zeal.kind import KIND as ZEAL_KIND

ROOT = Path(__file__).resolve().parents[2]


def run_until_killed(db: Path, out: Path, rng: random.Random) -> tuple[int, str, bool] | None:
    """Start the app on ``db``, let it log some changes, SIGKILL it.

    -> the last change it reported as logged (count, newest command) and whether it said it
    was undoing after that, or None when it died before reporting anything. An app that
    stopped by itself before the kill (its journey failed) fails the test with its error.
    """
    env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1", "ALTAR_DB": str(db)}
    env["KIVY_HOME"] = str(out / "kivy-home")
    # Its frames are compared with no reference: no edge smoothing (tests/app/drive.py).
    env["ALTAR_MULTISAMPLES"] = "0"
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.app.drive", "endless", str(out)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    wanted = rng.randrange(1, 25)  # kill after this many reported changes, the moment it
    # says one is on disk ("LOGGED") or that the next one begins ("CHANGING": the kill then
    # lands while the app makes and commits it); the moments come from what the app says, not
    # from a guessed time
    at = rng.choice(("LOGGED ", "CHANGING"))
    lines: list[str] = []
    logged = 0
    deadline = time.monotonic() + 60
    try:
        for line in proc.stdout:
            lines.append(line)
            logged += line.startswith("LOGGED ")
            if logged >= wanted and line.startswith(at):
                break
            if time.monotonic() > deadline:
                break
    finally:
        stopped_by_itself = proc.poll() is not None
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    if stopped_by_itself:
        result = out / "result.json"
        why = json.loads(result.read_text()).get("error") if result.exists() else None
        pytest.fail(f"the app stopped by itself before the kill (exit {proc.returncode}):\n{why}")
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


def kill_the_app(tmp_path: Path, seed: int, kills: int) -> int:
    """``kills`` kill -9s of the app on one file, the moments drawn from ``seed`` (printed, so
    a failure replays); each checked. -> how many runs got far enough to check."""
    print(f"\nkill -9 of the app, {kills} times, moments from random.Random({seed})")
    db = tmp_path / "games.sqlite"
    rng = random.Random(seed)
    checked = 0
    for round_ in range(kills):
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
    return checked
