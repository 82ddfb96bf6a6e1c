"""Actions in players' words, for the log screen and the band. A card set face down is never
named: the other player reads these too."""

from __future__ import annotations

from engine.vile import actions as va
from engine.vile.card_model import Catalog
from engine.vile.state import GameState


def describe(action: va.Action, state: GameState, catalog: Catalog) -> str:
    names = [p.name for p in state.players]
    seat = action.player
    who = names[seat] if isinstance(seat, int) and 0 <= seat < 2 else "Someone"

    def card(card_id: object) -> str:
        found = catalog.find(card_id) if isinstance(card_id, str) else None
        return found.name if found is not None else "a card"

    def monster(monster_id: object) -> str:
        m = state.monster(monster_id)
        return card(m.card_id) if m is not None else "a monster"

    if isinstance(action, va.SetComponent):
        return f"{who} set a component face down"
    if isinstance(action, va.SetSabotage):
        more = f", stockpiling {action.stockpile}" if action.stockpile else ""
        return f"{who} set a sabotage card face down{more}"
    if isinstance(action, va.Gather):
        return f"{who} gathered" + (", setting a component face down" if action.card_id else "")
    if isinstance(action, va.Recruit):
        return f"{who} recruited a cultist"
    if isinstance(action, va.PlayCard):
        return f"{who} played {card(action.card_id)}"
    if isinstance(action, va.FlipSabotage):
        return f"{who} flipped {card(action.card_id)}"
    if isinstance(action, va.ApplyComponent):
        return f"{who} applied {card(action.card_id)}"
    if isinstance(action, va.Deploy):
        return f"{who} deployed {monster(action.monster_id)}"
    if isinstance(action, va.Activate):
        return f"{who} activated {monster(action.monster_id)}"
    if isinstance(action, va.DeclareAttackers):
        if not action.attackers:
            return f"{who} declared no attackers"
        return f"{who} attacked with {', '.join(monster(a) for a in action.attackers)}"
    if isinstance(action, va.DeclareBlockers):
        if not action.blocks:
            return f"{who} declared no blockers"
        pairs = ", ".join(f"{monster(b)} blocks {monster(a)}" for b, a in action.blocks)
        return f"{who} declared blockers: {pairs}"
    if isinstance(action, va.SetZone):
        return f"{who} set the {action.zone} zone to {len(action.cards)} face-down cards"
    if isinstance(action, va.AdjustMonster):
        return f"{who} adjusted {monster(action.monster_id)}"
    if isinstance(action, va.PutMonster):
        return f"{who} put {card(action.card_id)} into play"
    words = {
        "Pass": "moved on",
        "AssignDamage": "dealt combat damage",
        "PerformRitual": "performed a ritual",
        "AdjustPlayer": "adjusted their counters",
        "MarkResolved": "marked card text resolved",
    }
    return f"{who} {words.get(type(action).__name__, 'acted')}"
