"""Where the saved games live (no Kivy here: `altar export` finds them without a window)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def default_db_path() -> str:
    """Where saved games live: the app's data folder, or ALTAR_DB when set (tests)."""
    override = os.environ.get("ALTAR_DB")
    if override:
        return override
    base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "altar"
    # A folder that can't be made is open_store's to refuse in words, not a crash here.
    with contextlib.suppress(OSError):
        base.mkdir(parents=True, exist_ok=True)
    return str(base / "games.sqlite")
