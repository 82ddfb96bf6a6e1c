"""Priority (Playing and resolving actions; More than two players: Playing Actions).

Whenever you play an action or pass, each opponent in turn order gets the chance to act. An
action resolves when all other players pass; then its player may act again. All pass with
nothing pending: the next step.
"""

from __future__ import annotations

from engine.core.evolve import evolve
from engine.core.turn_order import next_seat
from engine.zeal import stack, turn
from engine.zeal.context import Ctx
from engine.zeal.ops import name
from engine.zeal.state import GameState


def do_pass(ctx: Ctx, state: GameState, seat: int) -> GameState:
    passed = state.passed if seat in state.passed else state.passed + (seat,)
    living = state.living()
    if state.stack:
        top = state.stack[-1]
        ctx.say(state, seat, f"{name(state, seat)} passes on {top.name}")
        others = [s for s in living if s != top.controller]
        if all(s in passed for s in others):
            return stack.resolve_top(ctx, evolve(state, passed=passed))
    else:
        ctx.say(state, seat, f"{name(state, seat)} passes")
        if all(s in passed for s in living):
            return turn.advance(ctx, evolve(state, passed=passed))
    skip = set(passed) | {i for i, p in enumerate(state.players) if p.eliminated}
    nxt = next_seat(seat, len(state.players), skip)
    return evolve(state, passed=passed, priority=nxt)
