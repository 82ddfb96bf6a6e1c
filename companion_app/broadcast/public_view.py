"""A table's public view: what every player at the table can see, as plain JSON-ready data.

It is made from the same records the tablet's own screens draw (``seat_views``: the adapter's
counters, badges and lines; the engine's status, prompts and log), so a viewer at home sees no
more than a player across the table does: never a hand, a deck's order or a face-down card's
name, in any game. The engine's prompts are left out: addressed to one player, they may list
what that player can play (their hand, when the engine knows it). No Kivy, no MQTT here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion_app.games.base import AnyGame, GameAdapter
from companion_app.session.folding import story
from companion_app.session.views import seat_views

FORMAT_VERSION = 1
LOG_LINES = 12  # the newest lines of the table's log a viewer sees


def _hex(colour: Sequence[float]) -> str:
    return "#" + "".join(f"{round(c * 255):02x}" for c in colour[:3])


def log_lines(game: AnyGame, adapter: GameAdapter, count: int = LOG_LINES) -> list[str]:
    """The newest ``count`` lines of the engine's log as the log screen words them: a run of
    passes told once."""
    log = game.log
    recent = log[max(0, len(log) - 4 * count) :]
    return story(recent, adapter.folds_line, game.player_names(), adapter.turn_word)[-count:]


def public_view(
    game: AnyGame,
    adapter: GameAdapter,
    table: str,
    title: str = "",
    colours: Sequence[int] = (),
) -> dict[str, Any]:
    """The table's state as every player sees it, numbered by the commands played so far
    (``seq``), so a viewer keeps the newest and a replay steps through them in order."""
    status = game.status()
    names = game.player_names()
    acting = game.acting_player()
    outcome = game.outcome()
    winner = outcome.winner if outcome is not None else None
    seats = [
        {
            "name": view.name,
            "colour": _hex(view.colour),
            "counters": [
                {
                    "label": c.label,
                    "value": c.value,
                    "note": c.note,
                    "big": c.big,
                    "dimmed": c.dimmed,
                }
                for c in view.counters
            ],
            "badges": list(view.badges),
            "lines": list(view.lines),
            "eliminated": view.eliminated,
            "active": view.active,
            "acting": view.acting,
        }
        for view in seat_views(game, adapter, list(colours))
    ]
    return {
        "v": FORMAT_VERSION,
        "table": table,
        "seq": len(game.history),
        "kind": adapter.kind,
        "game": adapter.engine.title,
        "title": title,
        "turn": status.turn,
        "phase": status.phase,
        "active": names[status.active] if status.active is not None else None,
        "acting": names[acting] if acting is not None else None,
        "waiting": list(status.waiting),
        "log": log_lines(game, adapter),
        "over": outcome is not None,
        "winner": names[winner] if winner is not None else None,
        "outcome": outcome.reason if outcome is not None else "",
        "seats": seats,
    }
