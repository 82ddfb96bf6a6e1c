"""`altar app` (what `make run` starts) comes up on simulated hardware and draws with no
display: --screenshot saves the first drawn scoreboard and quits."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]


def test_altar_app_simulator_starts_and_draws_offscreen(tmp_path: Path) -> None:
    shot = tmp_path / "first.png"
    env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1"}
    env["KIVY_HOME"] = str(tmp_path / "kivy-home")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion_app.cli",
            "app",
            "--simulator",
            "--players",
            "Alena,Anton",
            "--db",
            str(tmp_path / "games.sqlite"),
            "--screenshot",
            str(shot),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    image = Image.open(shot).convert("RGB")
    assert image.size == (1280, 800)
    # Drawn, not blank: the two seat colours are on screen (Alena red, Anton blue).
    colours = {px for px in image.resize((160, 100)).getdata()}
    assert any(r > 150 and g < 110 and b < 110 for r, g, b in colours), "no red seat"
    assert any(b > 150 and r < 110 for r, g, b in colours), "no blue seat"


def test_a_bad_size_is_refused_in_words(tmp_path: Path) -> None:
    env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_HOME": str(tmp_path)}
    proc = subprocess.run(
        [sys.executable, "-m", "companion_app.cli", "app", "--size", "big"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode != 0
    assert proc.returncode == 2 and "--size: must look like 1280x800" in proc.stderr


def test_make_run_takes_a_scratch_saves_file() -> None:
    """`make run DB=PATH` starts the app on PATH (a try-out must not touch the player's own
    saves); without DB, the default. Checked on what make would run (-n: nothing is run)."""

    def app_line(*extra: str) -> str:
        proc = subprocess.run(
            ["make", "-n", "run", *extra], cwd=ROOT, capture_output=True, text=True, timeout=60
        )
        assert proc.returncode == 0, proc.stderr[-2000:]
        return next(line for line in proc.stdout.splitlines() if "altar app" in line)

    assert app_line("DB=/tmp/scratch games.sqlite").endswith(
        'altar app --simulator --db "/tmp/scratch games.sqlite"'
    )
    assert "--db" not in app_line()
