"""Small copy-with-changes helpers over the immutable state."""

from __future__ import annotations

from typing import Any

from engine.core.evolve import evolve
from engine.deeds.state import DeedsState, InPlay


def set_player(state: DeedsState, seat: int, **changes: Any) -> DeedsState:
    players = list(state.players)
    players[seat] = evolve(players[seat], **changes)
    return evolve(state, players=tuple(players))


def set_card(state: DeedsState, card_id: int, **changes: Any) -> DeedsState:
    return evolve(
        state,
        cards=tuple(evolve(x, **changes) if x.id == card_id else x for x in state.cards),
    )


def map_cards(state: DeedsState, change: Any) -> DeedsState:
    """Every card through ``change`` (InPlay -> InPlay)."""
    return evolve(state, cards=tuple(change(x) for x in state.cards))


def add_damage(state: DeedsState, damage: dict[int, int], fed: set[int]) -> DeedsState:
    def change(x: InPlay) -> InPlay:
        hit = damage.get(x.id, 0)
        if not hit and x.id not in fed:
            return x
        return evolve(x, damage=x.damage + hit, fed=x.fed or x.id in fed)

    return map_cards(state, change)
