"""What a ritual will come to, for the table's walk-through (Culmination Phase): the bolster
each deployed monster brings, and the strength if nothing more is sabotaged."""

from __future__ import annotations

from engine.vile import ops
from engine.vile.card_model import Catalog
from engine.vile.effects import open_components
from engine.vile.state import GameState


def bolster_of(state: GameState, catalog: Catalog, seat: int) -> list[tuple[str, int]]:
    """(monster name, energy potential) for each deployed monster ``seat`` controls."""
    return [
        (catalog.get(m.card_id).name, ops.energy_potential(m, catalog))
        for m in state.monsters
        if m.controller == seat and m.deployed
    ]


def strength_forecast(state: GameState, catalog: Catalog) -> int | None:
    """The ritual's strength once its components still to apply have applied (their strength
    effects; nothing more sabotaged), counting the bolster if it is still to come. None when
    no ritual is performed or could be: fewer than three components."""
    r = state.ritual
    seat = state.active
    if r is None:
        zone = state.players[seat].ritual_zone
        if len(zone) < 3:
            return None
        bolster = sum(p for _, p in bolster_of(state, catalog, seat))
        return bolster + sum(_strength(catalog, c) for c in zone)
    total = r.strength
    if r.step == "sabotage":
        total += sum(p for _, p in bolster_of(state, catalog, seat))
    return total + sum(_strength(catalog, r.components[i]) for i in open_components(state))


def _strength(catalog: Catalog, card_id: str) -> int:
    return sum(e.amount for e in catalog.get(card_id).effects if e.op == "strength")
