"""`altar demo --game deeds --to-the-end`: the scripted opening through the simulated device
(a scan, a dial turn), then random legal moves to a winner."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_demo__plays_to_a_winner_through_every_layer() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "companion_app.cli", "demo", "--game", "deeds", "--to-the-end"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "Alena deploys Shambler (1 Bio)" in proc.stdout
    assert "Anton's base health set to 18" in proc.stdout
    assert "Winner: " in proc.stdout
