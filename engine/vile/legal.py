"""The actions the rules allow now (manual adjustments are not listed). Kept cheap: random
play-outs list them at every step. Hidden hands list every catalog card of the player's god
as playable while the hand is not empty (the card is known when it is scanned)."""

from __future__ import annotations

from collections.abc import Iterator

from engine.core.evolve import maker
from engine.vile import actions as va
from engine.vile import ops
from engine.vile.card_model import Card, Catalog, Effect
from engine.vile.combat import blockers_of
from engine.vile.effects import open_components, valid_targets
from engine.vile.flow import actor
from engine.vile.rules import explain
from engine.vile.state import GATHER_LOOK, MAX_CULTISTS, GameState, Phase

# The actions a listing builds, made by core's maker: every field given, in order, about three
# times as fast as a frozen dataclass's own __init__ (engine/core/evolve.py); a listing builds
# a handful for every command.
_gather = maker(va.Gather)
_pass = maker(va.Pass)
_deploy = maker(va.Deploy)
_perform_ritual = maker(va.PerformRitual)
_set_component = maker(va.SetComponent)
_set_sabotage = maker(va.SetSabotage)
_play_card = maker(va.PlayCard)
_recruit = maker(va.Recruit)
_activate = maker(va.Activate)
_declare_attackers = maker(va.DeclareAttackers)
_declare_blockers = maker(va.DeclareBlockers)
_assign_damage = maker(va.AssignDamage)
_flip_sabotage = maker(va.FlipSabotage)
_apply_component = maker(va.ApplyComponent)


def legal_actions(state: GameState, catalog: Catalog) -> Iterator[va.Action]:
    seat = actor(state)
    if seat is None:
        return
    if state.gathers:
        yield _gather(seat, "")
        p = state.players[seat]
        looked = p.deck[:GATHER_LOOK] if p.deck else _ids(catalog, p.god) if p.deck_size else ()
        for card_id in dict.fromkeys(looked):
            if catalog.get(card_id).type == "component":
                yield _gather(seat, card_id)
        return
    if state.combat is not None:
        yield from _combat(state, catalog, seat)
        return
    if state.ritual is not None:
        yield from _ritual(state, catalog, seat)
        return
    if state.phase is Phase.END:
        if explain(state, catalog, _pass(seat)) is None:
            yield _pass(seat)
        for m in state.controlled(seat):
            if not m.deployed:
                yield _deploy(seat, m.id)
        return
    yield _pass(seat)
    if state.phase is Phase.CULMINATION:
        if len(state.players[seat].ritual_zone) >= 3:
            yield _perform_ritual(seat)
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
                yield _set_component(seat, card_id)
        elif card.type == "sabotage":
            yield _set_sabotage(seat, card_id, 0)
            if ready:
                yield _set_sabotage(seat, card_id, ready)
        elif card.cost <= ready:
            for targets in _target_choices(state, seat, card.effects):
                yield _play_card(seat, card_id, targets)
    if not state.recruited and p.cultists < MAX_CULTISTS and p.hand_size:
        if state.hidden:
            yield _recruit(seat, "")
        else:
            for card_id in ids:
                yield _recruit(seat, card_id)
    for m in state.controlled(seat):
        if not m.deployed and m.played_turn != state.turn:
            yield _deploy(seat, m.id)
        for i, ability in enumerate(by_id[m.card_id].abilities):
            if ability.cost > ready:
                continue
            if ability.once_per_turn and (m.id, i) in state.used_abilities:
                continue
            for targets in _target_choices(state, seat, ability.effects):
                yield _activate(seat, m.id, i, targets)


def _combat(state: GameState, catalog: Catalog, seat: int) -> Iterator[va.Action]:
    combat = state.combat
    assert combat is not None
    yield _pass(seat)
    if combat.step == "attackers":
        ready = tuple(m.id for m in state.controlled(seat) if m.deployed)
        if ready:
            yield _declare_attackers(seat, ready)
            if len(ready) > 1:
                for a in ready:
                    yield _declare_attackers(seat, (a,))
        return
    if combat.step == "blockers":
        mine = [m.id for m in state.controlled(seat) if m.deployed]
        for b in mine:
            for a in combat.attackers:
                yield _declare_blockers(seat, ((b, a),))
        if len(mine) > 1 and combat.attackers:
            first = combat.attackers[0]
            yield _declare_blockers(seat, tuple((b, first) for b in mine))
        return
    # Damage: unblocked attackers each at the same opposing deployed monster.
    targets = [m.id for m in state.controlled(1 - seat) if m.deployed]
    unblocked = [a for a in combat.attackers if not blockers_of(combat, a)]
    if targets and unblocked:
        for t in targets:
            yield _assign_damage(
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
        yield _pass(seat)
        for card_id in dict.fromkeys(p.sabotage_zone):
            card = catalog.get(card_id)
            if card.cost - min(p.stockpile, card.cost) <= p.ready:
                for targets in _target_choices(state, seat, card.effects):
                    yield _flip_sabotage(seat, card_id, None, targets)
        return
    for i in dict.fromkeys(r.components[i] for i in open_components(state)):
        card = catalog.get(i)
        for targets in _target_choices(state, seat, card.effects):
            yield _apply_component(seat, i, targets)
