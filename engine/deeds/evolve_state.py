"""Small copy-with-changes helpers over the immutable state."""

from __future__ import annotations

from typing import Any

from engine.core.evolve import evolve
from engine.deeds.state import DeedsState, InPlay, Player


def set_player(state: DeedsState, seat: int, **changes: Any) -> DeedsState:
    return evolve(state, players=players_with(state, seat, **changes))


def players_with(state: DeedsState, seat: int, **changes: Any) -> tuple[Player, ...]:
    """The players with ``changes`` to one seat: for a step that changes the state itself
    too, in the same copy (a step makes one copy of each record it changes)."""
    first, second = state.players  # two seats ("Setup")
    if seat == 0:
        return (evolve(first, **changes), second)
    return (first, evolve(second, **changes))


def set_card(state: DeedsState, card_id: int, **changes: Any) -> DeedsState:
    return evolve(
        state,
        cards=tuple(evolve(x, **changes) if x.id == card_id else x for x in state.cards),
    )


def map_cards(state: DeedsState, change: Any) -> DeedsState:
    """Every card through ``change`` (InPlay -> InPlay)."""
    return evolve(state, cards=tuple(change(x) for x in state.cards))


def damaged(cards: tuple[InPlay, ...], damage: dict[int, int], fed: set[int]) -> tuple[InPlay, ...]:
    """The cards with ``damage`` added (by card number), and those in ``fed`` fed."""
    out = []
    for x in cards:
        hit = damage.get(x.id, 0)
        if hit or x.id in fed:
            x = evolve(x, damage=x.damage + hit, fed=x.fed or x.id in fed)
        out.append(x)
    return tuple(out)
