"""The app killed with SIGKILL, the second 10 of its 20 kills (the first 10 are in
test_kill.py): its own module, so that pytest-xdist (--dist loadscope) runs the halves on two
workers; other moments (another seed), another database file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.kill_app import kill_the_app

APP_KILLS = 10


# 10 starts of the real app: the guard is for hangs only (see test_kill.py).
@pytest.mark.timeout(1800)
def test_every_logged_command_survives_kill_9__second_half(tmp_path: Path) -> None:
    checked = kill_the_app(tmp_path, seed=21, kills=APP_KILLS)
    assert checked >= APP_KILLS // 2, f"only {checked} of {APP_KILLS} runs got far enough"
