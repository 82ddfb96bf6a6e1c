"""The refusals both of the rules modules give (rules.py, rules_attack.py): a step out of its
phase, and a card that can't be one of a seat's standing zGear (rules/z-g.md, Basic Rules)."""

from __future__ import annotations

from engine.zg.card_model import Catalog
from engine.zg.state import PHASES, GameState


def not_now(state: GameState) -> str:
    return f"not now: it is time to {PHASES[state.phase]}"


def zgear_of(state: GameState, catalog: Catalog, seat: int, card_id: str) -> str | None:
    """Why ``card_id`` can't be one of ``seat``'s standing zGear cards (None: it can be)."""
    card = catalog.find(card_id)
    if card is None or not card.is_zgear:
        return f'"{card_id}" is not a zGear card this table knows'
    p = state.players[seat]
    if p.roster and card_id not in p.roster:
        return f"{card.name} is not one of {p.name}'s zGear cards"
    if card_id in p.slag:
        return f"{card.name} is slagged: it is out for the game"
    return None
