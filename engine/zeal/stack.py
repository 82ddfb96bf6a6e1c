"""Putting actions on the stack and resolving them (Playing and resolving actions)."""

from __future__ import annotations

from typing import Any

from engine.core.evolve import evolve
from engine.core.turn_order import next_seat
from engine.zeal import deaths, effects, triggers
from engine.zeal.cards import Card
from engine.zeal.context import Ctx
from engine.zeal.keywords import CHARACTER, DEVICE, SPELL
from engine.zeal.ops import (
    add_permanent,
    move_permanent,
    name,
    parse_discard_ref,
    set_player,
    update_permanent,
)
from engine.zeal.state import GameState, StackItem, Target
from engine.zeal.targets import check_target


def responder(state: GameState, actor: int) -> int:
    """After you play an action, your opponents get the chance to respond: no holding
    priority to respond to yourself (FAQ). The next living player in turn order."""
    skip = {i for i, p in enumerate(state.players) if p.eliminated}
    nxt = next_seat(actor, len(state.players), skip)
    return nxt if nxt is not None else actor


def push(ctx: Ctx, state: GameState, item: StackItem, **also: Any) -> GameState:
    """Puts ``item`` on the stack and gives the opponents the chance to respond, in one copy
    of the state with ``also``'s changes (the trigger taken off the waiting list, the id
    counter moved on): the steps in between are never seen."""
    return evolve(
        state,
        stack=state.stack + (item,),
        priority=responder(state, item.controller),
        passed=(),
        **also,
    )


def source_kind(item: StackItem, card: Card) -> str:
    if item.is_spell:
        return SPELL
    return CHARACTER if card.type == "character" else DEVICE


def resolve_top(ctx: Ctx, state: GameState) -> GameState:
    item = state.stack[-1]
    # After an action resolves, its player gets another opportunity to act: set in the same
    # copy that takes it off the stack (nothing while it resolves reads who has priority).
    state = evolve(state, stack=state.stack[:-1], passed=(), priority=item.controller)
    card = ctx.card(item.card_id)
    if item.kind == "card" and card.type == "spell":
        state = _resolve_spell(ctx, state, item, card)
    elif item.kind == "card":
        state = _resolve_permanent(ctx, state, item, card)
    else:
        state = _resolve_ability(ctx, state, item, card)
    state = deaths.settle(ctx, state)
    if item.kind == "card" and card.type == "spell" and item.from_hand:
        # "When you resolve a spell" waits until the spell has fully resolved, and is played
        # "directly after resolving a spell card": a copy (Entanglement Collider) is no card.
        state = triggers.on_spell_resolved(ctx, state, item.controller, item)
    holder = item.controller
    if state.players[holder].eliminated:
        # Its player is out of the game (eliminated while it resolved): the next one acts.
        skip = {i for i, p in enumerate(state.players) if p.eliminated}
        holder = next_seat(holder, len(state.players), skip) or 0
    if state.priority != holder:
        state = evolve(state, priority=holder)
    return state


def _resolve_spell(ctx: Ctx, state: GameState, item: StackItem, card: Card) -> GameState:
    ctx.say(state, item.controller, f"{card.name} resolves")
    doing = effects.Doing(item.controller, SPELL, card.name, None, item.zeal, x=item.x)
    for ability in card.abilities_with(item.zeal):
        if ability.trigger == "resolve":
            state = effects.run(ctx, state, doing, ability.effects, list(item.targets))
    player = state.players[item.controller]
    cults = player.spell_cults
    if card.cult and card.cult not in cults:
        cults = cults + (card.cult,)  # Zeal: having resolved a spell of a cult this turn
    if item.from_hand and item.owner == item.controller:
        # Into its player's discard, with the cult, in one copy of the state (most spells).
        discard = player.discard + (item.card_id,)
        return set_player(state, item.controller, discard=discard, spell_cults=cults)
    if item.from_hand:
        state = _discard_spell(state, item)
    if cults is not player.spell_cults:
        state = set_player(state, item.controller, spell_cults=cults)
    return state


def _discard_spell(state: GameState, item: StackItem) -> GameState:
    from engine.zeal.ops import to_discard

    return to_discard(state, item.owner, item.card_id)


def _resolve_permanent(ctx: Ctx, state: GameState, item: StackItem, card: Card) -> GameState:
    state, pid = add_permanent(state, card, item.controller, item.owner)
    ctx.say(state, item.controller, f"{card.name} resolves and enters play")
    targets = list(item.targets)
    keywords = card.keywords_with(item.zeal)
    if card.type == "device" and "connect" in keywords:
        target = targets.pop(0) if targets else None
        state = connect(ctx, state, pid, target)
    doing = effects.Doing(item.controller, source_kind(item, card), card.name, pid, item.zeal)
    for ability in card.abilities_with(item.zeal):
        if ability.trigger == "resolve":
            state = effects.run(ctx, state, doing, ability.effects, targets)
    return effects.entered_play(ctx, state, pid)


def connect(ctx: Ctx, state: GameState, device_id: int, target: Target | None) -> GameState:
    """Connect: as long as the target is still in play when the device resolves, it enters
    connected to it; otherwise not connected. Neurocontroller first disconnects the target's
    devices and gains control; Reanimation Chamber first reanimates its target."""
    device = state.permanent(device_id)
    if device is None or target is None:
        return state
    reanimating = "connect_reanimate" in device.keywords
    kind = "discard_character" if reanimating else "character"
    problem = check_target(state, ctx.catalog, kind, target, device.controller, DEVICE)
    if problem is None and not reanimating and isinstance(target, int):
        perm = state.permanent(target)
        if perm is not None and perm.has("unconnectable"):
            problem = f"devices can't be connected to {perm.name}"
    if problem:
        ctx.say(state, device.controller, f"{device.name} enters play not connected ({problem})")
        return state
    if reanimating:
        ref = parse_discard_ref(state, target)
        assert ref is not None
        card = ctx.card(ref[1])
        if "unconnectable" in card.keywords:
            ctx.say(state, device.controller, f"{device.name} can't reanimate {card.name}")
            return state
        state, target = effects.reanimate(ctx, state, device.controller, ref[0], ref[1])
    assert isinstance(target, int)
    perm = state.permanent(target)
    if perm is None:
        return state
    if "connect_control" in device.keywords:
        for other in state.permanents():
            if other.connected_to == perm.id and other.id != device.id:
                state = update_permanent(state, other.id, connected_controller=-1)
        state = deaths.check_connections(ctx, state)
        perm = state.permanent(target)
        if perm is None:
            return state
        if perm.controller != device.controller:
            state = update_permanent(state, device.id, returns_to=perm.controller)
            state = move_permanent(state, perm.id, device.controller)
            ctx.say(
                state,
                device.controller,
                f"{name(state, device.controller)} gains control of {perm.name}",
            )
    perm = state.permanent(target)
    if perm is None:
        return state
    state = update_permanent(
        state, device.id, connected_to=perm.id, connected_controller=perm.controller
    )
    ctx.say(state, device.controller, f"{device.name} is connected to {perm.name}")
    return state


def _resolve_ability(ctx: Ctx, state: GameState, item: StackItem, card: Card) -> GameState:
    ability = item.ability
    assert ability is not None
    ctx.say(state, item.controller, f"{item.name}'s {triggers.describe(ability)} resolves")
    if ability.trigger == "reconnect" and item.source is not None:
        device = state.permanent(item.source)
        if device is None:
            return state
        # Reconnect: disconnect (with its consequences), then connect anew.
        if device.connected_to is not None:
            state = update_permanent(state, device.id, connected_controller=-1)
            state = deaths.check_connections(ctx, state)
            state = deaths.settle(ctx, state)
        target = item.targets[0] if item.targets else None
        return connect(ctx, state, device.id, target)
    source = source_kind(item, card)
    doing = effects.Doing(
        item.controller, source, card.name, item.source, item.zeal, x=item.x, about=item.about
    )
    return effects.run(ctx, state, doing, ability.effects, list(item.targets))
