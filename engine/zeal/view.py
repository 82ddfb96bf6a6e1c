"""A JSON-ready view of the whole current state, for `altar scenario run --json` and tools."""

from __future__ import annotations

from typing import Any

from engine.zeal.state import GameState
from engine.zeal.triggers import describe


def state_view(state: GameState) -> dict[str, Any]:
    """Everything about the current state, JSON-ready, for `altar scenario run --json`."""
    return {
        "turn": state.turn,
        "active": state.active,
        "step": state.step.value,
        "priority": state.priority,
        "awaiting": state.awaiting,
        "players": [
            {
                "name": p.name,
                "devotion": p.devotion,
                "max_devotion": p.max_devotion,
                "hand_size": p.hand_size,
                "deck_size": p.deck_size,
                "hand": list(p.hand),
                "discard": list(p.discard),
                "eliminated": p.eliminated,
                "bases": [
                    {
                        "defense": b.defense,
                        "damage": b.damage,
                        "face_up": b.face_up,
                        "owner": b.owner,
                        "controller": b.controller,
                    }
                    for b in p.bases
                ],
                "in_play": [
                    {
                        "id": x.id,
                        "card_id": x.card_id,
                        "name": x.name,
                        "kind": x.kind,
                        "combat": x.combat,
                        "damage": x.damage,
                        "zeal": x.zeal,
                        "keywords": list(x.keywords),
                        "controller": x.controller,
                        "owner": x.owner,
                        "connected_to": x.connected_to,
                    }
                    for x in p.in_play
                ],
            }
            for p in state.players
        ],
        "stack": [
            {
                "id": i.id,
                "name": i.name,
                "card_id": i.card_id,
                "source": i.source,  # the permanent an ability is on; none for a card
                "controller": i.controller,
                "spell": i.is_spell,
                "targets": list(i.targets),
            }
            for i in state.stack
        ],
        "pending": [
            {
                "id": t.id,
                "name": t.name,
                "card_id": t.card_id,  # the card it came from
                "source": t.source,  # the permanent it is on (none: the card has left play)
                "controller": t.controller,
                "text": describe(t.ability),
            }
            for t in state.pending
        ],
        "notes": list(state.notes),
        "winner": state.winner,
        "over_reason": state.over_reason,
    }
