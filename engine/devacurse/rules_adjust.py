"""Manual adjustments are always legal when well formed: the physical table is the truth."""

from __future__ import annotations

from engine.devacurse import actions as da
from engine.devacurse.card_model import Catalog
from engine.devacurse.state import GameState


def explain_adjustment(state: GameState, catalog: Catalog, action: da.Action) -> str | None:
    p = state.players[action.player]
    match action:
        case da.SetFaith(faith=value) | da.SetBlessings(blessings=value):
            return None if value >= 0 else "it can't be below 0"
        case da.SetCount():
            if action.counter not in da.COUNTERS:
                return f"the counters are: {', '.join(da.COUNTERS)}"
            if action.value < 0:
                return "a count can't be below 0"
            if action.counter != "prayers" and not state.hidden:
                return "hands and decks are open in this game: move the cards instead"
            return None
        case da.SetUnit():
            unit = p.unit(action.unit_id)
            if unit is None:
                return f"{p.name} has no soldier or hero number {action.unit_id}"
            if action.damage is not None and action.damage < 0:
                return "damage can't be below 0"
            if action.level is not None and (not unit.hero or action.level not in (1, 2)):
                return "only heroes have a level, 1 or 2"
            return None
        case da.MoveCard():
            return _move(state, catalog, action)
        case da.SetLocation():
            if action.time < 0:
                return "time can't be below 0"
            if not any(loc.card_id == action.card_id for loc in p.locations):
                return f"{p.name} has no location {action.card_id!r} in play"
            return None
        case da.SetOrder():
            return None if action.holder in (0, 1) else "order goes to player 1 or player 2"
        case da.MarkResolved():
            return None if action.note in state.notes else "there is no such note to resolve"
    return "that is not an adjustment"


def _move(state: GameState, catalog: Catalog, action: da.MoveCard) -> str | None:
    p = state.players[action.player]
    if action.to_zone not in da.ZONES:
        return f"the zones are: {', '.join(da.ZONES)}"
    if isinstance(action.card, int):
        if p.unit(action.card) is None:
            return f"{p.name} has no soldier or hero number {action.card}"
        if action.to_zone in ("soldiers", "heroes", "locations"):
            return "it is in play already"
        return None
    card = catalog.find(action.card)
    if card is None:
        return f"no card {action.card!r} is in the catalog"
    if action.to_zone == "soldiers" and not card.is_soldier:
        return f"{card.name} is not a soldier"
    if action.to_zone == "heroes" and not card.is_hero:
        return f"{card.name} is not a hero"
    if action.to_zone == "locations" and card.event != "location":
        return f"{card.name} is not a location event"
    where = action.from_zone
    if where is None:
        return None
    if where not in ("hand", "deck", "cenotaph", "black_hole", "locations"):
        return "a card moves from the hand, the deck, the Cenotaph, the Black Hole or locations"
    if where in ("hand", "deck") and state.hidden:
        count = p.hand_size if where == "hand" else p.deck_size
        return None if count else f"{p.name}'s {where} is empty"
    zone = {
        "hand": p.hand,
        "deck": p.deck,
        "cenotaph": p.cenotaph,
        "black_hole": p.black_hole,
        "locations": tuple(loc.card_id for loc in p.locations),
    }[where]
    return None if action.card in zone else f"{card.name} is not in {p.name}'s {where}"
