"""Who must or may act now."""

from __future__ import annotations

from engine.deeds.state import DEFEND, MULLIGAN, TACTICS, DeedsState


def actor(state: DeedsState) -> int | None:
    """The seat the game waits on (None once a base is at 0). In the mulligan, the first
    player decides first; in the Tactics step, whoever may play; otherwise the defender in
    the Defend step and the attacker in every other phase."""
    if state.over:
        return None
    if state.phase is MULLIGAN:
        for seat in (state.first_player, 1 - state.first_player):
            if not state.players[seat].decided:
                return seat
        return None
    if state.phase is DEFEND:
        return state.defender
    if state.phase is TACTICS and state.battle is not None:
        return state.battle.priority
    return state.attacker
