"""Effects on actions being played: Counter (and Void's kill), Invert's gain control of a
spell, Entanglement Collider's copy."""

from __future__ import annotations

from engine.core.evolve import evolve
from engine.zeal import deaths
from engine.zeal.cards import Effect
from engine.zeal.context import Ctx
from engine.zeal.doing import Doing
from engine.zeal.keywords import zeal_for_card
from engine.zeal.ops import name, new_id, to_discard
from engine.zeal.state import GameState, Target


def counter(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    """Counter target spell: cancel a spell card or Debut Spell; it has no effect."""
    if not isinstance(target, int):
        return state
    item = state.stack_item(target)
    if item is None or not item.is_spell:
        return state
    state = evolve(state, stack=tuple(i for i in state.stack if i.id != target))
    if item.kind == "card":
        state = to_discard(state, item.owner, item.card_id)
    ctx.say(state, item.controller, f"{item.name} is countered")
    return state


def counter_kill_debut(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    """Void: counter target spell; if it was a Debut Spell, kill its character (whose "when
    this dies" trigger then happens, as for a Zeal Asterion Bull)."""
    item = state.stack_item(target) if isinstance(target, int) else None
    state = counter(ctx, state, doing, effect, target)
    if item is not None and item.is_spell and item.kind == "ability" and item.source is not None:
        character = state.permanent(item.source)
        if character is not None:
            deaths.kill(ctx, state, character, doing.source)
    return state


def take_spell(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    """Invert: gain control of target spell (a Debut Spell too). Its cult then gives Zeal to
    your cards, and it triggers your "when you resolve a spell" actions."""
    item = state.stack_item(target) if isinstance(target, int) else None
    if item is None or not item.is_spell or item.controller == doing.controller:
        return state
    stack = tuple(
        evolve(i, controller=doing.controller) if i.id == item.id else i for i in state.stack
    )
    ctx.say(
        state, doing.controller, f"{name(state, doing.controller)} gains control of {item.name}"
    )
    return evolve(state, stack=stack)


def copy_spell(
    ctx: Ctx, state: GameState, doing: Doing, effect: Effect, target: Target | None
) -> GameState:
    """Entanglement Collider: copy the spell this action is about; the copy is played anew
    (foes may respond), keeps its targets and X, and has Zeal if its cult now gives Zeal."""
    spell = doing.about
    if spell is None:
        return state
    card = ctx.card(spell.card_id)
    sid, state = new_id(state)
    copy = evolve(
        spell,
        id=sid,
        controller=doing.controller,
        from_hand=False,
        zeal=zeal_for_card(state, doing.controller, card) or spell.zeal,
    )
    ctx.say(state, doing.controller, f"{name(state, doing.controller)} copies {spell.name}")
    return evolve(state, stack=state.stack + (copy,))
