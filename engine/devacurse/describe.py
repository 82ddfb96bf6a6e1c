"""An action in players' words, as of the current position ("Alena calls Iron Legionary")."""

from __future__ import annotations

from engine.devacurse import actions as da
from engine.devacurse.card_model import Catalog
from engine.devacurse.state import GameState
from engine.devacurse.stats import name


def describe(state: GameState, catalog: Catalog, action: da.Action) -> str:
    if not 0 <= action.player < len(state.players):
        return da.label(type(action).__name__)
    who = state.players[action.player].name

    def card(card_id: str) -> str:
        found = catalog.find(card_id)
        return found.name if found is not None else card_id

    def unit(unit_id: int) -> str:
        found = state.unit(unit_id)
        return name(catalog, found) if found is not None else f"number {unit_id}"

    match action:
        case da.Bless():
            return f"{who} enters {action.amount} blessing{'' if action.amount == 1 else 's'}"
        case da.Draw():
            return f"{who} draws {action.count}"
        case da.Pass():
            return f"{who} is done"
        case da.CallSoldier():
            where = " from a closed prayer" if action.from_prayer else ""
            return f"{who} calls {card(action.card_id)}{where}"
        case da.CallHero():
            return f"{who} calls the hero {card(action.card_id)}"
        case da.UpgradeHero():
            return f"{who} upgrades {unit(action.unit_id)} to level 2"
        case da.PlayEvent():
            on = f" on {unit(action.target)}" if action.target else ""
            return f"{who} plays {card(action.card_id)}{on}"
        case da.Attack():
            if not action.attackers:
                return f"{who} does not attack"
            return f"{who} attacks with {', '.join(unit(a) for a in action.attackers)}"
        case da.Block():
            if not action.blocks:
                return f"{who} does not block"
            return f"{who} blocks: " + ", ".join(
                f"{unit(b)} on {unit(a)}" for b, a in action.blocks
            )
        case da.HeroBlock():
            if not action.blockers:
                return f"{who} does not block"
            return f"{who} blocks with {', '.join(unit(b) for b in action.blockers)}"
        case da.AssignHeroes():
            pairs = ", ".join(f"{unit(h)} fights {unit(b)}" for h, b in action.assignment)
            return f"{who} assigns: {pairs}"
        case da.DamageOrder():
            order = ", then ".join(unit(b) for b in action.blockers)
            return f"{who} orders {unit(action.attacker)}'s damage: {order}"
        case da.Resolve():
            return f"{who} resolves the combat"
        case da.SetFaith():
            return f"{who}'s Faith set to {action.faith}"
        case da.SetBlessings():
            return f"{who}'s blessings set to {action.blessings}"
        case da.SetCount():
            return f"{who}'s {action.counter} set to {action.value}"
        case da.SetUnit():
            return f"{who} adjusts {unit(action.unit_id)}"
        case da.MoveCard():
            what = unit(action.card) if isinstance(action.card, int) else card(action.card)
            return f"{who} moves {what} to {action.to_zone}"
        case da.SetLocation():
            return f"{who} sets {card(action.card_id)}'s time to {action.time}"
        case da.SetOrder():
            return (
                f"order set to {state.players[action.holder].name}"
                if action.holder in (0, 1)
                else "order set"
            )
        case da.MarkResolved():
            return f"{who} resolves: {action.note}"
    return da.label(type(action).__name__)
