"""When no player can win any more (README: readings): nothing is left to draw or play, and a
long stretch of turns changed nobody's standing bases for good.

The rulebook has no draw rule and no loss for drawing from an empty deck, so a game can loop
for ever: both decks and hands are empty and whatever an attack defeats comes back (a Shrine
of Dawn restores a defeated base every end of turn). The engine cannot prove that no line of
play wins; it says what the table sees, in the manner of chess's move-count rules: once every
deck and hand has been empty for ``QUIET_TURNS`` turns and no player has fewer bases standing
at the start of this turn than at the start of the turn ``QUIET_TURNS`` before, no one can
win any more. The game is not over: the app offers to stop it there, and the table decides.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.zeal.state import GameState

QUIET_TURNS = 20  # ten turns each in a two-player game


def _dry(state: GameState) -> bool:
    """Nothing left to draw or play: every player's deck and hand are empty."""
    return not any(p.hand_size or p.deck_size or p.hand or p.deck for p in state.players)


def _standing(state: GameState) -> tuple[int, ...]:
    return tuple(sum(1 for b in p.bases if b.face_up) for p in state.players)


def stalemate(positions: Iterable[GameState]) -> str | None:
    """Why no one can win any more, given the game's positions newest first; None if someone
    still can (or the game is over)."""
    found = iter(positions)
    now = next(found, None)
    if now is None or now.over or not _dry(now):
        return None
    target = now.turn - QUIET_TURNS
    if target < 1:
        return None
    start_now = now  # the first position of this turn
    start_then: GameState | None = None  # the first position of turn ``target``
    for state in found:
        if not _dry(state):
            return None
        if state.turn == now.turn:
            start_now = state
        elif state.turn == target:
            start_then = state
        elif state.turn < target:
            break
    if start_then is None:
        return None
    then, later = _standing(start_then), _standing(start_now)
    if any(b < a for a, b in zip(then, later, strict=True)):
        return None  # someone lost a base for good in that stretch: the game still moves
    return (
        f"no one can win any more: every deck and hand is empty, and in the last "
        f"{QUIET_TURNS} turns no player lost a base for good"
    )
