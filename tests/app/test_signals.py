"""SIGTERM (what a tablet's OS sends to end an app) and SIGINT (Ctrl-C) save and exit with
code 0, asking nothing, and the next start resumes the game (issue 22). Once SIGTERM opened
the Leave popup and the app kept running.

Each test sends the real signal to the real app drawn by Kivy offscreen: the scripted app of
tests/app/drive.py with a burst of taps still open (it must be committed on the way out),
and `altar app --simulator` itself. How long each took to exit is printed, not asserted
(the machine may be loaded); the bound on the wait only turns a hang into a failure."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from kivy.clock import Clock

from companion_app.saves.replay_check import replay_check
from companion_app.saves.store import open_store
from companion_app.session.game_session import GameSession
from engine.zeal.cards import sample_catalog
from hardware.registry import TagRegistry

ROOT = Path(__file__).resolve().parents[2]
HANG_S = 30  # far above a second; only a hang gets here


def _env(db: Path, out: Path) -> dict[str, str]:
    env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1", "ALTAR_DB": str(db)}
    env["KIVY_HOME"] = str(out / "kivy-home")
    env["PYTHONPATH"] = str(ROOT)
    return env


def _resume(db: Path) -> GameSession:
    """The next start, as the app does it: open the store, resume the game it offers."""
    store, notice = open_store(str(db), replay_check(lambda _kind: sample_catalog()))
    assert notice is None, notice.message()
    session = GameSession(store, lambda _kind: TagRegistry(":memory:"))
    saved = session.saved_game()
    assert saved is not None, "the game is offered for resume"
    session.resume(saved)
    return session


def _stop(proc: subprocess.Popen[str], signum: signal.Signals) -> float:
    sent = time.monotonic()
    proc.send_signal(signum)
    try:
        proc.wait(timeout=HANG_S)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise AssertionError(f"{signum.name}: the app was still running after {HANG_S} s") from None
    return time.monotonic() - sent


def test_sigterm_commits_the_open_burst_exits_0_and_the_game_resumes(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.app.drive", "saved_on_signal", str(tmp_path)],
        cwd=ROOT,
        env=_env(db, tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    logged = None
    for line in proc.stdout:  # ends when the process does: a journey failure fails below
        if line.startswith("READY "):
            logged = int(line.split()[1])
            break
    assert logged is not None, json.loads((tmp_path / "result.json").read_text())
    took = _stop(proc, signal.SIGTERM)
    print(f"\nSIGTERM to exit: {took:.2f} s (target: within 1 s)")
    result = json.loads((tmp_path / "result.json").read_text())
    assert proc.returncode == 0, result
    assert result["ok"], result
    session = _resume(db)
    game = session.require_game()
    # The two taps became one command on the way out, and the game goes on from there.
    assert len(game.history) == logged + 1
    assert game.state.players[0].devotion == 2


def test_sigint_ends_altar_app_with_0_and_the_next_start_offers_the_game(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion_app.cli", "app", "--simulator"]
        + ["--players", "Alena,Anton", "--db", str(db)],
        cwd=tmp_path,
        env=_env(db, tmp_path),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    # The game row is written in on_start, inside Kivy's loop: the handlers are in by then.
    deadline = time.monotonic() + HANG_S
    while not _has_a_game(db):
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else proc.returncode
        assert time.monotonic() < deadline, "the app never started its game"
        time.sleep(0.1)
    took = _stop(proc, signal.SIGINT)
    print(f"\nSIGINT to exit: {took:.2f} s (target: within 1 s)")
    stderr = proc.stderr.read() if proc.stderr else ""
    assert proc.returncode == 0, stderr[-2000:]
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr[-2000:]
    session = _resume(db)
    Clock.tick()  # the redraw that fills the seats
    assert [s.name for s in session.seats] == ["Alena", "Anton"]


def _has_a_game(db: Path) -> bool:
    import sqlite3

    if not db.exists():
        return False
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            return conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] > 0
    except sqlite3.Error:
        return False
