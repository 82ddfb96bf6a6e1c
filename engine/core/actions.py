"""Actions as plain data, the same for every game: a game's actions are frozen dataclasses, and
their JSON/TOML form (the command log, scenario and save files) is {"type": class name, field:
value ...} with None fields left out (TOML has no null) and tuples written as lists."""

from __future__ import annotations

import dataclasses
from typing import Any


def action_to_dict(action: Any) -> dict[str, Any]:
    """{"type": "PlayCard", "player": 0, ...}; each game's from_dict reads it back."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if value is not None:
            out[f.name] = _plain(value)
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value
