"""Manual adjustments are always legal (the physical table is the truth), but each must name
something real."""

from __future__ import annotations

from engine.zg import actions as zga
from engine.zg.card_model import Catalog
from engine.zg.state import STANCES, GameState


def explain_adjustment(
    state: GameState, catalog: Catalog, action: zga.SetCard | zga.SetMarkers | zga.SetTerrain
) -> str | None:
    if isinstance(action, zga.SetTerrain):
        if not 0 <= action.terrain < len(state.terrain):
            return "there is no such piece of terrain"
        t = state.terrain[action.terrain]
        if not 0 <= action.strikes <= t.mass:
            return f"{t.name} takes 0 to {t.mass} strikes"
        return None
    if not 0 <= action.seat < len(state.players):
        return f"there is no player {action.seat + 1} at this table"
    p = state.players[action.seat]
    if isinstance(action, zga.SetCard):
        card = catalog.find(action.card)
        if card is None or not card.is_zgear:
            return f'"{action.card}" is not a zGear card this table knows'
        if action.to not in ("standing", "slagged"):
            return 'a card is set "standing" or "slagged"'
        if p.roster and action.card not in p.roster:
            return f"{card.name} is not one of {p.name}'s zGear cards"
        if _on_table(state, action.card):
            return f"{card.name} is on the table in this pulse; set it after the pulse"
        if action.to == "slagged":
            if action.card in p.slag:
                return f"{card.name} is already slagged"
            if state.hidden and p.zgear == 0:
                return f"{p.name} has no standing zGear card"
            if not state.hidden and action.card not in p.hand + p.deck:
                return f"{card.name} is not standing in {p.name}'s hand or deck"
        elif action.card not in p.slag:
            return f"{card.name} is not in {p.name}'s slag heap"
        return None
    if action.stance is not None and action.stance not in STANCES:
        return f"there is no stance called {action.stance!r}; the stances: {', '.join(STANCES)}"
    if action.defeated is False and state.phase == "over" and p.defeated:
        return "the game is over; undo to bring a player back"
    for size in (action.hand_size, action.deck_size):
        if size is not None:
            if not state.hidden:
                return "with open hands the cards are listed: set the cards instead"
            if size < 0:
                return "a count is 0 or more"
    return None


def _on_table(state: GameState, card: str) -> bool:
    a = state.attack
    return (state.pulse is not None and state.pulse.card == card) or (
        a is not None and a.target == card
    )
