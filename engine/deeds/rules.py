"""Why an action is illegal now, in players' words (None: it is legal). Rulebook sections
are cited at each rule; readings where the text is silent are in README.md."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.deeds import actions as da
from engine.deeds import stats
from engine.deeds.cards import RESOURCES, Card
from engine.deeds.context import Ctx
from engine.deeds.pay import pay
from engine.deeds.resolve import overrun_left
from engine.deeds.rules_adjust import explain_adjustment
from engine.deeds.setup import HAND
from engine.deeds.state import (
    DEFEND,
    DEPLOY,
    DRAW,
    MULLIGAN,
    REGROUP,
    RETREAT,
    TACTICS,
    DeedsState,
    InPlay,
    Phase,
)


def explain(state: DeedsState, ctx: Ctx, action: Any, *, well_formed: bool = False) -> str | None:
    """``well_formed``: the caller built the action itself (legal.py), so its field types
    need no check."""
    if not well_formed:
        problem = da.type_problem(action)
        if problem is not None:
            return problem
    if action.player not in (0, 1):
        return f"there is no seat {action.player}: the seats are 0 and 1"
    if da.is_adjustment(action):
        return explain_adjustment(state, ctx, action)
    if state.over:
        return "the game is over"
    battle = state.battle
    if battle is not None and battle.asking and type(action) is not da.Overrun:
        return (
            f"the Tactics step is over: {who(state, state.attacker)} says first where "
            "Overrun's damage left after defeating blockers goes"
        )
    check = _CHECKS[type(action)]
    return check(state, ctx, action)


def who(state: DeedsState, seat: int) -> str:
    return state.players[seat].name


def in_hand(state: DeedsState, ctx: Ctx, seat: int, card_id: str) -> str | None:
    """Hidden hands: any card of the catalog while the hand is not empty (it was scanned)."""
    p = state.players[seat]
    card = ctx.catalog.find(card_id)
    if card is None:
        return f'there is no card "{card_id}" in the catalog'
    if ctx.hidden:
        return None if p.hand_size > 0 else f"{p.name} has no cards in hand"
    return None if card_id in p.hand else f"{p.name} has no {card.name} in hand"


def own_card(state: DeedsState, ctx: Ctx, seat: int, card_id: int) -> InPlay | str:
    x = state.card(card_id)
    if x is None:
        return f"there is no card number {card_id} on the battlefield"
    if x.owner != seat:
        return f"{ctx.name(x)} is {who(state, x.owner)}'s, not {who(state, seat)}'s"
    return x


def _attackers_turn(
    state: DeedsState, seat: int, phases: tuple[Phase, ...], doing: str
) -> str | None:
    """ "the actions the attacker may take in each phase" (Gameplay)."""
    if state.phase not in phases:
        where = " or ".join(p.label for p in phases)
        return f"{doing} happens in the {where} phase; it is the {state.phase.label} phase now"
    if seat != state.attacker:
        return f"it is {who(state, state.attacker)}'s round: only the attacker {doing.lower()}s now"
    return None


def _keep(state: DeedsState, ctx: Ctx, a: da.KeepHand) -> str | None:
    if state.phase is not MULLIGAN:
        return "the opening hands were settled at the start of the game"
    if state.players[a.player].decided:
        return f"{who(state, a.player)} has already kept or mulliganed"
    return None


def _mulligan(state: DeedsState, ctx: Ctx, a: da.Mulligan) -> str | None:
    """Setup: shuffle any number of cards back, draw as many; once."""
    problem = _keep(state, ctx, da.KeepHand(a.player))
    if problem is not None:
        return problem
    p = state.players[a.player]
    if not 1 <= a.count <= p.hand_size:
        return f"a mulligan puts back 1 to {p.hand_size} cards, not {a.count}"
    if a.cards and len(a.cards) != a.count:
        return f"name the {a.count} cards put back, no more and no fewer"
    unknown = [c for c in a.cards if c not in ctx.catalog]
    if unknown:
        return f'there is no card "{unknown[0]}" in the catalog'
    if not ctx.hidden:
        if not a.cards:
            return "name the cards put back"
        missing = Counter(a.cards) - Counter(p.hand)
        if missing:
            return f"{p.name} has no {next(iter(missing))!r} in hand to put back"
    return None


def _regroup(state: DeedsState, ctx: Ctx, a: da.Regroup) -> str | None:
    """1. Regroup: two resources of your choice, never two of the same in one round."""
    problem = _attackers_turn(state, a.player, (REGROUP,), "Regroup")
    if problem is not None:
        return problem
    for resource in (a.first, a.second):
        if resource not in RESOURCES:
            return f'"{resource}" is not a resource (they are: {", ".join(RESOURCES)})'
    if a.first == a.second:
        return "you cannot add two of the same resource in the same round"
    return None


def _draw(state: DeedsState, ctx: Ctx, a: da.Draw) -> str | None:
    return _attackers_turn(state, a.player, (DRAW,), "Draw")


def _deploy(state: DeedsState, ctx: Ctx, a: da.Deploy) -> str | None:
    card = ctx.catalog.find(a.card_id)
    if card is None:
        return f'there is no card "{a.card_id}" in the catalog'
    if card.type == "tactic":
        problem = _tactic_timing(state, a.player)
    else:
        problem = _attackers_turn(state, a.player, (DEPLOY, RETREAT), "Deploy")
    if problem is not None:
        return problem
    problem = in_hand(state, ctx, a.player, a.card_id)
    if problem is not None:
        return problem
    paid = pay(state.players[a.player].pool, card.cost, a.pay)
    if isinstance(paid, str):
        return f"{card.name}: {paid}"
    return _deploy_targets(state, ctx, a, card)


def _tactic_timing(state: DeedsState, seat: int) -> str | None:
    """Tactics: any time during normal play; in battle only in the Tactics step (4.3)."""
    if state.phase is MULLIGAN:
        return "tactics wait until the first round begins"
    if state.phase is DEFEND:
        return "in battle, tactics are played in the Tactics step, after the blocks"
    if state.phase is TACTICS and state.battle and state.battle.priority != seat:
        return f"it is {who(state, state.battle.priority)}'s move in the Tactics step"
    return None


def _deploy_targets(state: DeedsState, ctx: Ctx, a: da.Deploy, card: Card) -> str | None:
    if card.subtype == "upgrade":  # Upgrades: "Deployment: Target technology"
        if len(a.targets) != 1 or not isinstance(a.targets[0], int):
            return f"{card.name} is an upgrade: name the one technology of yours it goes on"
        x = own_card(state, ctx, a.player, a.targets[0])
        if isinstance(x, str):
            return x
        if not ctx.card(x).is_technology or ctx.card(x).subtype == "upgrade":
            return f"{card.name} is an upgrade: it goes on technology, and {ctx.name(x)} is not"
        return None
    if card.has("resurrect"):  # "Return target card from graveyard to battlefield utilized."
        grave = state.players[a.player].graveyard
        if len(a.targets) != 1 or not isinstance(a.targets[0], str):
            return f"{card.name} has Resurrect: name the one card of your graveyard it returns"
        target = a.targets[0]
        found = ctx.catalog.find(target)
        if target not in grave or found is None:
            return f"there is no {found.name if found else target} in your graveyard"
        if not found.stays or found.subtype == "upgrade":
            return f"{found.name} can't return to the battlefield: it is not a unit or technology"
        return None
    if card.type != "tactic" and a.targets:
        return f"{card.name} takes no targets when it is deployed"
    return _battlefield_targets(state, ctx, a.targets)


def _battlefield_targets(state: DeedsState, ctx: Ctx, targets: tuple[Any, ...]) -> str | None:
    for target in targets:
        if not isinstance(target, int):
            return f'"{target}" is not a card on the battlefield'
        x = state.card(target)
        if x is None:
            return f"there is no card number {target} on the battlefield"
        # Hidden shields from every player, its owner too (Glossary; README: readings)
        problem = stats.why_not_target(state, ctx.catalog, x)
        if problem is not None:
            return problem
    return None


def _equip_pair(state: DeedsState, ctx: Ctx, seat: int, tech: InPlay, unit: InPlay) -> str | None:
    """Equipping and unequipping utilize the technology and the target card; Tech Savvy and
    Equipment Assist spare the unit."""
    if not tech.ready:
        return f"{ctx.name(tech)} is utilized: equipping utilizes it, so it must be ready"
    if not unit.ready and not spared(state, ctx, unit):
        return f"{ctx.name(unit)} is utilized: equipping utilizes it, so it must be ready"
    return None


def spared(state: DeedsState, ctx: Ctx, unit: InPlay) -> bool:
    """Tech Savvy (the card), Equipment Assist (any card of its owner's): no utilizing."""
    if stats.has(state, ctx.catalog, unit, "tech_savvy"):
        return True
    if not ctx.card(unit).is_unit:
        return False
    assist = ctx.catalog.printing("equipment_assist")  # (the ids of the cards that print it)
    owner = unit.owner
    return any(y.owner == owner and y.card_id in assist for y in state.cards)


def _equip(state: DeedsState, ctx: Ctx, a: da.Equip) -> str | None:
    problem = _attackers_turn(state, a.player, (DEPLOY, RETREAT), "Equip")
    if problem is not None:
        return problem
    tech = own_card(state, ctx, a.player, a.card)
    if isinstance(tech, str):
        return tech
    target = own_card(state, ctx, a.player, a.target)
    if isinstance(target, str):
        return target
    kind = ctx.card(tech).subtype
    if kind not in ("equipment", "vehicle"):
        return f"{ctx.name(tech)} is not equipment or a vehicle: it can't be equipped"
    if not ctx.card(target).is_unit or target.attached_to is not None:
        return (
            f"{ctx.name(target)} is not a unit on the battlefield: it can't take {ctx.name(tech)}"
        )
    if kind == "equipment":
        if tech.attached_to is not None:
            return f"{ctx.name(tech)} is already equipped: unequip it first"
        return _equip_pair(state, ctx, a.player, tech, target)
    # Vehicles: "may be equipped with a unit" -- one at a time (README: readings)
    if (
        tech.attached_to is not None
        or state.attached(tech.id)
        and any(ctx.card(y).is_unit for y in state.attached(tech.id))
    ):
        return f"{ctx.name(tech)} already carries a unit"
    return _equip_pair(state, ctx, a.player, tech, target)


def _unequip(state: DeedsState, ctx: Ctx, a: da.Unequip) -> str | None:
    problem = _attackers_turn(state, a.player, (DEPLOY, RETREAT), "Unequip")
    if problem is not None:
        return problem
    x = own_card(state, ctx, a.player, a.card)
    if isinstance(x, str):
        return x
    if x.attached_to is None:
        return f"{ctx.name(x)} is not equipped to anything"
    if ctx.card(x).subtype == "upgrade":
        return "upgrades cannot be unequipped"
    holder = state.card(x.attached_to)
    assert holder is not None
    if ctx.card(x).is_unit:  # a unit aboard a vehicle
        return _equip_pair(state, ctx, a.player, holder, x)
    return _equip_pair(state, ctx, a.player, x, holder)


def _attack(state: DeedsState, ctx: Ctx, a: da.Attack) -> str | None:
    """4.1 Attack: once a round, with ready units or technology; Rage and Rampage must."""
    problem = _attackers_turn(state, a.player, (DEPLOY,), "Attack")
    if problem is not None:
        return problem
    if state.attacked:
        return "an attacker may initiate battle once per round"
    if not a.attackers:
        return "name at least one attacker (or go on without a battle)"
    if len(set(a.attackers)) != len(a.attackers):
        return "each card attacks once"
    for card_id in a.attackers:
        x = own_card(state, ctx, a.player, card_id)
        if isinstance(x, str):
            return x
        problem = stats.why_cannot_attack(state, ctx.catalog, x)
        if problem is not None:
            return problem
    for x in state.cards:
        if x.id not in a.attackers and stats.must_attack(state, ctx.catalog, x):
            return f"{ctx.name(x)} must attack this round: it is able to"
    return None


def _block(state: DeedsState, ctx: Ctx, a: da.Block) -> str | None:
    """4.2 Defend: ready cards block, one attacker each, several on one attacker in order."""
    if state.phase is not DEFEND or state.battle is None:
        return "blockers are assigned in the battle's Defend step"
    if a.player != state.defender:
        return f"{who(state, state.defender)} is defending: only the defender blocks"
    seen: set[int] = set()
    for attacker_id, blocker_id in a.blocks:
        if attacker_id not in state.battle.attackers:
            return f"card number {attacker_id} is not attacking"
        if blocker_id in seen:
            return "a blocker may not block more than one attacker"
        seen.add(blocker_id)
        blocker = own_card(state, ctx, a.player, blocker_id)
        if isinstance(blocker, str):
            return blocker
        attacker = state.card(attacker_id)
        assert attacker is not None
        problem = stats.why_cannot_block(state, ctx.catalog, blocker, attacker)
        if problem is not None:
            return problem
    return None


def _tactics_turn(state: DeedsState, seat: int) -> str | None:
    if state.phase is not TACTICS or state.battle is None:
        return "activated abilities can only be used during the Tactics step in battle"
    if state.battle.priority != seat:
        return f"it is {who(state, state.battle.priority)}'s move in the Tactics step"
    return None


def _activate(state: DeedsState, ctx: Ctx, a: da.Activate) -> str | None:
    """Activated abilities: cost first, as often as it is paid, Tactics step only; a unit's
    not on the round it was deployed (technology has no such wait)."""
    problem = _tactics_turn(state, a.player)
    if problem is not None:
        return problem
    x = own_card(state, ctx, a.player, a.card)
    if isinstance(x, str):
        return x
    card = ctx.card(x)
    activated = [ab for ab in card.abilities if ab.kind == "activated"]
    if not 0 <= a.ability < len(activated):
        return f"{card.name} has no activated ability number {a.ability + 1}"
    ability = activated[a.ability]
    if card.is_unit and x.deployed_round == state.round:
        return f"{card.name} came into play this round: units may not activate abilities yet"
    if ability.utilize and not x.ready:
        return f"{card.name} is utilized, and this ability utilizes it"
    paid = pay(state.players[a.player].pool, ability.cost, a.pay)
    if isinstance(paid, str):
        return f"{card.name}'s ability: {paid}"
    return _battlefield_targets(state, ctx, a.targets)


def _pass(state: DeedsState, ctx: Ctx, a: da.Pass) -> str | None:
    if state.phase is not TACTICS:
        return "passing belongs to the Tactics step; to move on, end the phase"
    return _tactics_turn(state, a.player)


def _overrun(state: DeedsState, ctx: Ctx, a: da.Overrun) -> str | None:
    """Glossary, Overrun: damage left after defeating blockers "may be applied to defender's
    base": the attacker's choice, once the Tactics step is over."""
    if state.battle is None or not state.battle.asking:
        return "Overrun's damage is chosen when the Tactics step ends with damage left over"
    if a.player != state.attacker:
        return f"where Overrun's damage goes is {who(state, state.attacker)}'s choice"
    left = [x for x, _ in overrun_left(state, ctx.catalog)]
    for card_id in a.to_base:
        if card_id not in left:
            return f"card {card_id} has no Overrun damage left over in this battle"
    if len(set(a.to_base)) != len(a.to_base):
        return "name each card once"
    return None


def _sacrifice(state: DeedsState, ctx: Ctx, a: da.Sacrifice) -> str | None:
    """Hunger: "have a friendly unit sacrificed to it"."""
    problem = _attackers_turn(state, a.player, (DEPLOY, RETREAT), "Sacrifice")
    if problem is not None:
        return problem
    hungry = own_card(state, ctx, a.player, a.to)
    if isinstance(hungry, str):
        return hungry
    if not stats.has(state, ctx.catalog, hungry, "hunger"):
        return f"{ctx.name(hungry)} has no Hunger to feed"
    unit = own_card(state, ctx, a.player, a.unit)
    if isinstance(unit, str):
        return unit
    if unit.id == hungry.id or not ctx.card(unit).is_unit or unit.attached_to is not None:
        return f"{ctx.name(unit)} can't be sacrificed to it: sacrifice another unit of yours"
    return None


def _discard(state: DeedsState, ctx: Ctx, a: da.Discard) -> str | None:
    """Your Hand: more than 5 at the end of your turn, discard down to 5."""
    problem = _attackers_turn(state, a.player, (RETREAT,), "Discarding")
    if problem is not None:
        return problem
    if state.players[a.player].hand_size <= HAND:
        return f"discard only to bring a hand down to {HAND} at the end of the round"
    if not a.card_id and ctx.hidden:
        return None  # a card not scanned: the tablet only counts it
    return in_hand(state, ctx, a.player, a.card_id)


def _end_phase(state: DeedsState, ctx: Ctx, a: da.EndPhase) -> str | None:
    problem = _attackers_turn(state, a.player, (DEPLOY, RETREAT), "Ending a phase")
    if problem is not None:
        return problem
    if state.phase is DEPLOY:
        for x in state.cards:
            if stats.must_attack(state, ctx.catalog, x):
                return f"{ctx.name(x)} must attack this round: it is able to"
    elif state.players[a.player].hand_size > HAND:
        return f"discard down to {HAND} cards first ({state.players[a.player].hand_size} in hand)"
    return None


_CHECKS: dict[type[Any], Callable[[DeedsState, Ctx, Any], str | None]] = {
    da.KeepHand: _keep,
    da.Mulligan: _mulligan,
    da.Regroup: _regroup,
    da.Draw: _draw,
    da.Deploy: _deploy,
    da.Equip: _equip,
    da.Unequip: _unequip,
    da.Attack: _attack,
    da.Block: _block,
    da.Activate: _activate,
    da.Pass: _pass,
    da.Overrun: _overrun,
    da.Sacrifice: _sacrifice,
    da.Discard: _discard,
    da.EndPhase: _end_phase,
}
