"""A Deeds Not Words position as a few lines of text (`altar scenario run`)."""

from __future__ import annotations

from typing import Any

from engine.deeds import stats
from engine.deeds.game import DeedsGame


def summary(game: Any) -> list[str]:
    assert isinstance(game, DeedsGame)
    state, catalog = game.state, game.catalog
    attacker = state.players[state.attacker].name
    lines = [f"Round {state.round}, {attacker} attacks; {state.phase.label}"]
    for seat, p in enumerate(state.players):
        lines.append(
            f"  [{seat}] {p.name}: base {p.base}; {p.pool.words()}; hand {p.hand_size}, "
            f"deck {p.deck_size}, graveyard {len(p.graveyard)}"
        )
        for x in state.cards:
            if x.owner != seat:
                continue
            on = f" on #{x.attached_to}" if x.attached_to is not None else ""
            mark = "ready" if x.ready else "utilized"
            attack = stats.attack_of(state, catalog, x)
            health = stats.health_of(state, catalog, x)
            lines.append(
                f"      #{x.id} {catalog.get(x.card_id).name} {attack}/{health} {mark}{on}"
            )
    for prompt in game.prompts():
        lines.append(f"  > {prompt.text}")
    return lines
