"""The state after a legal action (rules.py has said it is legal), and the log it writes."""

from __future__ import annotations

from engine.core.evolve import evolve
from engine.core.rng import shuffled
from engine.vile import actions as va
from engine.vile import ops
from engine.vile.adjust import perform_adjustment
from engine.vile.combat import deal_damage, declare_attackers, declare_blockers
from engine.vile.context import Ctx, News
from engine.vile.effects import apply_effects, component_index
from engine.vile.ritual import bolster, finish_if_done, perform_ritual
from engine.vile.state import GATHER_LOOK, GameState, Monster, Phase
from engine.vile.turn import after_gather, next_phase


def perform(ctx: Ctx, state: GameState, action: va.Action) -> GameState:
    if isinstance(action, va.Pass):  # most commands are a Pass: asked first
        return _pass(ctx, state)
    if isinstance(action, va.ADJUSTMENTS):
        return perform_adjustment(ctx, state, action)
    seat = action.player
    p = state.players[seat]
    if isinstance(action, va.Gather):
        return _gather(ctx, state, action)
    if isinstance(action, va.SetComponent):
        # Set: face down; the log does not say which card (the opponent must not know).
        ctx.say(state, seat, f"{p.name} sets a component face down")
        state = ops.with_player(
            state,
            seat,
            ritual_zone=(*p.ritual_zone, action.card_id),
            **ops.from_hand(p, action.card_id),
        )
        return evolve(state, component_set=True)
    if isinstance(action, va.SetSabotage):
        more = f", stockpiling {action.stockpile} devotion" if action.stockpile else ""
        ctx.say(state, seat, f"{p.name} sets a sabotage card face down{more}")
        state = ops.with_player(
            state,
            seat,
            sabotage_zone=(*p.sabotage_zone, action.card_id),
            stockpile=p.stockpile + action.stockpile,
            **ops.from_hand(p, action.card_id),
        )
        return ops.pay(state, seat, action.stockpile)
    if isinstance(action, va.Recruit):
        return _recruit(ctx, state, action)
    if isinstance(action, va.PlayCard):
        return _play(ctx, state, action)
    if isinstance(action, va.Deploy):
        m = state.monster(action.monster_id)
        assert m is not None
        ctx.say(state, seat, f"{p.name} deploys {ctx.card(m.card_id).name}")
        return ops.with_monster(state, evolve(m, deployed=True))
    if isinstance(action, va.Activate):
        return _activate(ctx, state, action)
    if isinstance(action, va.DeclareAttackers):
        return declare_attackers(ctx, state, action.attackers)
    if isinstance(action, va.DeclareBlockers):
        return declare_blockers(ctx, state, action.blocks)
    if isinstance(action, va.AssignDamage):
        return deal_damage(ctx, state, action.assignments)
    if isinstance(action, va.PerformRitual):
        return perform_ritual(ctx, state)
    if isinstance(action, va.FlipSabotage):
        return _flip(ctx, state, action)
    assert isinstance(action, va.ApplyComponent)
    r = state.ritual
    index = component_index(state, action.card_id)
    assert r is not None and index is not None
    card = ctx.card(action.card_id)
    ctx.say(state, seat, f"{card.name} is applied")
    state = evolve(state, ritual=evolve(r, applied=(*r.applied, index)))
    state = apply_effects(ctx, state, seat, card, card.effects, action.targets)
    return finish_if_done(ctx, state)


def _pass(ctx: Ctx, state: GameState) -> GameState:
    combat = state.combat
    if combat is not None:
        if combat.step == "attackers":
            return declare_attackers(ctx, state, ())
        if combat.step == "blockers":
            return declare_blockers(ctx, state, ())
        return deal_damage(ctx, state, ())
    r = state.ritual
    if r is not None:  # the sabotage window closes
        ctx.say(
            state, 1 - state.active, f"{state.players[1 - state.active].name} sabotages no more"
        )
        return bolster(ctx, state)
    if state.phase is Phase.CULMINATION:
        who = state.players[state.active].name
        ctx.say(state, state.active, f"{who} performs no ritual", News.NO_RITUAL)
    return next_phase(ctx, state)


def _gather(ctx: Ctx, state: GameState, action: va.Gather) -> GameState:
    """Gather: the top five; maybe a component face down; the rest to the bottom in a random
    order. Not part of a ritual going on (Culmination)."""
    seat = action.player
    p = state.players[seat]
    state = evolve(state, gathers=state.gathers[1:])
    if p.deck:
        top, rest = list(p.deck[:GATHER_LOOK]), p.deck[GATHER_LOOK:]
        if action.card_id:
            top.remove(action.card_id)
        bottom, rng = shuffled(state.rng, top)
        deck = rest + bottom
        state = evolve(state, rng=rng)
        state = ops.with_player(state, seat, deck=deck, deck_size=len(deck))
    elif action.card_id:
        state = ops.with_player(state, seat, deck_size=p.deck_size - 1)
    if action.card_id:
        zone = (*state.players[seat].ritual_zone, action.card_id)
        state = ops.with_player(state, seat, ritual_zone=zone)
        ctx.say(state, seat, f"{p.name} gathers and sets a component face down")
    else:
        ctx.say(state, seat, f"{p.name} gathers and sets no component")
    return finish_if_done(ctx, after_gather(state))


def _recruit(ctx: Ctx, state: GameState, action: va.Recruit) -> GameState:
    """Recruit: a card from the hand to the bottom of the gate deck, and a ready cultist."""
    seat = action.player
    p = state.players[seat]
    if p.hand:
        changes = ops.from_hand(p, action.card_id)
        changes |= {"deck": (*p.deck, action.card_id), "deck_size": p.deck_size + 1}
    else:
        changes = {"hand_size": p.hand_size - 1, "deck_size": p.deck_size + 1}
    ctx.say(state, seat, f"{p.name} puts a card on the bottom of the gate deck")
    state = ops.with_player(state, seat, **changes)
    return evolve(ops.recruit(ctx, state, seat, 1), recruited=True)


def _play(ctx: Ctx, state: GameState, action: va.PlayCard) -> GameState:
    seat = action.player
    p = state.players[seat]
    card = ctx.card(action.card_id)
    ctx.say(state, seat, f"{p.name} plays {card.name} ({card.cost} devotion)")
    state = ops.pay(ops.with_player(state, seat, **ops.from_hand(p, card.id)), seat, card.cost)
    if card.type == "monster":  # to the reserved zone: safe, but no attack, block or bolster
        monster = Monster(state.next_id, card.id, seat, seat, played_turn=state.turn)
        state = evolve(state, monsters=(*state.monsters, monster), next_id=state.next_id + 1)
        return apply_effects(ctx, state, seat, card, card.effects, action.targets)
    state = apply_effects(ctx, state, seat, card, card.effects, action.targets)
    return ops.to_void(state, seat, card.id)  # a spell, once played, to the void


def _activate(ctx: Ctx, state: GameState, action: va.Activate) -> GameState:
    seat = action.player
    m = state.monster(action.monster_id)
    assert m is not None
    card = ctx.card(m.card_id)
    ability = card.abilities[action.ability]
    ctx.say(state, seat, f"{state.players[seat].name} activates {card.name}")
    state = ops.pay(state, seat, ability.cost)
    if ability.once_per_turn:
        state = evolve(state, used_abilities=(*state.used_abilities, (m.id, action.ability)))
    state = apply_effects(ctx, state, seat, card, ability.effects, action.targets)
    if ability.text:
        state = evolve(state, notes=(*state.notes, f"{card.name}: {ability.text}"))
    return state


def _flip(ctx: Ctx, state: GameState, action: va.FlipSabotage) -> GameState:
    """Flip a sabotage card and pay for it: stockpile first, as much as chosen, the rest with
    ready cultists (the worked example: cost five, two stockpiled, three exhausted)."""
    seat = action.player
    p = state.players[seat]
    card = ctx.card(action.card_id)
    use = min(p.stockpile, card.cost) if action.from_stockpile is None else action.from_stockpile
    zone = list(p.sabotage_zone)
    zone.remove(card.id)
    ctx.say(
        state,
        seat,
        f"{p.name} flips {card.name}: {use} devotion from the stockpile, "
        f"{card.cost - use} from cultists",
    )
    state = ops.with_player(state, seat, sabotage_zone=tuple(zone), stockpile=p.stockpile - use)
    state = ops.pay(state, seat, card.cost - use)
    state = apply_effects(ctx, state, seat, card, card.effects, action.targets)
    state = ops.to_void(state, seat, card.id)
    if not state.over and not state.players[seat].sabotage_zone:
        return bolster(ctx, state)  # nothing more to flip: the window closes
    return state
