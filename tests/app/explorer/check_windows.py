"""No window skipped (issue 33): whenever the table would pass a step by itself (a quiet
moment's countdown), nobody could still act in it: no seat could play any card of the game
now (asked of the engine card by card, not from its listing), unless the table chose that
open windows pass (Menu) and the countdown is on the band.

The explorer turns the countdown's delay off (its steps are its gestures only), so this asks
the session whether it *would* count down (``_quiet``), after every step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

CARDS_ASKED = 400  # a bound on the engine's questions per quiet moment


def could_play(game: Any, adapter: Any, cards: Sequence[str]) -> list[tuple[int, str]]:
    """(seat, card) pairs the engine would take from a scan now."""
    out = []
    for seat in range(len(game.player_names())):
        for card in cards[:CARDS_ASKED]:
            try:
                action = adapter.scan_action(game, seat, card)
            except (ValueError, KeyError):
                continue
            if game.explain(action) is None:
                out.append((seat, card))
                break
    return out


def skipped(
    would_pass: bool, chosen: bool, players: Sequence[tuple[int, str]], names: Sequence[str]
) -> list[str]:
    if not would_pass or chosen or not players:
        return []
    who = ", ".join(names[s] for s, _c in players)
    return [f"the table would pass this step by itself while {who} could still play a card"]


def check(explorer: Any) -> list[str]:
    session = explorer.session
    game = session.game
    if game is None or game.outcome() is not None:
        return []
    would = session._quiet(game)
    if not would or session.open_windows_pass:
        return []
    cards = [c.id for c in session.catalog.cards]
    return skipped(True, False, could_play(game, session.adapter, cards), game.player_names())
