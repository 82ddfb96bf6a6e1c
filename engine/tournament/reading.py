"""A tournament read back from plain data, of whichever format it was written in: a Swiss
event (swiss.py) builds on the round-robin and team tournament (tournament.py), so the one
place that knows both formats sits above the two."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.tournament.swiss import SwissEvent
from engine.tournament.tournament import Tournament


def tournament_from_dict(data: Mapping[str, Any]) -> Tournament:
    """``Tournament.to_dict``'s data (or ``SwissEvent``'s) back as the event it was."""
    if data.get("format") == "swiss":
        return SwissEvent.from_dict(data)
    return Tournament.from_dict(data)
