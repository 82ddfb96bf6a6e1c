"""Applying a card's effects (Card Effects), and checking the targets chosen for them.

Each effect that takes a target uses the next of the action's targets, in order: a monster's
number, or (negate) a component of the ongoing ritual by card id. An effect whose target is
gone by the time it applies does nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.evolve import evolve
from engine.vile import ops
from engine.vile.actions import Target
from engine.vile.card_model import Card, Catalog, Effect
from engine.vile.context import Ctx
from engine.vile.state import GameState


def open_components(state: GameState) -> list[int]:
    """Indexes of the ongoing ritual's components not yet applied nor negated."""
    r = state.ritual
    if r is None:
        return []
    return [i for i in range(len(r.components)) if i not in r.applied and i not in r.negated]


def component_index(state: GameState, card_id: object) -> int | None:
    r = state.ritual
    if r is None:
        return None
    for i in open_components(state):
        if r.components[i] == card_id:
            return i
    return None


def valid_targets(state: GameState, seat: int, kind: str) -> list[Target]:
    """Everything an effect of ``kind`` may target now."""
    if kind == "component":
        r = state.ritual
        return [] if r is None else [r.components[i] for i in open_components(state)]
    if kind == "opponent_monster":
        return [m.id for m in state.monsters if m.controller != seat]
    return [m.id for m in state.monsters]


def explain_targets(
    state: GameState,
    catalog: Catalog,
    seat: int,
    effects: Sequence[Effect],
    targets: Sequence[Target],
    name: str,
) -> str | None:
    """Why these targets don't fit these effects (None: they do)."""
    kinds = [e.target for e in effects if e.target]
    if len(targets) > len(kinds):
        return f"{name} does not take that many targets"
    for i, kind in enumerate(kinds):
        options = valid_targets(state, seat, kind)
        if i >= len(targets):
            if options:
                return f"choose {_what(kind)} for {name}"
            continue
        target = targets[i]
        if target not in options or isinstance(target, bool):
            return f"{_named(state, catalog, target)} can't be the target of {name}: {_rule(kind)}"
    return None


def _what(kind: str) -> str:
    return {
        "component": "a component of the ritual",
        "opponent_monster": "an opponent's monster",
    }.get(kind, "a monster")


def _rule(kind: str) -> str:
    return {
        "component": "it takes a component of the ritual not yet applied",
        "opponent_monster": "it takes a monster an opponent controls",
    }.get(kind, "it takes a monster in play")


def _named(state: GameState, catalog: Catalog, target: object) -> str:
    m = state.monster(target)
    if m is not None:
        return catalog.get(m.card_id).name
    if isinstance(target, str) and target in catalog:
        return catalog.get(target).name
    return "that card"


def apply_effects(
    ctx: Ctx,
    state: GameState,
    seat: int,
    card: Card,
    effects: Sequence[Effect],
    targets: Sequence[Target],
) -> GameState:
    """``seat`` is who played the card (its controller)."""
    queue = list(targets)
    for effect in effects:
        if state.over:
            return state
        target = queue.pop(0) if effect.target and queue else None
        state = _apply(ctx, state, seat, card, effect, target)
        state = ops.deaths(ctx, state)
    return ops.note_text(state, card)


def _apply(
    ctx: Ctx, state: GameState, seat: int, card: Card, e: Effect, target: Target | None
) -> GameState:
    name = state.players[seat].name
    if e.op == "strength":
        r = state.ritual
        if r is None:
            return state
        ctx.say(state, seat, f"{card.name}: the ritual's strength {e.amount:+d}")
        return evolve(state, ritual=evolve(r, strength=r.strength + e.amount))
    if e.op == "energy":
        return ops.gain_energy(ctx, state, seat, e.amount)
    if e.op == "draw":
        ctx.say(state, seat, f"{card.name}: {name} draws {e.amount}")
        return ops.draw(ctx, state, seat, e.amount)
    if e.op == "gather":
        ctx.say(state, seat, f"{card.name}: {name} gathers")
        return evolve(state, gathers=(*state.gathers, seat))
    if e.op == "recruit":
        return ops.recruit(ctx, state, seat, e.amount)
    if e.op == "negate":
        index = component_index(state, target)
        r = state.ritual
        if index is None or r is None:
            return state
        ctx.say(state, seat, f"{card.name} negates {ctx.card(r.components[index]).name}")
        return evolve(state, ritual=evolve(r, negated=(*r.negated, index)))
    m = state.monster(target)
    if m is None:
        return state
    who = ctx.card(m.card_id).name
    if e.op == "damage":
        ctx.say(state, seat, f"{card.name} deals {e.amount} damage to {who}")
        return ops.with_monster(state, evolve(m, damage=m.damage + e.amount))
    if e.op == "destroy":
        ctx.say(state, seat, f"{card.name} destroys {who}")
        return ops.leave_play(state, m)
    if e.op == "counters":
        ctx.say(state, seat, f"{card.name} puts {e.amount} +1/+1 counter(s) on {who}")
        return ops.with_monster(state, evolve(m, plus=m.plus + e.amount))
    if e.op == "experience":
        ctx.say(state, seat, f"{card.name} puts {e.amount} experience counter(s) on {who}")
        return ops.with_monster(state, evolve(m, experience=m.experience + e.amount))
    # gain_control (Gain Control): to the new controller's deployed zone.
    ctx.say(state, seat, f"{name} gains control of {who}")
    return ops.with_monster(state, evolve(m, controller=seat, deployed=True))
