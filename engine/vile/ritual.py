"""Culmination Phase: performing a ritual, step by step."""

from __future__ import annotations

from engine.core.evolve import evolve
from engine.vile import ops
from engine.vile.context import Ctx
from engine.vile.effects import open_components
from engine.vile.forecast import bolster_of
from engine.vile.state import GameState, Phase, Ritual


def perform_ritual(ctx: Ctx, state: GameState) -> GameState:
    """Flip every component in the ritual zone face up; then the opponent's sabotage window
    (skipped when they have no sabotage card face down)."""
    seat = state.active
    p = state.players[seat]
    names = ", ".join(ctx.card(c).name for c in p.ritual_zone)
    ctx.say(state, seat, f"{p.name} performs a ritual: {names}")
    state = ops.with_player(state, seat, ritual_zone=())
    state = evolve(state, ritual=Ritual("sabotage", p.ritual_zone))
    if not state.players[1 - seat].sabotage_zone:
        return bolster(ctx, state)
    return state


def bolster(ctx: Ctx, state: GameState) -> GameState:
    """Each deployed monster of the performer adds its energy potential (Bolster)."""
    r = state.ritual
    assert r is not None
    seat = state.active
    total = sum(potential for _, potential in bolster_of(state, ctx.catalog, seat))
    ctx.say(state, seat, f"the deployed monsters bolster the ritual: +{total}")
    state = evolve(
        state, ritual=evolve(r, step="components", bolster=total, strength=r.strength + total)
    )
    return finish_if_done(ctx, state)


def finish_if_done(ctx: Ctx, state: GameState) -> GameState:
    """Once every component is applied (or negated), and no gather waits: energy equal to
    the strength (lost when negative), the components to the void, Main Phase 3."""
    r = state.ritual
    if r is None or state.over or open_components(state) or state.gathers:
        return state
    seat = state.active
    ctx.say(state, seat, f"the ritual's strength is {r.strength}")
    state = ops.to_void(evolve(state, ritual=None), seat, *r.components)
    state = ops.gain_energy(ctx, state, seat, r.strength)
    if state.over:
        return state
    state = evolve(state, phase=Phase.MAIN3)
    ctx.say(state, seat, f"{state.players[seat].name}: {Phase.MAIN3.label}")
    return state
