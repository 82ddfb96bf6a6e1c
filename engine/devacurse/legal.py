"""The actions the rules allow now, cheaply (random play-outs run thousands of them).

Choices made of several parts (who attacks, who blocks whom) have too many combinations to
list: the list holds a representative few (none, all, each one alone, a spread), and the
rules accept every lawful combination (rules.py). Adjustments and entries other than part 1's
are not listed.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.devacurse import actions as da
from engine.devacurse.card_model import Card, Catalog
from engine.devacurse.combat import lawful_blockers
from engine.devacurse.flow import actor
from engine.devacurse.rules import explain
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


def legal_actions(state: GameState, catalog: Catalog) -> Iterator[da.Action]:
    seat = actor(state)
    if seat is None:
        return
    for action in _candidates(state, catalog, seat):
        if explain(state, catalog, action, well_formed=True) is None:
            yield action


def _hand_cards(state: GameState, catalog: Catalog, seat: int, kind: str) -> list[Card]:
    p = state.players[seat]
    if state.hidden:
        if p.hand_size == 0:
            return []
        return list(catalog.of_type(kind))
    seen: dict[str, Card] = {}
    for card_id in p.hand:
        card = catalog.find(card_id)
        if card is not None and card.type == kind:
            seen.setdefault(card_id, card)
    return list(seen.values())


def _events(state: GameState, catalog: Catalog, seat: int, flash_only: bool) -> Iterator[da.Action]:
    p = state.players[seat]
    for card in _hand_cards(state, catalog, seat, "event"):
        if card.cost > p.blessings or (flash_only and not card.flash):
            continue
        if card.event == "equipment" or card.effect == "bolster":
            for unit in p.units:
                yield da.PlayEvent(seat, card.id, unit.id)
        elif card.event == "effect" and card.effect == "destroy_soldier":
            for unit in state.players[1 - seat].soldiers:
                yield da.PlayEvent(seat, card.id, unit.id)
        else:
            yield da.PlayEvent(seat, card.id)


def _candidates(state: GameState, catalog: Catalog, seat: int) -> Iterator[da.Action]:
    phase = state.phase
    p = state.players[seat]
    other = 1 - seat
    if phase == PRAYERS:
        yield da.Pass(seat)
        yield da.Draw(seat, 1)
        for amount in (1, 2, 3):
            yield da.Bless(seat, amount)
        return
    if phase in (CALLING, HEROES):
        yield da.Pass(seat)
        if phase == CALLING:
            for card in _hand_cards(state, catalog, seat, "soldier"):
                if card.cost <= p.blessings:
                    yield da.CallSoldier(seat, card.id)
                    if p.prayers:
                        yield da.CallSoldier(seat, card.id, from_prayer=True)
        else:
            for card in _hand_cards(state, catalog, seat, "hero"):
                yield da.CallHero(seat, card.id)
            for unit in p.heroes:
                yield da.UpgradeHero(seat, unit.id)
        yield from _events(state, catalog, seat, flash_only=False)
        yield from _events(state, catalog, other, flash_only=True)
        return
    if phase == END:
        yield da.Pass(seat)
        yield from _events(state, catalog, seat, flash_only=True)
        yield from _events(state, catalog, other, flash_only=True)
        return
    combat = state.combat
    if combat is None or phase not in (SOLDIER_COMBAT, HERO_COMBAT):
        return
    if combat.step == ATTACK:
        pool = p.heroes if phase == HERO_COMBAT else p.soldiers
        ready = tuple(u.id for u in pool if u.prompt)
        if ready:  # with none ready, "all of them" is no attack, listed once
            yield da.Attack(seat, ready)
        yield da.Attack(seat)
        if len(ready) > 1:
            for unit_id in ready:
                yield da.Attack(seat, (unit_id,))
    elif combat.step == BLOCK:
        ready = tuple(u.id for u in p.units if u.prompt)
        if phase == SOLDIER_COMBAT:
            yield da.Block(seat)
            attackers = combat.attackers
            if len(ready) > 1 and attackers:  # one blocker's "spread" is a single block
                spread = tuple((b, attackers[i % len(attackers)]) for i, b in enumerate(ready))
                yield da.Block(seat, spread)
            if ready and attackers:
                for b in ready:
                    for a in attackers:
                        yield da.Block(seat, ((b, a),))
        else:
            yield da.HeroBlock(seat)
            if ready:
                yield da.HeroBlock(seat, ready)
                if len(ready) > 1:
                    for b in ready:
                        yield da.HeroBlock(seat, (b,))
    elif combat.step == ASSIGN:
        lawful = lawful_blockers(state, combat.blockers)
        if lawful:
            heroes = combat.attackers
            yield da.AssignHeroes(
                seat, tuple((h, lawful[i % len(lawful)]) for i, h in enumerate(heroes))
            )
            if len(lawful) > 1:
                yield da.AssignHeroes(seat, tuple((h, lawful[0]) for h in heroes))
    elif combat.step == DAMAGE:
        yield da.Resolve(seat)
        if phase == SOLDIER_COMBAT:  # README reading 5: a representative order, reversed
            for attacker in combat.attackers:
                blockers = tuple(b for b, a in combat.blocks if a == attacker)
                if len(blockers) > 1:
                    yield da.DamageOrder(seat, attacker, blockers[::-1])
    yield from _events(state, catalog, seat, flash_only=True)
    yield from _events(state, catalog, other, flash_only=True)
