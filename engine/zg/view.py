"""The state as plain data: what scenario expectations and `--json` look into."""

from __future__ import annotations

from typing import Any

from engine.zg.state import GameState


def state_view(state: GameState) -> dict[str, Any]:
    a = state.attack
    pulse = state.pulse
    return {
        "turn": state.turn,
        "phase": state.phase,
        "order": list(state.order),
        "active": state.active,
        "pulse": state.pulse_no + 1 if state.order else 0,
        "options": list(state.options),
        "edge": state.edge,
        "players": [
            {
                "name": p.name,
                "character": p.character,
                "hand": list(p.hand),
                "hand_size": p.hand_size,
                "deck": list(p.deck),
                "deck_size": p.deck_size,
                "zgear": p.zgear,
                "slag": list(p.slag),
                "impulse": p.impulse,
                "played": list(p.played),
                "targetlock": p.lock_card,
                "targetlock_foe": p.lock_foe,
                "character_used": p.character_used,
                "character_sacrificed": p.character_sacrificed,
                "stunned": p.stunned,
                "knocked_down": p.knocked_down,
                "stance": p.stance,
                "flameout": p.flameout,
                "defeated": p.defeated,
            }
            for p in state.players
        ],
        "action_card": pulse.card if pulse is not None else "",
        "move_left": pulse.move_left if pulse is not None else 0,
        "attack": None
        if a is None
        else {
            "foe": a.foe,
            "terrain": a.terrain,
            "end": a.end,
            "target": a.target,
            "target_end": a.target_end,
            "bolsters": a.bolsters,
            "augments": a.augments,
            "bolster_dots": list(a.bolster_dots),
            "augment_dots": list(a.augment_dots),
            "sneak": a.sneak,
        },
        "last_test": state.last_test,
        "prime": state.prime,
        "terrain": [
            {"name": t.name, "mass": t.mass, "strikes": t.strikes, "standing": t.standing}
            for t in state.terrain
        ],
        "winner": state.winner,
        "over_reason": state.over_reason,
    }
