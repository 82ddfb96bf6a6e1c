"""The actions the rules allow now, cheaply (random play-outs run thousands of them).

Choices made of several parts (who attacks, who blocks whom) have too many combinations to
list: the list holds a representative few (none, all, each one alone, a spread), and the
rules accept every lawful combination (rules.py). Adjustments and entries other than part 1's
are not listed.

Each candidate is built for the seat that acts, in the phase and step it belongs to, so only
the part of the rules' check (rules.py) that depends on the action itself is run on it, the
same function ``explain`` ends in: the rest of ``explain`` (whose turn, which phase, which
combat step) holds by construction. Candidates that pass by construction (Pass in a part's
phase, Bless, Resolve) are not checked at all.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.core.evolve import maker
from engine.devacurse import actions as da
from engine.devacurse.card_model import Card, Catalog
from engine.devacurse.combat import lawful_blockers
from engine.devacurse.flow import actor
from engine.devacurse.rules import (
    assign_problem,
    attack_problem,
    block_problem,
    call_hero_problem,
    call_soldier_problem,
    damage_order_problem,
    draw_problem,
    event_problem,
    hero_block_problem,
    upgrade_problem,
)
from engine.devacurse.state import (
    ASSIGN,
    ATTACK,
    BLOCK,
    CALLING,
    DAMAGE,
    END,
    HERO_COMBAT,
    HEROES,
    PRAYERS,
    SOLDIER_COMBAT,
    GameState,
)

# The actions a listing builds, made by core's maker: every field given, in order, about three
# times as fast as a frozen dataclass's own __init__ (engine/core/evolve.py); a listing builds
# a handful for every command.
_pass = maker(da.Pass)
_draw = maker(da.Draw)
_bless = maker(da.Bless)
_call_soldier = maker(da.CallSoldier)
_call_hero = maker(da.CallHero)
_upgrade_hero = maker(da.UpgradeHero)
_play_event = maker(da.PlayEvent)
_attack_with = maker(da.Attack)
_block_with = maker(da.Block)
_hero_block = maker(da.HeroBlock)
_assign_heroes = maker(da.AssignHeroes)
_resolve = maker(da.Resolve)
_damage_order = maker(da.DamageOrder)


def legal_actions(state: GameState, catalog: Catalog) -> Iterator[da.Action]:
    seat = actor(state)
    if seat is None:
        return
    phase = state.phase
    p = state.players[seat]
    other = 1 - seat
    if phase == PRAYERS:  # part 1's entries: Pass and Bless need nothing more
        yield _pass(seat)
        draw = _draw(seat, 1)
        if draw_problem(state, draw) is None:
            yield draw
        for amount in (1, 2, 3):
            yield _bless(seat, amount)
        return
    if phase in (CALLING, HEROES):
        yield _pass(seat)
        if phase == CALLING:
            for card in _hand_cards(state, catalog, seat, "soldier"):
                if card.cost <= p.blessings:
                    call = _call_soldier(seat, card.id, False)
                    if call_soldier_problem(state, catalog, call) is None:
                        yield call
                    if p.prayers:
                        call = _call_soldier(seat, card.id, True)
                        if call_soldier_problem(state, catalog, call) is None:
                            yield call
        else:
            for card in _hand_cards(state, catalog, seat, "hero"):
                hero = _call_hero(seat, card.id)
                if call_hero_problem(state, catalog, hero) is None:
                    yield hero
            for unit in p.heroes:
                upgrade = _upgrade_hero(seat, unit.id)
                if upgrade_problem(state, catalog, upgrade) is None:
                    yield upgrade
        yield from _events(state, catalog, seat, flash_only=False)
        yield from _events(state, catalog, other, flash_only=True)
        return
    if phase == END:
        yield _pass(seat)
        yield from _events(state, catalog, seat, flash_only=True)
        yield from _events(state, catalog, other, flash_only=True)
        return
    combat = state.combat
    if combat is None or phase not in (SOLDIER_COMBAT, HERO_COMBAT):
        return
    if combat.step == ATTACK:
        yield from _attacks(state, seat)
    elif combat.step == BLOCK:
        yield from _blocks(state, seat)
    elif combat.step == ASSIGN:
        lawful = lawful_blockers(state, combat.blockers)
        if lawful:
            heroes = combat.attackers
            assignments = [
                _assign_heroes(
                    seat, tuple((h, lawful[i % len(lawful)]) for i, h in enumerate(heroes))
                )
            ]
            if len(lawful) > 1:
                assignments.append(_assign_heroes(seat, tuple((h, lawful[0]) for h in heroes)))
            for assign in assignments:
                if assign_problem(state, assign) is None:
                    yield assign
    elif combat.step == DAMAGE:
        yield _resolve(seat)
        if phase == SOLDIER_COMBAT:  # README reading 5: a representative order, reversed
            for attacker in combat.attackers:
                blockers = tuple(b for b, a in combat.blocks if a == attacker)
                if len(blockers) > 1:
                    order = _damage_order(seat, attacker, blockers[::-1])
                    if damage_order_problem(state, catalog, order) is None:
                        yield order
    yield from _events(state, catalog, seat, flash_only=True)
    yield from _events(state, catalog, other, flash_only=True)


def _hand_cards(state: GameState, catalog: Catalog, seat: int, kind: str) -> list[Card]:
    """The hand's distinct cards of ``kind``, in hand order (hidden: every such card)."""
    p = state.players[seat]
    if state.hidden:
        if p.hand_size == 0:
            return []
        return list(catalog.of_type(kind))
    by_id = catalog.by_id
    return [
        card
        for card_id in dict.fromkeys(p.hand)
        if (card := by_id.get(card_id)) is not None and card.type == kind
    ]


def _events(state: GameState, catalog: Catalog, seat: int, flash_only: bool) -> Iterator[da.Action]:
    p = state.players[seat]
    cheapest = catalog.cheapest("event")
    if cheapest is None or p.blessings < cheapest:  # often: no need to look at the hand
        return
    for card in _hand_cards(state, catalog, seat, "event"):
        if card.cost > p.blessings or (flash_only and not card.flash):
            continue
        if card.event == "equipment" or card.effect == "bolster":
            plays = [_play_event(seat, card.id, unit.id) for unit in p.units]
        elif card.event == "effect" and card.effect == "destroy_soldier":
            plays = [_play_event(seat, card.id, u.id) for u in state.players[1 - seat].soldiers]
        else:
            plays = [_play_event(seat, card.id, 0)]
        for play in plays:
            if event_problem(state, catalog, play) is None:
                yield play


def _attacks(state: GameState, seat: int) -> Iterator[da.Action]:
    p = state.players[seat]
    pool = p.heroes if state.phase == HERO_COMBAT else p.soldiers
    ready = tuple(u.id for u in pool if u.prompt)
    attacks = [_attack_with(seat, ready)] if ready else []  # none ready: "all" is no attack
    attacks.append(_attack_with(seat, ()))
    if len(ready) > 1:
        attacks.extend(_attack_with(seat, (unit_id,)) for unit_id in ready)
    for attack in attacks:
        if attack_problem(state, attack) is None:
            yield attack


def _blocks(state: GameState, seat: int) -> Iterator[da.Action]:
    combat = state.combat
    assert combat is not None
    ready = tuple(u.id for u in state.players[seat].units if u.prompt)
    if state.phase == SOLDIER_COMBAT:
        blocks = [_block_with(seat, ())]
        attackers = combat.attackers
        if len(ready) > 1 and attackers:  # one blocker's "spread" is a single block
            spread = tuple((b, attackers[i % len(attackers)]) for i, b in enumerate(ready))
            blocks.append(_block_with(seat, spread))
        if ready and attackers:
            blocks.extend(_block_with(seat, ((b, a),)) for b in ready for a in attackers)
        for block in blocks:
            if block_problem(state, block) is None:
                yield block
        return
    hero_blocks = [_hero_block(seat, ())]
    if ready:
        hero_blocks.append(_hero_block(seat, ready))
        if len(ready) > 1:
            hero_blocks.extend(_hero_block(seat, (b,)) for b in ready)
    for hero_block in hero_blocks:
        if hero_block_problem(state, hero_block) is None:
            yield hero_block
