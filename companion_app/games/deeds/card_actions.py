"""What a player may do with the cards already in play, as buttons of the Cards in play page
(no Kivy): equip and unequip technology, use an activated ability, sacrifice a unit to a
hungry card. Only what the engine accepts now is offered, in players' words."""

from __future__ import annotations

from typing import Any

from engine.deeds import actions as da
from engine.deeds import stats
from engine.deeds.game import DeedsGame

# The actions this page makes (the band makes the others; scans play cards from the hand);
# card text carried out ("Done: Ambush") is on the band too, but for the Regroup phase.
KINDS = (da.Equip, da.Unequip, da.Activate, da.Sacrifice, da.Resolve)


def card_name(game: DeedsGame, card_id: int) -> str:
    """A card in play by name, numbered (" #2") when its owner has two of that name."""
    state = game.state
    x = state.card(card_id)
    if x is None:
        return "a card no longer in play"
    name = game.catalog.get(x.card_id).name
    same = [y.id for y in state.cards if y.owner == x.owner and y.card_id == x.card_id]
    return f"{name} #{same.index(card_id) + 1}" if len(same) > 1 else name


def resolve_label(game: DeedsGame, action: da.Resolve) -> str | None:
    """ "Done: Ambush" for card text the table carried out; two notes of the same card get
    their own buttons ("Done: Ambush #2")."""
    heads = [(n.id, n.text.split(":")[0]) for n in game.state.notes]
    head = next((h for i, h in heads if i == action.note), None)
    if head is None:
        return None
    same = [i for i, h in heads if h == head]
    return f"Done: {head}" + (f" #{same.index(action.note) + 1}" if len(same) > 1 else "")


def label(game: DeedsGame, action: Any) -> str:
    """The button's words for one of this page's actions."""
    name = lambda card_id: card_name(game, card_id)  # noqa: E731
    if isinstance(action, da.Equip):
        return f"Equip {name(action.card)} to {name(action.target)}"
    if isinstance(action, da.Unequip):
        x = game.state.card(action.card)
        on = f" from {name(x.attached_to)}" if x is not None and x.attached_to is not None else ""
        return f"Unequip {name(action.card)}{on}"
    if isinstance(action, da.Activate):
        x = game.state.card(action.card)
        card = game.catalog.get(x.card_id) if x is not None else None
        activated = [a for a in card.abilities if a.kind == "activated"] if card else []
        if 0 <= action.ability < len(activated):
            return f"Use {name(action.card)}: {activated[action.ability].text}"
        return f"Use {name(action.card)}"
    if isinstance(action, da.Sacrifice):
        return f"Sacrifice {name(action.unit)} to {name(action.to)}"
    if isinstance(action, da.Resolve):
        return resolve_label(game, action) or "Card text no longer waiting"
    raise ValueError(f"the Cards in play page makes no {type(action).__name__}")


def sacrifices(game: DeedsGame) -> list[da.Sacrifice]:
    """Hunger: each friendly unit that may be sacrificed to each hungry card (not listed by
    the engine's legal actions, legal all the same)."""
    state = game.state
    seat = state.attacker
    hungry = [
        x for x in state.cards if x.owner == seat and stats.has(state, game.catalog, x, "hunger")
    ]
    out = []
    for to in hungry:
        for unit in state.cards:
            action = da.Sacrifice(seat, unit.id, to.id)
            if unit.owner == seat and unit.id != to.id and game.explain(action) is None:
                out.append(action)
    return out


def card_actions(game: DeedsGame) -> list[tuple[str, Any]]:
    """(button words, action) for everything this page offers now."""
    if game.state.over:
        return []
    found = [a for a in game.legal_actions() if isinstance(a, KINDS)] + sacrifices(game)
    return [(label(game, a), a) for a in dict.fromkeys(found)]
