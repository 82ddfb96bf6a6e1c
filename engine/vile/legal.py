"""The actions the rules allow now (manual adjustments are not listed). Kept cheap: random
play-outs list them at every step. Hidden hands list every catalog card of the player's god
as playable while the hand is not empty (the card is known when it is scanned)."""

from __future__ import annotations

from collections.abc import Iterator

from engine.vile import actions as va
from engine.vile import ops
from engine.vile.card_model import Card, Catalog, Effect
from engine.vile.combat import blockers_of
from engine.vile.effects import open_components, valid_targets
from engine.vile.flow import actor
from engine.vile.rules import explain
from engine.vile.state import GATHER_LOOK, MAX_CULTISTS, GameState, Phase


def legal_actions(state: GameState, catalog: Catalog) -> Iterator[va.Action]:
    seat = actor(state)
    if seat is None:
        return
    if state.gathers:
        yield va.Gather(seat, "")
        p = state.players[seat]
        looked = p.deck[:GATHER_LOOK] if p.deck else _ids(catalog, p.god) if p.deck_size else ()
        for card_id in dict.fromkeys(looked):
            if catalog.get(card_id).type == "component":
                yield va.Gather(seat, card_id)
        return
    if state.combat is not None:
        yield from _combat(state, catalog, seat)
        return
    if state.ritual is not None:
        yield from _ritual(state, catalog, seat)
        return
    if state.phase is Phase.END:
        if explain(state, catalog, va.Pass(seat)) is None:
            yield va.Pass(seat)
        for m in state.controlled(seat):
            if not m.deployed:
                yield va.Deploy(seat, m.id)
        return
    yield va.Pass(seat)
    if state.phase is Phase.CULMINATION:
        if len(state.players[seat].ritual_zone) >= 3:
            yield va.PerformRitual(seat)
        return
    yield from _main(state, catalog, seat)


def _ids(catalog: Catalog, god: str) -> tuple[str, ...]:
    return tuple(c.id for c in catalog.of_god(god))


def _target_choices(
    state: GameState, seat: int, effects: tuple[Effect, ...]
) -> list[tuple[va.Target, ...]]:
    """One choice per target of the first targeted effect (later ones: their first target)."""
    kinds = [e.target for e in effects if e.target]
    if not kinds:
        return [()]
    rest: list[va.Target] = []
    for kind in kinds[1:]:
        options = valid_targets(state, seat, kind)
        if options:
            rest.append(options[0])
        else:
            break
    first = valid_targets(state, seat, kinds[0])
    if not first:
        return [()]
    # Two copies of one component in a ritual are one choice, not two identical buttons.
    return [(t, *rest) for t in dict.fromkeys(first)]


def _main(state: GameState, catalog: Catalog, seat: int) -> Iterator[va.Action]:
    p = state.players[seat]
    ids = (_ids(catalog, p.god) if p.hand_size else ()) if state.hidden else dict.fromkeys(p.hand)
    ready = p.ready
    by_id = catalog.by_id
    for card_id in ids:
        card: Card = by_id[card_id]
        if card.type == "component":
            if not state.component_set:
                yield va.SetComponent(seat, card_id)
        elif card.type == "sabotage":
            yield va.SetSabotage(seat, card_id, 0)
            if ready:
                yield va.SetSabotage(seat, card_id, ready)
        elif card.cost <= ready:
            for targets in _target_choices(state, seat, card.effects):
                yield va.PlayCard(seat, card_id, targets)
    if not state.recruited and p.cultists < MAX_CULTISTS and p.hand_size:
        if state.hidden:
            yield va.Recruit(seat, "")
        else:
            for card_id in ids:
                yield va.Recruit(seat, card_id)
    for m in state.controlled(seat):
        if not m.deployed and m.played_turn != state.turn:
            yield va.Deploy(seat, m.id)
        for i, ability in enumerate(by_id[m.card_id].abilities):
            if ability.cost > ready:
                continue
            if ability.once_per_turn and (m.id, i) in state.used_abilities:
                continue
            for targets in _target_choices(state, seat, ability.effects):
                yield va.Activate(seat, m.id, i, targets)


def _combat(state: GameState, catalog: Catalog, seat: int) -> Iterator[va.Action]:
    combat = state.combat
    assert combat is not None
    yield va.Pass(seat)
    if combat.step == "attackers":
        ready = tuple(m.id for m in state.controlled(seat) if m.deployed)
        if ready:
            yield va.DeclareAttackers(seat, ready)
            if len(ready) > 1:
                for a in ready:
                    yield va.DeclareAttackers(seat, (a,))
        return
    if combat.step == "blockers":
        mine = [m.id for m in state.controlled(seat) if m.deployed]
        for b in mine:
            for a in combat.attackers:
                yield va.DeclareBlockers(seat, ((b, a),))
        if len(mine) > 1 and combat.attackers:
            first = combat.attackers[0]
            yield va.DeclareBlockers(seat, tuple((b, first) for b in mine))
        return
    # Damage: unblocked attackers each at the same opposing deployed monster.
    targets = [m.id for m in state.controlled(1 - seat) if m.deployed]
    unblocked = [a for a in combat.attackers if not blockers_of(combat, a)]
    if targets and unblocked:
        for t in targets:
            yield va.AssignDamage(
                seat,
                tuple(
                    (a, t, ops.attack_of(m, catalog))
                    for a in unblocked
                    if (m := state.monster(a)) is not None
                ),
            )


def _ritual(state: GameState, catalog: Catalog, seat: int) -> Iterator[va.Action]:
    r = state.ritual
    assert r is not None
    p = state.players[seat]
    if r.step == "sabotage":
        yield va.Pass(seat)
        for card_id in dict.fromkeys(p.sabotage_zone):
            card = catalog.get(card_id)
            if card.cost - min(p.stockpile, card.cost) <= p.ready:
                for targets in _target_choices(state, seat, card.effects):
                    yield va.FlipSabotage(seat, card_id, None, targets)
        return
    for i in dict.fromkeys(r.components[i] for i in open_components(state)):
        card = catalog.get(i)
        for targets in _target_choices(state, seat, card.effects):
            yield va.ApplyComponent(seat, i, targets)
