"""Battle Resolution (4.4) on a game state: every skirmish worked out from the same position
and applied all at once ("The results of the battle are considered to happen all at once"),
then the dead retired and the base hit. ``forecast`` is what the battle assistant shows."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.evolve import maker
from engine.deeds import stats
from engine.deeds.battle import Skirmish, skirmish
from engine.deeds.cards import Catalog
from engine.deeds.context import Ctx, News
from engine.deeds.deaths import at_risk, sweep
from engine.deeds.evolve_state import damaged, players_with, state_with
from engine.deeds.look import Look
from engine.deeds.state import RETREAT, Battle, DeedsState, InPlay, holds_any


@dataclass(frozen=True, slots=True)
class Clash:
    attacker: int
    blockers: tuple[int, ...]  # in blocking order
    result: Skirmish


_clash = maker(Clash)  # made without the frozen __init__ (every field, in order)


def forecast(
    state: DeedsState, catalog: Catalog, battle: Battle | None = None
) -> tuple[Clash, ...]:
    """What each attacker would do if the battle resolved now (or with ``battle`` declared):
    the prediction the app shows before anyone confirms."""
    battle = battle or state.battle
    if battle is None:
        return ()
    return _clashes(state, catalog, battle, {x.id: x for x in state.cards})


def _clashes(
    state: DeedsState, catalog: Catalog, battle: Battle, on_field: dict[int, InPlay]
) -> tuple[Clash, ...]:
    """``forecast``, with the battlefield by card number (one look at it, not one per card)."""
    fighter = Look(state, catalog).fighter  # every fighter from one look at the battlefield
    clashes = []
    for attacker_id in battle.attackers:
        attacker = on_field.get(attacker_id)
        if attacker is None:
            continue  # retired before resolution
        # its blockers in blocking order (Battle.blockers_of), those still on the battlefield
        blockers = (
            [on_field[b] for a, b in battle.blocks if a == attacker_id and b in on_field]
            if battle.blocks
            else []
        )
        result = skirmish(fighter(attacker), [fighter(b) for b in blockers])
        clashes.append(_clash(attacker_id, tuple([b.id for b in blockers]), result))
    return tuple(clashes)


def base_damage(clashes: tuple[Clash, ...], held: frozenset[int] = frozenset()) -> int:
    return sum(c.result.to_base for c in clashes if c.attacker not in held)


def overrun_left(state: DeedsState, catalog: Catalog) -> tuple[tuple[int, int], ...]:
    """(attacker, damage) for each blocked attacker whose Overrun would send damage left after
    defeating its blockers to the base: the attacker's choice (Glossary: "may")."""
    return tuple(
        (c.attacker, c.result.to_base)
        for c in forecast(state, catalog)
        if c.blockers and c.result.to_base
    )


def resolve_battle(state: DeedsState, ctx: Ctx, held: frozenset[int] = frozenset()) -> DeedsState:
    """Battle Resolution; ``held``: the attackers whose Overrun damage the attacker keeps off
    the base (Overrun)."""
    assert state.battle is not None
    on_field = {x.id: x for x in state.cards}
    clashes = _clashes(state, ctx.catalog, state.battle, on_field)
    damage: dict[int, int] = {}
    fed: set[int] = set()
    defender = state.defender
    # Hunger looked for only when a card on the battlefield prints it
    hunger = holds_any(state.cards, ctx.catalog.printing("hunger"))
    for clash in clashes:
        attacker = on_field[clash.attacker]
        r = clash.result
        if clash.blockers:  # (unblocked: no damage to any card)
            damage[clash.attacker] = damage.get(clash.attacker, 0) + r.attacker_damage
            for blocker_id, hit in zip(clash.blockers, r.blocker_damage, strict=True):
                damage[blocker_id] = damage.get(blocker_id, 0) + hit
        _say_clash(state, ctx, clash, on_field, clash.attacker in held)
        if not hunger:
            continue
        # Hunger: "must kill an enemy unit" -- a unit it fought dies
        if stats.has(state, ctx.catalog, attacker, "hunger") and any(
            dies and ctx.catalog.get(on_field[b].card_id).is_unit
            for b, dies in zip(clash.blockers, r.blockers_die, strict=True)
        ):
            fed.add(attacker.id)
        if r.attacker_dies and ctx.card(attacker).is_unit:
            fed.update(
                b for b in clash.blockers if stats.has(state, ctx.catalog, on_field[b], "hunger")
            )
    # The damage to the cards and to the base, in one copy of the state.
    cards = damaged(state.cards, damage, fed)
    players = state.players
    hit = base_damage(clashes, held)
    if hit:
        p = players[defender]
        players = players_with(state, defender, base=p.base - hit)
        left = p.base - hit
        ctx.say(state, defender, f"{p.name}'s base takes {hit} damage ({left} left)", News.BASE_HIT)
    if cards is not ctx.swept and at_risk(cards, ctx.catalog):
        # someone may die: retired in the Tactics step, where it is logged
        state = sweep(state_with(state, cards=cards, players=players), ctx)
        return state_with(state, battle=None, phase=RETREAT)
    ctx.swept = cards  # (the swept battlefield untouched, or nobody at risk: as a sweep notes)
    return state_with(state, cards=cards, players=players, battle=None, phase=RETREAT)


def _say_clash(
    state: DeedsState, ctx: Ctx, clash: Clash, on_field: dict[int, InPlay], held: bool
) -> None:
    attacker = on_field[clash.attacker]
    r = clash.result
    name = ctx.name(attacker)
    if not clash.blockers:
        ctx.say(state, attacker.owner, f"{name} is unblocked: {r.to_base} damage to the base")
        return
    names = ", ".join([ctx.name(on_field[b]) for b in clash.blockers])
    rest = ""
    if r.to_base:
        rest = (
            f"; {r.to_base} left, kept off the base"
            if held
            else f"; {r.to_base} overruns to the base"
        )
    ctx.say(
        state,
        attacker.owner,
        f"{name} fights {names} in that order: deals {sum(r.blocker_damage)}, "
        f"takes {r.attacker_damage}{rest}",
    )
