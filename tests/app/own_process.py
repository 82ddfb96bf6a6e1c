"""A drive of the real app (tests/app/drive.py, tests/tournament/*_drive.py) in a process of
its own, as Kivy wants (one Window a process): started from the repository's root with Kivy
told no arguments and no console log and given a home of its own beside the drive's output;
and what the drive wrote to ``OUT/result.json``, the test failed in words when the drive died
or did not pass."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_in_own_process(
    module: str, args: list[str], out: Path, timeout: float, env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m module args``, its output in ``out`` (its Kivy home there too)."""
    out.mkdir(parents=True, exist_ok=True)
    full = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1", **(env or {})}
    full["KIVY_HOME"] = str(out / "kivy-home")
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        env=full,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def result_of(
    proc: subprocess.CompletedProcess[str], out: Path, name: str = "the journey"
) -> dict[str, Any]:
    result_file = out / "result.json"
    if not result_file.exists():
        pytest.fail(f"{name} died (exit {proc.returncode}):\n{proc.stderr[-4000:]}")
    result: dict[str, Any] = json.loads(result_file.read_text())
    if not result["ok"]:
        pytest.fail(f"{name} failed:\n{result.get('error')}")
    return result
