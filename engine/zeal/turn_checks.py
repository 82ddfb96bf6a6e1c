"""Who may act now, and what the game is waiting for, in players' words (for every check)."""

from __future__ import annotations

from engine.core.words import plain
from engine.zeal.flow import actor
from engine.zeal.ops import name
from engine.zeal.state import GameState, Step
from engine.zeal.triggers import playable

# Steps as module names: in Python 3.11 ``Step.X`` goes through the enum metaclass's __getattr__
# hook, about ten times the cost of a module name: every check asks.
_MULLIGAN = Step.MULLIGAN


def seat_problem(state: GameState, seat: object, what: str = "player") -> str | None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(state.players):
        seats = ", ".join(f"{i} {p.name}" for i, p in enumerate(state.players))
        return f"there is no {what} {plain(seat)} at this table (the seats are {seats})"
    return None


def whose_turn_to_act(state: GameState, seat: int) -> str | None:
    """Checks that ``seat`` is the player who may act now."""
    who = actor(state)
    if who == seat:
        return None  # no one acts once the game is over (actor is None): asked second
    if state.over:
        return "the game is over"
    me = name(state, seat)
    if who is None:
        return f"{me} can't act now"
    return f"it is {name(state, who)}'s turn to act, not {me}'s: {waiting_for(state)}"


def waiting_for(state: GameState) -> str:
    """What the game is waiting for, for error messages."""
    who = actor(state)
    if who is None:
        return "nothing"
    w = name(state, who)
    if state.step is _MULLIGAN:
        return f"{w} keeps their hand or takes a mulligan"
    if state.players[who].develop_left or state.awaiting == "develop":
        return f"{w} develops (draw a card or raise maximum devotion by 1)"
    group = playable(state)
    if group:
        return f"{w} plays the triggered action of {group[0].name}"
    if state.stack:
        return f"{w} may respond to {state.stack[-1].name} or pass"
    if state.awaiting == "attackers":
        return f"{w} chooses attackers"
    if state.awaiting == "blockers":
        return f"{w} chooses blockers"
    if state.awaiting == "flankers":
        return f"{w} chooses flankers"
    if state.awaiting == "damage":
        return f"{w} assigns combat damage"
    if state.stack:
        return f"{w} may respond to {state.stack[-1].name} or pass"
    return f"{w} may play an action or pass"
