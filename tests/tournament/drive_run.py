"""A tournament drive (``tests/tournament/*_drive.py``) run in its own process, as the real
app runs, with a Kivy home of its own: what it wrote to ``OUT/result.json``, failed in
words when it died or its drive did not pass."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def run_drive(module: str, out: Path) -> dict[str, Any]:
    env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1"}
    env["KIVY_HOME"] = str(out / "kivy-home")
    proc = subprocess.run(
        [sys.executable, "-m", module, str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    result_file = out / "result.json"
    assert result_file.exists(), proc.stderr[-3000:]
    result: dict[str, Any] = json.loads(result_file.read_text())
    assert result["ok"], result.get("error")
    return result
