"""Priority (Playing and resolving actions; More than two players: Playing Actions).

Whenever you play an action or pass, each opponent in turn order gets the chance to act. An
action resolves when all other players pass; then its player may act again. All pass with
nothing pending: the next step.
"""

from __future__ import annotations

from engine.core.evolve import evolve
from engine.zeal import stack, turn
from engine.zeal.context import Ctx
from engine.zeal.state import GameState


def do_pass(ctx: Ctx, state: GameState, seat: int) -> GameState:
    passed = state.passed if seat in state.passed else state.passed + (seat,)
    players = state.players
    if state.stack:
        top = state.stack[-1]
        ctx.say(state, seat, f"{players[seat].name} passes on {top.name}")
        owner = top.controller
        for i, p in enumerate(players):  # a plain loop, as below
            if not (p.eliminated or i == owner or i in passed):
                break  # an opponent of its player has yet to pass
        else:
            # Everyone passed: resolving begins by clearing the passes (stack.resolve_top), so
            # recording this last pass first would be a copy of the state no one reads.
            return stack.resolve_top(ctx, state)
    else:
        ctx.say(state, seat, f"{players[seat].name} passes")
        for i, p in enumerate(players):  # a plain loop: this runs for most actions of a game
            if not (p.eliminated or i in passed):
                break
        else:
            # The next step begins by clearing the passes (turn.enter, turn.start_turn): as
            # above, recording this last pass first would be a copy no one reads.
            return turn.advance(ctx, state)
    # The next opponent in turn order who has not passed gets the chance to act.
    count = len(players)
    nxt = None
    for step in range(1, count):
        other = (seat + step) % count
        if other not in passed and not players[other].eliminated:
            nxt = other
            break
    return evolve(state, passed=passed, priority=nxt)
