"""Whether a player could still act now (issue 33): with hidden hands the table cannot see who
holds a tactic or a response, so a moment in which the engine would take a card from someone's
hand is an open window, never a quiet one. No Kivy, no game named: the engine's listing and
the adapter's scan say it.

The quiet-moment countdown (auto_advance.py) passes such a window only when the table chose
so (Menu, "Windows pass"), and its countdown is then on the band for every seat.
"""

from __future__ import annotations

from typing import Any

from companion_app.games.base import AnyGame, GameAdapter


def _card(action: Any) -> str | None:
    value = getattr(action, "card", getattr(action, "card_id", None))
    return value if isinstance(value, str) else None


def who_could_play(game: AnyGame, adapter: GameAdapter) -> tuple[int, ...]:
    """The seats that could play a card now: a legal action a scan of theirs makes."""
    seats: set[int] = set()
    for action in game.legal_actions():
        card, player = _card(action), getattr(action, "player", None)
        if card is None or not isinstance(player, int) or player in seats:
            continue
        try:
            if adapter.scan_action(game, player, card) == action:
                seats.add(player)
        except (ValueError, KeyError):  # a card this game's scans do not know
            continue
    return tuple(sorted(seats))
