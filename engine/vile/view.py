"""The state as plain data, for scenario expectations and `altar scenario run --json`.

This is the tablet's own full knowledge, face-down cards included (``ritual_zone`` and
``sabotage_zone``); what both players read (prompts, describe, the log, the summary) counts
those cards and never names them. ``public_view`` is what either player may be shown.
"""

from __future__ import annotations

from typing import Any

from engine.vile.state import GameState


def state_view(state: GameState) -> dict[str, Any]:
    return {
        "turn": state.turn,
        "active": state.active,
        "phase": state.phase.value,
        "gathers": list(state.gathers),
        "component_set": state.component_set,
        "recruited": state.recruited,
        "players": [
            {
                "name": p.name,
                "god": p.god,
                "energy": p.energy,
                "cultists": p.cultists,
                "exhausted": p.exhausted,
                "ready": p.ready,
                "stockpile": p.stockpile,
                "hand": list(p.hand),
                "hand_size": p.hand_size,
                "deck": list(p.deck),
                "deck_size": p.deck_size,
                "void": list(p.void),
                "ritual_zone": list(p.ritual_zone),
                "sabotage_zone": list(p.sabotage_zone),
                "reserve_limit": p.reserve_limit,
                "reserved": [
                    m.id for m in state.monsters if m.controller == seat and not m.deployed
                ],
                "deployed": [m.id for m in state.monsters if m.controller == seat and m.deployed],
            }
            for seat, p in enumerate(state.players)
        ],
        "monsters": {
            str(m.id): {
                "card": m.card_id,
                "owner": m.owner,
                "controller": m.controller,
                "deployed": m.deployed,
                "damage": m.damage,
                "plus": m.plus,
                "experience": m.experience,
            }
            for m in state.monsters
        },
        "combat": None
        if state.combat is None
        else {
            "step": state.combat.step,
            "attackers": list(state.combat.attackers),
            "blocks": [list(b) for b in state.combat.blocks],
        },
        "ritual": None
        if state.ritual is None
        else {
            "step": state.ritual.step,
            "components": list(state.ritual.components),
            "negated": list(state.ritual.negated),
            "applied": list(state.ritual.applied),
            "strength": state.ritual.strength,
            "bolster": state.ritual.bolster,
        },
        "notes": list(state.notes),
        "winner": state.winner,
        "over_reason": state.over_reason,
    }


def public_view(state: GameState, seat: int) -> dict[str, Any]:
    """What ``seat`` may see: the other player's face-down cards and hand as counts only."""
    view = state_view(state)
    other = view["players"][1 - seat]
    other["ritual_zone"] = len(other["ritual_zone"])
    other["sabotage_zone"] = len(other["sabotage_zone"])
    other["hand"] = []
    other["deck"] = []
    return view
