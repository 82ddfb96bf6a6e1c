"""An action in players' words, as of the current position ("Ann deploys Shambler")."""

from __future__ import annotations

from typing import Any

from engine.deeds import actions as da
from engine.deeds.cards import Catalog
from engine.deeds.state import DeedsState, Phase


def describe(action: Any, state: DeedsState, catalog: Catalog) -> str:
    if da.type_problem(action) is not None or action.player not in (0, 1):
        return da.label(action)
    who = state.players[action.player].name

    def card(card_id: int) -> str:
        x = state.card(card_id)
        return catalog.get(x.card_id).name if x else f"card number {card_id}"

    def printed(card_id: str) -> str:
        found = catalog.find(card_id)
        return found.name if found else f'"{card_id}"'

    match action:
        case da.KeepHand():
            return f"{who} keeps the opening hand"
        case da.Mulligan(count=count):
            return f"{who} mulligans {count} cards"
        case da.Regroup(first=first, second=second):
            return f"{who} regroups, adding {first.capitalize()} and {second.capitalize()}"
        case da.Draw():
            return f"{who} draws a card"
        case da.Deploy(card_id=card_id):
            return f"{who} deploys {printed(card_id)}"
        case da.Equip(card=tech, target=target):
            return f"{who} equips {card(tech)} to {card(target)}"
        case da.Unequip(card=x):
            return f"{who} unequips {card(x)}"
        case da.Attack(attackers=attackers):
            return f"{who} attacks with {', '.join(card(i) for i in attackers)}"
        case da.Block(blocks=blocks):
            if not blocks:
                return f"{who} does not block"
            pairs = "; ".join(f"{card(b)} blocks {card(a)}" for a, b in blocks)
            return f"{who} blocks: {pairs}"
        case da.Activate(card=x):
            return f"{who} activates {card(x)}"
        case da.Pass():
            return f"{who} passes"
        case da.Overrun(to_base=()):
            return f"{who} keeps Overrun's damage off the base"
        case da.Overrun(to_base=to_base):
            return (
                f"{who} sends Overrun's damage to the base: {', '.join(card(i) for i in to_base)}"
            )
        case da.Sacrifice(unit=unit, to=to):
            return f"{who} sacrifices {card(unit)} to {card(to)}"
        case da.Discard(card_id=""):
            return f"{who} discards a card"
        case da.Discard(card_id=card_id):
            return f"{who} discards {printed(card_id)}"
        case da.EndPhase():
            # 3. Deploy ends without a battle (the band's "No battle"); 5. Deploy and Retreat
            # ends the round: as the log says them (perform.py), not by the phase's name.
            if state.phase is Phase.DEPLOY:
                return f"{who} goes on without a battle"
            return f"{who} ends the round"
        case da.SetBase(value=value):
            return f"{who}'s base health set to {value}"
        case da.SetResource(resource=resource, value=value):
            return f"{who}'s {resource.capitalize()} set to {value}"
        case da.SetCard(card=x):
            return f"{card(x)} adjusted"
        case da.SetCounts():
            return f"{who}'s hand and deck counts set"
        case da.Retire(card=x):
            return f"{card(x)} retired to the graveyard"
        case da.Resolve():
            return f"{who} marks card text resolved"
    return da.label(action)
