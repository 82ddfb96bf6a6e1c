"""Who acts now."""

from __future__ import annotations

from engine.vile.state import GameState, Phase


def actor(state: GameState) -> int | None:
    """The player who must or may act: a gatherer first; the defender while blockers are
    declared and in the sabotage window; otherwise the active player."""
    if state.phase is Phase.OVER:  # state.over, without a property call on every listing
        return None
    if state.gathers:
        return state.gathers[0]
    if state.combat is not None and state.combat.step == "blockers":
        return 1 - state.active
    if state.ritual is not None and state.ritual.step == "sabotage":
        return 1 - state.active
    return state.active
