"""A Devacurse position in a few lines of text (`altar scenario run`)."""

from __future__ import annotations

from typing import Any

from engine.devacurse.game import DevacurseGame
from engine.devacurse.state import PHASE_LABELS
from engine.devacurse.stats import attack, name, toughness


def summary(game: Any) -> list[str]:
    assert isinstance(game, DevacurseGame)
    state = game.state
    cat = game.catalog
    holder = state.players[state.order].name
    lines = [f"Spiral {state.spiral}: {PHASE_LABELS[state.phase]}, {holder} has order"]
    for seat, p in enumerate(state.players):
        lines.append(
            f"  [{seat}] {p.name}: Faith {p.faith}, blessings {p.blessings}, hand {p.hand_size}, "
            f"Universe {p.deck_size}, prayers {p.prayers}, Cenotaph {len(p.cenotaph)}, "
            f"Black Hole {len(p.black_hole)}"
        )
        for u in p.units:
            kind = f"hero L{u.level}" if u.hero else "soldier"
            stat = "AP" if u.hero else "DF"
            mode = "prompt" if u.prompt else "depleted"
            left = toughness(cat, u) - u.damage
            lines.append(
                f"      #{u.id} {name(cat, u)} ({kind}, {mode}) AT {attack(cat, u)} "
                f"{stat} {left}/{toughness(cat, u)}"
            )
        for loc in p.locations:
            lines.append(f"      location {cat.get(loc.card_id).name}, time {loc.time}")
    for prompt in game.prompts():
        lines.append(f"  > {prompt.text}")
    return lines
