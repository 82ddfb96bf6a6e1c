"""Why an action is illegal now, in players' words (None: it is legal). Rule sections cited
are those of rules/vile-incantations.md."""

from __future__ import annotations

from engine.vile import actions as va
from engine.vile import ops
from engine.vile.adjust import explain_adjustment
from engine.vile.card_model import Catalog
from engine.vile.combat import blockers_of
from engine.vile.effects import component_index, explain_targets, open_components
from engine.vile.flow import actor
from engine.vile.grammar import ready_cultists
from engine.vile.state import GATHER_LOOK, MAX_CULTISTS, GameState, Phase


def explain(state: GameState, catalog: Catalog, action: va.Action) -> str | None:
    try:
        return _explain(state, catalog, action)
    except (TypeError, ValueError, AttributeError, KeyError, IndexError):
        # A field of the wrong shape (a buggy client: files are checked by from_dict).
        return "that action is not well formed: a field holds the wrong kind of value"


def _explain(state: GameState, catalog: Catalog, action: va.Action) -> str | None:
    # Read through getattr, as an object: compiled (mypyc), reading a field declared int
    # unboxes it to a machine integer, and a seat of True would pass the bool check as seat 2.
    seat: object = getattr(action, "player", None)
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1):
        return "there are two players: seat 1 and seat 2"
    if isinstance(action, va.ADJUSTMENTS):
        return explain_adjustment(state, catalog, action)
    if state.over:
        return "the game is over"
    who = actor(state)
    if who != seat:
        assert who is not None
        return f"it is {state.players[who].name}'s turn to act ({_doing(state)})"
    if state.gathers:
        if not isinstance(action, va.Gather):
            return f"{state.players[seat].name} must finish gathering first"
        return _gather(state, catalog, action)
    if isinstance(action, va.Gather):
        return "there is nothing to gather now"
    if isinstance(action, va.Pass):
        return _pass(state)
    if state.phase.is_main and isinstance(action, _MAIN):
        return _main(state, catalog, action)
    if state.phase is Phase.END and isinstance(action, va.Deploy):
        return _deploy(state, catalog, action, end_phase=True)
    if state.combat is not None and isinstance(action, _COMBAT):
        return _combat(state, catalog, action)
    if state.phase is Phase.CULMINATION and isinstance(action, _RITUAL):
        return _ritual(state, catalog, action)
    return f"{_action_words(action)} is not something to do in the {state.phase.label}"


_MAIN = (va.SetComponent, va.Recruit, va.PlayCard, va.Deploy, va.Activate, va.SetSabotage)
_COMBAT = (va.DeclareAttackers, va.DeclareBlockers, va.AssignDamage)
_RITUAL = (va.PerformRitual, va.FlipSabotage, va.ApplyComponent)


def _action_words(action: va.Action) -> str:
    return {
        "SetComponent": "setting a component",
        "Recruit": "recruiting",
        "PlayCard": "playing a card",
        "Deploy": "deploying",
        "Activate": "activating an ability",
        "SetSabotage": "setting a sabotage card",
        "DeclareAttackers": "declaring attackers",
        "DeclareBlockers": "declaring blockers",
        "AssignDamage": "dealing combat damage",
        "PerformRitual": "performing a ritual",
        "FlipSabotage": "flipping a sabotage card",
        "ApplyComponent": "applying a component",
    }.get(type(action).__name__, "that")


def _doing(state: GameState) -> str:
    if state.gathers:
        return "gathering"
    if state.combat is not None:
        return {"attackers": "declaring attackers", "blockers": "declaring blockers"}.get(
            state.combat.step, "dealing combat damage"
        )
    if state.ritual is not None:
        return "sabotage" if state.ritual.step == "sabotage" else "the ritual's components"
    return state.phase.label


def _card_words(catalog: Catalog, card_id: object) -> str:
    if isinstance(card_id, str) and card_id in catalog:
        return catalog.get(card_id).name
    return "that card (the catalog does not know it)"


def _gather(state: GameState, catalog: Catalog, action: va.Gather) -> str | None:
    """Gather: you may set a component from among the top five."""
    if action.card_id == "":
        return None
    card = catalog.find(action.card_id) if isinstance(action.card_id, str) else None
    if card is None or card.type != "component":
        return f"{_card_words(catalog, action.card_id)} is not a component"
    p = state.players[action.player]
    if p.deck_size <= 0:
        return "the gate deck is empty: there is nothing to gather"
    if p.deck and action.card_id not in p.deck[:GATHER_LOOK]:
        return f"{card.name} is not among the top five cards of the gate deck"
    return None


def _pass(state: GameState) -> str | None:
    p = state.players[state.active]
    if state.phase is Phase.END:
        reserved = sum(1 for m in state.controlled(state.active) if not m.deployed)
        if reserved > p.reserve_limit:
            return (
                f"no more than {p.reserve_limit} monsters can remain reserved: "
                f"deploy {reserved - p.reserve_limit} more"
            )
    r = state.ritual
    if r is not None and r.step == "components":
        return "apply the ritual's components one by one, in the order you choose"
    return None


def _main(state: GameState, catalog: Catalog, action: va.Action) -> str | None:
    seat = action.player
    p = state.players[seat]
    if isinstance(action, va.Deploy):
        return _deploy(state, catalog, action, end_phase=False)
    if isinstance(action, va.Activate):
        return _activate(state, catalog, action)
    if isinstance(action, va.Recruit):
        if state.recruited:
            return f"{p.name} has already recruited this turn"
        if p.cultists >= MAX_CULTISTS:
            return f"{p.name} already controls ten cultists"
        if p.hand_size <= 0:
            return "recruiting needs a card from the hand, and the hand is empty"
        if state.hidden and action.card_id == "":
            return None
        if action.card_id not in catalog:
            return f"{_card_words(catalog, action.card_id)} can't be recruited with"
        if not ops.in_hand(p, action.card_id, state.hidden):
            return f"{catalog.get(action.card_id).name} is not in {p.name}'s hand"
        return None
    assert isinstance(action, va.SetComponent | va.PlayCard | va.SetSabotage)
    card = catalog.find(action.card_id) if isinstance(action.card_id, str) else None
    if card is None:
        return f"{_card_words(catalog, action.card_id)} can't be played"
    if not ops.in_hand(p, card.id, state.hidden):
        return f"{card.name} is not in {p.name}'s hand"
    if isinstance(action, va.SetComponent):
        if card.type != "component":
            return f"{card.name} is not a component"
        if state.component_set:
            return f"{p.name} has already set a component this turn"
        return None
    if isinstance(action, va.SetSabotage):
        if card.type != "sabotage":
            return f"{card.name} is not a sabotage card"
        if not isinstance(action.stockpile, int) or action.stockpile < 0:
            return "the devotion stockpiled must be 0 or more"
        if action.stockpile > p.ready:
            return f"{p.name} has only {ready_cultists(p.ready)} to stockpile with"
        return None
    if card.type not in ("spell", "monster"):
        return f"{card.name} is a {card.type}: it is set face down, not played"
    if card.cost > p.ready:
        return f"{card.name} costs {card.cost} devotion and {p.name} has {ready_cultists(p.ready)}"
    return explain_targets(state, catalog, seat, card.effects, action.targets, card.name)


def _deploy(state: GameState, catalog: Catalog, action: va.Deploy, end_phase: bool) -> str | None:
    m = state.monster(action.monster_id)
    name = state.players[action.player].name
    if m is None or m.controller != action.player:
        return f"that is not a monster {name} controls"
    card = catalog.get(m.card_id)
    if m.deployed:
        return f"{card.name} is already deployed"
    if not end_phase and m.played_turn == state.turn:
        return f"{card.name} was played this turn: it can be deployed from a later phase or turn"
    return None


def _activate(state: GameState, catalog: Catalog, action: va.Activate) -> str | None:
    m = state.monster(action.monster_id)
    p = state.players[action.player]
    if m is None or m.controller != action.player:
        return f"that is not a monster {p.name} controls"
    card = catalog.get(m.card_id)
    if not isinstance(action.ability, int) or not 0 <= action.ability < len(card.abilities):
        return f"{card.name} has no such ability"
    ability = card.abilities[action.ability]
    if ability.once_per_turn and (m.id, action.ability) in state.used_abilities:
        return f"{card.name}'s ability works once per turn, and it was used this turn"
    if ability.cost > p.ready:
        return (
            f"{card.name}'s ability costs {ability.cost} and {p.name} has {ready_cultists(p.ready)}"
        )
    return explain_targets(
        state, catalog, action.player, ability.effects, action.targets, card.name
    )


def _combat(state: GameState, catalog: Catalog, action: va.Action) -> str | None:
    combat = state.combat
    assert combat is not None
    if isinstance(action, va.DeclareAttackers):
        if combat.step != "attackers":
            return "attackers are already declared"
        seen: set[int] = set()
        for a in action.attackers:
            m = state.monster(a)
            if m is None or m.controller != action.player:
                return f"that is not a monster {state.players[action.player].name} controls"
            if not m.deployed:
                return f"{catalog.get(m.card_id).name} is reserved: only deployed monsters attack"
            if a in seen:
                return f"{catalog.get(m.card_id).name} is declared twice"
            seen.add(a)
        return None
    if isinstance(action, va.DeclareBlockers):
        if combat.step != "blockers":
            return "blockers are not being declared now"
        used: set[int] = set()
        for b, a in action.blocks:
            m = state.monster(b)
            if m is None or m.controller != action.player:
                return f"that is not a monster {state.players[action.player].name} controls"
            name = catalog.get(m.card_id).name
            if not m.deployed:
                return f"{name} is reserved: only deployed monsters block"
            if a not in combat.attackers:
                return f"{name} can only block an attacking monster"
            if b in used:
                return f"{name} can block only one attacker"
            used.add(b)
        return None
    assert isinstance(action, va.AssignDamage)
    if combat.step != "damage":
        return "combat damage comes after blockers are declared"
    return _assignments(state, catalog, action)


def _assignments(state: GameState, catalog: Catalog, action: va.AssignDamage) -> str | None:
    """Damage: a blocked attacker divides its damage among its blockers; an unblocked one may
    deal it to an opposing deployed monster of its player's choice."""
    combat = state.combat
    assert combat is not None
    totals: dict[int, int] = {}
    for a, target, amount in action.assignments:
        m = state.monster(a)
        if m is None or a not in combat.attackers:
            return "that monster is not attacking"
        name = catalog.get(m.card_id).name
        if amount < 0:
            return f"{name} can't deal less than no damage"
        blockers = blockers_of(combat, a)
        t = state.monster(target)
        if blockers:
            if target not in blockers:
                return f"{name} is blocked: it deals its damage to the monsters blocking it"
        elif t is None or t.controller == action.player or not t.deployed:
            return f"{name} can only damage a deployed monster of the opponent"
        totals[a] = totals.get(a, 0) + amount
    for a, total in totals.items():
        m = state.monster(a)
        assert m is not None
        attack = ops.attack_of(m, catalog)
        if total != attack:
            name = catalog.get(m.card_id).name
            return f"{name} deals {attack} damage: divide all of it, no more"
        if not blockers_of(combat, a) and sum(1 for x in action.assignments if x[0] == a) > 1:
            return f"{catalog.get(m.card_id).name} is unblocked: it damages one monster"
    return None


def _ritual(state: GameState, catalog: Catalog, action: va.Action) -> str | None:
    r = state.ritual
    p = state.players[action.player]
    if isinstance(action, va.PerformRitual):
        if r is not None:
            return "a ritual is already being performed"
        if len(p.ritual_zone) < 3:
            return (
                f"a ritual needs at least three components, and {p.name} has {len(p.ritual_zone)}"
            )
        return None
    if r is None:
        return "no ritual is being performed"
    if isinstance(action, va.FlipSabotage):
        if r.step != "sabotage":
            return "the time to flip sabotage cards has passed"
        card = catalog.find(action.card_id) if isinstance(action.card_id, str) else None
        if card is None or action.card_id not in p.sabotage_zone:
            return f"{p.name} has no such sabotage card face down"
        # By default as much from the stockpile as the card costs (Stockpile).
        use = (
            min(p.stockpile, card.cost) if action.from_stockpile is None else action.from_stockpile
        )
        if not 0 <= use <= p.stockpile:
            return f"{p.name}'s stockpile holds {p.stockpile} devotion"
        if use > card.cost:
            return f"{card.name} costs {card.cost}: no more can come from the stockpile"
        if card.cost - use > p.ready:
            return (
                f"{card.name} costs {card.cost}: {use} from the stockpile leaves "
                f"{card.cost - use}, and {p.name} has {ready_cultists(p.ready)}"
            )
        return explain_targets(
            state, catalog, action.player, card.effects, action.targets, card.name
        )
    assert isinstance(action, va.ApplyComponent)
    if r.step != "components":
        return "the components are applied after the sabotage window and the bolster"
    index = component_index(state, action.card_id)
    if index is None:
        left = ", ".join(catalog.get(r.components[i]).name for i in open_components(state))
        return f"that is not a component of the ritual still to apply (left: {left})"
    card = catalog.get(action.card_id)
    return explain_targets(state, catalog, action.player, card.effects, action.targets, card.name)
