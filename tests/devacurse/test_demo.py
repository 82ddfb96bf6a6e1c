"""`altar demo --game devacurse --to-the-end`: the scripted opening through every layer, then
random legal moves through the same table to a winner."""

from __future__ import annotations

import os
import subprocess
import sys


def test_demo__devacurse_plays_through_every_layer_to_a_winner() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "companion_app.cli", "demo", "--game", "devacurse", "--to-the-end"],
        capture_output=True,
        text=True,
        timeout=240,
        env={**os.environ, "KIVY_NO_ARGS": "1"},
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "Alena calls Iron Legionary for 2 blessings" in proc.stdout
    assert "Adjusted: Anton's Faith 20 to 18" in proc.stdout
    assert "Winner: " in proc.stdout
