"""Positions as plain data (scenario and save files, docs/scenarios.md): a GameState as a
TOML-ready dict. Reading one back, with every field checked, is position_read.py."""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction
from engine.zeal.state import (
    GameState,
    Permanent,
)


def position_to_dict(state: GameState) -> dict[str, Any]:
    """The TOML-ready position (players + position); cards being played are kept, triggered
    actions are not (a start position never has them)."""
    if state.pending or any(item.kind != "card" for item in state.stack):
        raise IllegalAction(
            "a position with triggered actions being played can't be saved as a start"
        )
    players = []
    for p in state.players:
        entry: dict[str, Any] = {
            "name": p.name,
            "devotion": p.devotion,
            "max_devotion": p.max_devotion,
            "hand_size": p.hand_size,
            "deck_size": p.deck_size,
            "hand": list(p.hand),
            "deck": list(p.deck),
            "discard": list(p.discard),
            "bases": [
                {"damage": b.damage, "face_up": b.face_up, "controller": b.controller}
                for b in p.bases
            ],
            "mulligan_done": p.mulligan_done,
            "eliminated": p.eliminated,
            "spell_cults": list(p.spell_cults),
            "develop_left": p.develop_left,
            "in_play": [_perm_to_dict(perm) for perm in p.in_play],
        }
        players.append(entry)
    pos: dict[str, Any] = {
        "turn": state.turn,
        "active": state.active,
        "step": state.step.value,
        "next_id": state.next_id,
        "rng": state.rng,
        "notes": list(state.notes),
    }
    if state.priority is not None:
        pos["priority"] = state.priority
    if state.stack:
        pos["stack"] = [
            {
                "card": item.card_id,
                "id": item.id,
                "controller": item.controller,
                "owner": item.owner,
                "zeal": item.zeal,
                "targets": list(item.targets),
                "x": item.x,
                "copy": not item.from_hand,
            }
            for item in state.stack
        ]
    if state.passed:
        pos["passed"] = list(state.passed)
    if state.combat is not None:
        c = state.combat
        pos["combat"] = {
            "attackers": [list(a) for a in c.attackers],
            "blocks": [list(b) for b in c.blocks],
            "flanks": [list(f) for f in c.flanks],
            "blockers_declared": list(c.blockers_declared),
            "declared": state.awaiting is None,
        }
    return {"players": players, "position": pos}


def _perm_to_dict(perm: Permanent) -> dict[str, Any]:
    out: dict[str, Any] = {
        "card": perm.card_id,
        "id": perm.id,
        "owner": perm.owner,
        "combat": perm.printed_combat,
        "damage": perm.damage,
        "entered_turn": perm.entered_turn,
    }
    if perm.printed_zeal_combat is not None:
        out["zeal_combat"] = perm.printed_zeal_combat
    if perm.printed_keywords:
        out["keywords"] = list(perm.printed_keywords)
    for key in ("connected_to", "connected_controller", "returns_to"):
        value = getattr(perm, key)
        if value is not None:  # seat 0 is a value too
            out[key] = value
    for key in ("combat_bonus", "dies_devotion", "returns_next_turn", "doomed"):
        value = getattr(perm, key)
        if value:
            out[key] = value
    if perm.granted_keywords:
        out["granted_keywords"] = list(perm.granted_keywords)
    if perm.kind != "character" or perm.printed_combat:
        out["kind"] = perm.kind  # Noctium Gargoyle can be a device for now
    return out
