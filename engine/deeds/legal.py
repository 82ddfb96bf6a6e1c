"""The actions the rules allow now, for the acting player, generated legal (random play-outs,
hints and the app's listing after every command depend on it being cheap). Not listed, though
legal: manual adjustments (but for Resolve, card text marked done), the other player's tactics
outside battle, and every way of ordering blocks or paying ``*`` (README: readings).

Each helper below lists only what ``rules.explain`` allows, by the same tests in the same
order (the rules each one mirrors are cited beside it), rather than building candidates and
explaining every one: listing runs after every command (the mulligan's two choices too).
tests/deeds/test_properties.py explains every listed action, and test_speed_shortcuts.py
compares the listing with the candidates-and-explain version; the golden records of issue 25
compared them on 340 games.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from engine.core.evolve import maker
from engine.deeds import actions as da
from engine.deeds import stats
from engine.deeds.cards import RESOURCES, Card
from engine.deeds.context import Ctx
from engine.deeds.flow import actor
from engine.deeds.pay import affordable
from engine.deeds.resolve import overrun_left
from engine.deeds.rules import spared
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
    holds_any,
    nothing_attached,
)

# The actions a listing makes, made without the frozen __init__ (engine/core/evolve.py's
# maker: every field, in order): the app lists them after every command.
_resolve = maker(da.Resolve)
_discard = maker(da.Discard)
_deploy = maker(da.Deploy)
_equip = maker(da.Equip)
_unequip = maker(da.Unequip)
_attack = maker(da.Attack)
_block = maker(da.Block)
_activate = maker(da.Activate)

# The actions whose fields are fixed for a seat, made once (indexed by seat): actions are
# immutable, so a listing may hand out the same objects every time, as equal ones.
# 1. Regroup: two different resources, the six choices in a fixed order.
_REGROUPS = tuple(
    tuple(da.Regroup(seat, first, second) for first, second in combinations(RESOURCES, 2))
    for seat in (0, 1)
)
_DRAWS = (da.Draw(0), da.Draw(1))
_END_PHASES = (da.EndPhase(0), da.EndPhase(1))
_PASSES = (da.Pass(0), da.Pass(1))
_NO_BLOCKS = (da.Block(0, ()), da.Block(1, ()))
# A card deployed with no targets, by seat and card id (every listing in a Deploy phase offers
# them; with hidden hands, one for every card of the catalog): made once each, as above.
_PLAIN_DEPLOYS: tuple[dict[str, da.Deploy], dict[str, da.Deploy]] = ({}, {})


def legal_actions(state: DeedsState, ctx: Ctx) -> list[Any]:
    """Every legal action now, in a fixed order (a handful: built whole, in one go)."""
    out: list[Any] = []
    seat = actor(state)  # None once the game is over: nothing is legal but adjustments
    if seat is None:
        return out
    phase = state.phase
    p = state.players[seat]
    for note in state.notes:  # card text the table carried out: the band's "Resolved"
        out.append(_resolve(seat, note.id))
    if phase is MULLIGAN:  # Setup (the actor has not decided yet)
        _mulligans(ctx, seat, p.hand, p.hand_size, out)
    elif phase is REGROUP:  # 1. Regroup: any two different resources
        out.extend(_REGROUPS[seat])
    elif phase is DRAW:
        out.append(_DRAWS[seat])
    elif phase is DEPLOY or phase is RETREAT:
        _deploys(state, ctx, seat, out, tactics_only=False)
        bare = nothing_attached(state.cards)  # (most often)
        if not bare or holds_any(state.cards, ctx.catalog.gear):  # (most often: no gear)
            _equips(state, ctx, seat, out, bare)
        must = False
        if phase is DEPLOY:
            must = _attacks(state, ctx, seat, out, bare)
        elif p.hand_size > HAND:  # "Your Hand": discard down to 5 at the end of the round
            if ctx.hidden:
                out.append(_discard(seat, ""))  # a card discarded without a scan
            out.extend(_discard(seat, card_id) for card_id in _hand(ctx, p.hand, p.hand_size))
        # Deploy: not while Rage or Rampage must attack; the round: not over the hand limit
        if not must and (phase is DEPLOY or p.hand_size <= HAND):
            out.append(_END_PHASES[seat])
    elif phase is DEFEND:
        _blocks(state, ctx, seat, out)
    elif phase is TACTICS and state.battle is not None and state.battle.asking:
        _overruns(state, ctx, seat, out)
    elif phase is TACTICS:
        if state.battle is not None:  # 4.3 Tactics: whoever has priority plays or passes
            out.append(_PASSES[seat])
        _deploys(state, ctx, seat, out, tactics_only=True)
        if state.battle is not None:  # (with no battle: tactics only)
            _activations(state, ctx, seat, out)
    return out


def _overruns(state: DeedsState, ctx: Ctx, seat: int, out: list[Any]) -> None:
    """Overrun: every card's damage left to the base, none, and (with more than one) each
    card's alone."""
    left = tuple(x for x, _ in overrun_left(state, ctx.catalog))
    out.append(da.Overrun(seat, left))
    out.append(da.Overrun(seat, ()))
    if len(left) > 1:
        out.extend(da.Overrun(seat, (x,)) for x in left)


def _mulligans(ctx: Ctx, seat: int, hand: tuple[str, ...], size: int, out: list[Any]) -> None:
    """Setup (rules._keep, rules._mulligan): keep the hand, or put it all back: with hidden
    hands by count, 1 to the hand's size; with open hands naming its cards, all of the
    catalog."""
    out.append(da.KeepHand(seat))
    if ctx.hidden:
        if size >= 1:
            out.append(da.Mulligan(seat, size))
    elif 1 <= len(hand) <= size and all(card_id in ctx.catalog for card_id in hand):
        out.append(da.Mulligan(seat, len(hand), hand))


def _deploys(state: DeedsState, ctx: Ctx, seat: int, out: list[Any], *, tactics_only: bool) -> None:
    """Deploy (and tactics, "Tactics" timing): a card in hand whose cost the pool pays, with
    the targets its text needs ("Upgrades", Resurrect)."""
    p = state.players[seat]
    pool = p.pool
    get = ctx.catalog.get
    resurrects = ctx.catalog.printing("resurrect")
    plain = _PLAIN_DEPLOYS[seat]
    for card_id in _hand(ctx, p.hand, p.hand_size):
        card = get(card_id)
        if tactics_only and card.type != "tactic":
            continue
        if not affordable(pool, card.cost):
            continue
        if card.subtype == "upgrade":  # "Deployment: Target technology", not an upgrade
            for x in state.cards:
                if x.owner == seat:
                    on = get(x.card_id)
                    if on.type == "technology" and on.subtype != "upgrade":
                        out.append(_deploy(seat, card_id, (x.id,), ()))
        elif card_id in resurrects:  # a unit or technology of your graveyard, not an upgrade
            for target in dict.fromkeys(p.graveyard):
                found = ctx.catalog.find(target)
                if found is not None and found.stays and found.subtype != "upgrade":
                    out.append(_deploy(seat, card_id, (target,), ()))
        else:
            deploy = plain.get(card_id)
            if deploy is None:
                deploy = plain[card_id] = _deploy(seat, card_id, (), ())
            out.append(deploy)


def _hand(ctx: Ctx, hand: tuple[str, ...], size: int) -> Sequence[str]:
    """The distinct cards a hand may play, in the hand's order: with hidden hands, whichever
    the player scans, so any card of the catalog while the hand is not empty."""
    if ctx.hidden:
        return ctx.catalog.ids if size > 0 else ()
    distinct: list[str] = []
    for card_id in hand:  # (a handful: a list is cheaper to make than a dict)
        if card_id not in distinct:
            distinct.append(card_id)
    return distinct


def _equips(state: DeedsState, ctx: Ctx, seat: int, out: list[Any], bare: bool) -> None:
    """Equipment onto a unit, a unit aboard an empty vehicle (one at a time), and separating
    them again: both utilized, so both ready, but for a unit spared by Tech Savvy or Equipment
    Assist (rules._equip, rules._unequip). Asked only when something is attached or gear is
    on the battlefield; ``bare``: nothing is attached to anything."""
    cards = state.cards
    catalog = ctx.catalog
    gear_ids = catalog.gear
    gear = [
        x for x in cards if x.owner == seat and (x.attached_to is not None or x.card_id in gear_ids)
    ]
    if not gear:  # (most of the time: nothing to equip or separate)
        return
    get = catalog.get
    units = [
        x
        for x in cards
        if x.owner == seat and x.attached_to is None and get(x.card_id).type == "unit"
    ]
    able: list[InPlay] | None = None  # the units that may be equipped: found once, if asked
    for tech in gear:
        card = get(tech.card_id)
        subtype = card.subtype
        if (
            tech.attached_to is None
            and tech.ready
            and (
                subtype == "equipment"
                or subtype == "vehicle"
                and (bare or not any(get(y.card_id).is_unit for y in state.attached(tech.id)))
            )
        ):
            if able is None:
                able = [unit for unit in units if unit.ready or spared(state, ctx, unit)]
            for unit in able:
                out.append(_equip(seat, tech.id, unit.id))
        if tech.attached_to is not None and subtype != "upgrade":
            holder = state.card(tech.attached_to)
            assert holder is not None
            if card.is_unit:  # a unit aboard a vehicle: the vehicle is the technology
                tech_, unit_ = holder, tech
            else:
                tech_, unit_ = tech, holder
            if tech_.ready and (unit_.ready or spared(state, ctx, unit_)):
                out.append(_unequip(seat, tech.id))


def _attacks(state: DeedsState, ctx: Ctx, seat: int, out: list[Any], bare: bool) -> bool:
    """4.1 Attack, once a round: everyone able; those that must (Rage, Rampage) when that is
    fewer; each one alone when nobody must. Returns whether someone must attack. ``bare``:
    nothing is attached to anything (every card's keywords are its own)."""
    catalog = ctx.catalog
    able: list[int] = []
    musts: list[int] = []
    for x in state.cards:
        if x.owner == seat:
            kws = stats.attack_keywords(state, catalog, x, bare)
            if kws is not None:
                able.append(x.id)
                if "rage" in kws or "rampage" in kws:  # stats.must_attack
                    musts.append(x.id)
    if not able or state.attacked:
        return bool(musts)
    everyone = tuple(able)
    out.append(_attack(seat, everyone))
    must = tuple(musts)
    if must:
        if must != everyone:
            out.append(_attack(seat, must))
    elif len(able) > 1:  # (a lone able unit is "everyone" above)
        for one in everyone:
            out.append(_attack(seat, (one,)))
    return bool(must)


def _blocks(state: DeedsState, ctx: Ctx, seat: int, out: list[Any]) -> None:
    """4.2 Defend: no blocks; each single block; and everyone blocking, spread over the
    attackers (each blocker on the first attacker it may block)."""
    battle = state.battle
    assert battle is not None
    out.append(_NO_BLOCKS[seat])
    catalog = ctx.catalog
    blockers = [x for x in state.cards if x.owner == seat and stats.may_block(catalog, x)]
    if not blockers:  # (nothing to block with: no block is the only choice)
        return
    attackers = [state.card(i) for i in battle.attackers]
    pairs = [
        (a.id, b.id)
        for a in attackers
        if a is not None and stats.blockable_by(state, catalog, a, seat)
        for b in blockers
    ]
    for pair in pairs:
        out.append(_block(seat, (pair,)))
    spread: list[tuple[int, int]] = []
    used: set[int] = set()
    for a_id, b_id in pairs:
        if b_id not in used:
            used.add(b_id)
            spread.append((a_id, b_id))
    if len(spread) > 1:
        out.append(_block(seat, tuple(spread)))


def _activations(state: DeedsState, ctx: Ctx, seat: int, out: list[Any]) -> None:
    """Activated abilities (Tactics step): not a unit's on the round it came into play; a
    utilizing one only while ready; its cost paid from the pool."""
    pool = state.players[seat].pool
    for x in state.cards:
        if x.owner != seat:
            continue
        card: Card = ctx.card(x)
        index = 0
        for ability in card.abilities:
            if ability.kind != "activated":
                continue
            if (
                not (card.is_unit and x.deployed_round == state.round)
                and not (ability.utilize and not x.ready)
                and affordable(pool, ability.cost)
            ):
                out.append(_activate(seat, x.id, index, (), ()))
            index += 1
