"""Who must act now, by phase."""

from __future__ import annotations

from engine.zg.state import GameState


def attacker(state: GameState) -> int:
    return state.order[state.order_index]


def defender(state: GameState) -> int:
    """The foe in the test; the attacker for terrain (they draw and spin their own card)."""
    a = state.attack
    assert a is not None
    return a.foe if a.foe >= 0 else attacker(state)


def actor(state: GameState) -> int | None:
    phase = state.phase
    if phase == "over":
        return None
    if phase == "impulse":
        for seat, p in enumerate(state.players):
            if not p.defeated and not p.picked:
                return seat
        return None
    if phase == "tiebreak":
        return state.tied[0] if state.tied else None
    if phase in ("target", "spin", "bolster", "save"):
        return defender(state)
    return attacker(state)
