"""A position in a few lines (`altar scenario run`): face-down cards counted, not named."""

from __future__ import annotations

from typing import Any

from engine.vile.game import VileGame


def summary(game: Any) -> list[str]:
    assert isinstance(game, VileGame)
    state = game.state
    lines = [f"Turn {state.turn}, {state.players[state.active].name}'s {state.phase.label}"]
    for seat, p in enumerate(state.players):
        lines.append(
            f"  [{seat}] {p.name} ({p.god}): energy {p.energy}/100, cultists "
            f"{p.ready} ready of {p.cultists}, stockpile {p.stockpile}, hand {p.hand_size}, "
            f"deck {p.deck_size}, components {len(p.ritual_zone)}/3, "
            f"sabotage {len(p.sabotage_zone)} face down"
        )
        for m in state.controlled(seat):
            card = game.catalog.get(m.card_id)
            where = "deployed" if m.deployed else "reserved"
            extra = f", {m.damage} damage" if m.damage else ""
            extra += f", +{m.plus}/+{m.plus}" if m.plus else ""
            extra += f", {m.experience} experience" if m.experience else ""
            lines.append(f"      #{m.id} {card.name} ({where}{extra})")
    for prompt in game.prompts():
        lines.append(f"  > {prompt.text}")
    return lines
