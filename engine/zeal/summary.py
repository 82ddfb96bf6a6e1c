"""A Zeal position as a few lines of text (`altar scenario run`)."""

from __future__ import annotations

from typing import Any

from engine.zeal.game import ZealGame


def summary(game: Any) -> list[str]:
    """The position in a few lines, for the command line (the registry's `summary`)."""
    assert isinstance(game, ZealGame)
    state = game.state
    lines = [f"Turn {state.turn}, {state.players[state.active].name}'s {state.step.label} step"]
    for seat, p in enumerate(state.players):
        bases = " ".join(
            f"{b.defense}{'' if b.face_up else 'x'}{f'({b.damage})' if b.damage else ''}"
            for b in p.bases
        )
        out = " (out)" if p.eliminated else ""
        lines.append(
            f"  [{seat}] {p.name}{out}: devotion {p.devotion}/{p.max_devotion}, hand {p.hand_size}, "
            f"deck {p.deck_size}, bases {bases}"
        )
        for x in p.in_play:
            dmg = f", {x.damage} damage" if x.damage else ""
            kw = f" [{', '.join(x.keywords)}]" if x.keywords else ""
            combat = f" combat {x.combat}" if x.is_character else ""
            lines.append(f"      #{x.id} {x.name}{combat}{dmg}{kw}")
    for item in state.stack:
        lines.append(f"  stack: {item.name} ({state.players[item.controller].name})")
    for prompt in game.prompts():
        lines.append(f"  > {prompt.text}")
    return lines
