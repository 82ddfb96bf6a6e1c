"""Small copy-with-changes helpers over the immutable state."""

from __future__ import annotations

from typing import Any

from engine.core.evolve import evolve, maker
from engine.deeds.state import DeedsState, InPlay, Player

_in_play = maker(InPlay)  # every field, in order, without the frozen __init__


def changed(x: InPlay, ready: bool, damage: int, fed: bool) -> InPlay:
    """``x`` readied or utilized, damaged or healed, fed or not: what a round's steps change
    of many cards at once (Regroup, an attack, a battle), copied at a third of evolve's cost."""
    return _in_play(
        x.id,
        x.card_id,
        x.owner,
        ready,
        x.deployed_round,
        damage,
        x.tokens,
        x.attack_mod,
        x.defense_mod,
        x.attached_to,
        fed,
    )


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
            x = changed(x, x.ready, x.damage + hit, x.fed or x.id in fed)
        out.append(x)
    return tuple(out)
