"""The turn (Turn Structure): moving from phase to phase, the end of a turn, the next one's
Beginning Phase."""

from __future__ import annotations

from engine.core.evolve import evolve
from engine.vile import ops
from engine.vile.context import Ctx
from engine.vile.state import NEXT_PHASE, Combat, GameState, Phase


def next_phase(ctx: Ctx, state: GameState) -> GameState:
    """The active player moves on from a main phase, the Combat Phase or the Culmination
    Phase; from the End Phase the turn ends."""
    if state.phase is Phase.END:
        return end_turn(ctx, state)
    phase = NEXT_PHASE[state.phase]
    state = evolve(
        state, phase=phase, combat=Combat("attackers") if phase is Phase.COMBAT else None
    )
    ctx.say(state, state.active, f"{state.players[state.active].name}: {phase.label}")
    return state


def end_turn(ctx: Ctx, state: GameState) -> GameState:
    """End Phase: damage is removed; then the other player's turn begins."""
    monsters = tuple(evolve(m, damage=0) if m.damage else m for m in state.monsters)
    seat = 1 - state.active
    return begin_turn(ctx, evolve(state, monsters=monsters, active=seat, turn=state.turn + 1))


def begin_turn(ctx: Ctx, state: GameState) -> GameState:
    """Beginning Phase: the active player's cultists refresh; draw (the first player's first
    turn never gets here: the game starts in its Main Phase 1); the second player's first
    turn also gathers."""
    seat = state.active
    p = state.players[seat]
    players = list(state.players)
    if p.exhausted:  # the refresh, in the same copy of the state as the new phase
        players[seat] = evolve(p, exhausted=0)
    state = evolve(
        state,
        players=(players[0], players[1]),
        phase=Phase.BEGINNING,
        component_set=False,
        recruited=False,
        used_abilities=(),
        combat=None,
        ritual=None,
    )
    name = p.name
    ctx.say(state, seat, f"{name}'s turn {state.turn}: cultists refresh, draw a card")
    state = ops.draw(ctx, state, seat)
    if state.over:
        return state
    if state.turn == 2:
        ctx.say(state, seat, f"{name}'s first turn, going second: gather")
        return evolve(state, gathers=(*state.gathers, seat))
    return evolve(state, phase=Phase.MAIN1)


def after_gather(state: GameState) -> GameState:
    """A gather in the Beginning Phase leads on to Main Phase 1."""
    if state.phase is Phase.BEGINNING and not state.gathers:
        return evolve(state, phase=Phase.MAIN1)
    return state
