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
    # The next opponent in turn order who has not passed gets the chance to act. With nothing
    # on the stack there is none exactly when everyone has passed (``seat`` just did): the
    # same loop answers both (this runs for most actions of a game).
    count = len(players)
    for other in _OTHERS[count][seat] if count < len(_OTHERS) else _others(count, seat):
        if other not in passed and not players[other].eliminated:
            return evolve(state, passed=passed, priority=other)
    if not state.stack:
        # The next step begins by clearing the passes (turn.enter, turn.start_turn): as
        # above, recording this last pass first would be a copy no one reads.
        return turn.advance(ctx, state)
    return evolve(state, passed=passed, priority=None)


def _others(count: int, seat: int) -> tuple[int, ...]:
    """The other seats of ``count`` in turn order after ``seat``."""
    return tuple((seat + step) % count for step in range(1, count))


# Per number of seats (up to 8 players), per seat: the others in turn order after it.
_OTHERS = tuple(tuple(_others(count, seat) for seat in range(count)) for count in range(9))
