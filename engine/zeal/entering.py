"""Cards entering play from effects: Reanimate (and Possess the Dead without Zeal), and what
happens as anything enters (Debut Spell; an end-of-turn device entering in End of Turn)."""

from __future__ import annotations

from engine.zeal import triggers
from engine.zeal.cards import Effect
from engine.zeal.context import Ctx
from engine.zeal.doing import Doing
from engine.zeal.ops import add_permanent, name, parse_discard_ref, set_player, update_permanent
from engine.zeal.refresh import refresh
from engine.zeal.state import GameState, Step, Target

# Steps as module names: in Python 3.11 ``Step.X`` goes through the enum metaclass's __getattr__
# hook, about ten times the cost of a module name: for every permanent entering play.
_END_OF_TURN = Step.END_OF_TURN


def reanimate_target(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    """Reanimate: put a character from any discard into play under your control."""
    ref = parse_discard_ref(state, target)
    if ref is None:
        return state
    state, _pid = reanimate(ctx, state, doing.controller, ref[0], ref[1])
    return state


def reanimate_until_end_of_turn(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    """Possess the Dead without Zeal: the character dies at the end of the turn, even if
    invincible, and its "when this dies" triggers happen."""
    ref = parse_discard_ref(state, target)
    if ref is None:
        return state
    state, pid = reanimate(ctx, state, doing.controller, ref[0], ref[1])
    return update_permanent(state, pid, doomed=True)


def reanimate(
    ctx: Ctx, state: GameState, controller: int, owner: int, card_id: str
) -> tuple[GameState, int]:
    discard = list(state.players[owner].discard)
    discard.reverse()
    discard.remove(card_id)  # the most recent copy
    discard.reverse()
    state = set_player(state, owner, discard=tuple(discard))
    card = ctx.card(card_id)
    state, pid = add_permanent(state, card, controller, owner)
    ctx.say(state, controller, f"{name(state, controller)} reanimates {card.name}")
    state = entered_play(ctx, state, pid)
    return state, pid


def entered_play(ctx: Ctx, state: GameState, pid: int) -> GameState:
    """Debut Spell triggers after the character enters play; a device with an "at the end of
    your turn" action entering in its controller's End of Turn step can still play it."""
    state = refresh(state)
    perm = state.permanent(pid)
    if perm is None:
        return state
    state = triggers.on_event(ctx, state, [perm], "debut")
    if state.step is _END_OF_TURN and perm.controller == state.active:
        state = triggers.end_of_turn(ctx, state, [perm])
    return state
