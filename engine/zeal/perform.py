"""Carrying out a legal action (rules.py has already said it is legal)."""

from __future__ import annotations

from engine.core.evolve import evolve
from engine.zeal import actions as za
from engine.zeal import adjust, combat, flow, priority, stack, triggers, turn
from engine.zeal.cards import Catalog
from engine.zeal.context import Ctx
from engine.zeal.keywords import cost_to_play
from engine.zeal.ops import (
    draw,
    hand_without,
    name,
    set_player,
    shuffle_deck,
    thing,
    with_player,
)
from engine.zeal.rules import card_zeal
from engine.zeal.state import MAX_CURRENT_DEVOTION, GameState, Step, make_stack_item

# Steps as module names: in Python 3.11 ``Step.X`` goes through the enum metaclass's __getattr__
# hook, about ten times the cost of a module name: each step of every turn.
_COMBAT_START, _COMMIT = Step.COMBAT_START, Step.COMMIT


def perform(ctx: Ctx, state: GameState, action: za.Action) -> GameState:
    if type(action) is za.Pass:  # most commands of a game: straight to it, not via the table
        return flow.settle(ctx, priority.do_pass(ctx, state, action.player))
    handler = _HANDLERS.get(type(action))
    state = adjust.apply(ctx, state, action) if handler is None else handler(ctx, state, action)
    return flow.settle(ctx, state)


def _keep(ctx: Ctx, state: GameState, action: za.Action) -> GameState:
    ctx.say(state, action.player, f"{name(state, action.player)} keeps their hand")
    return _mulligan_done(ctx, set_player(state, action.player, mulligan_done=True))


def _mulligan(ctx: Ctx, state: GameState, action: za.Action) -> GameState:
    """One opportunity each to shuffle the hand into the deck and draw a new hand."""
    seat = action.player
    player = state.players[seat]
    count = player.hand_size
    if not state.hidden:
        state = set_player(
            state,
            seat,
            deck=player.deck + player.hand,
            hand=(),
            hand_size=0,
            deck_size=player.deck_size + count,
        )
        state = shuffle_deck(state, seat)
        state = draw(ctx, state, seat, count)
    state = set_player(state, seat, mulligan_done=True)
    ctx.say(state, seat, f"{player.name} shuffles their hand away and draws {count} new cards")
    return _mulligan_done(ctx, state)


def _mulligan_done(ctx: Ctx, state: GameState) -> GameState:
    if all(p.mulligan_done for p in state.players):
        state = evolve(state, turn=1, active=state.first_player)
        return turn.start_turn(ctx, state)
    return state


def _develop(ctx: Ctx, state: GameState, action: za.Action) -> GameState:
    assert isinstance(action, za.Develop)
    seat = action.player
    player = state.players[seat]
    top = player.max_devotion
    if action.choice == "draw":
        ctx.say(state, seat, f"{player.name} develops: draws a card")
        state = draw(ctx, state, seat, 1)
        player = state.players[seat]
    else:
        # The dial stops at 13: maximum devotion can't pass it either.
        top = min(MAX_CURRENT_DEVOTION, player.max_devotion + 1)
        ctx.say(state, seat, f"{player.name} develops: maximum devotion {top}")
    if player.develop_left > 0:  # Develop N from a card: no reset of current devotion
        return set_player(state, seat, max_devotion=top, develop_left=player.develop_left - 1)
    # Develop step: then set current devotion to maximum, and Combat begins (one copy of the
    # player and of the state for all three).
    players = with_player(state, seat, max_devotion=top, devotion=top)
    return turn.enter(ctx, state, _COMBAT_START, players=players)


def _play_card(ctx: Ctx, state: GameState, action: za.Action) -> GameState:
    assert isinstance(action, za.PlayCard)
    seat = action.player
    card = ctx.card(action.card_id)
    zeal, _ = card_zeal(state, seat, card, action.zeal)
    cost = cost_to_play(state, seat, card, zeal, action.x)
    player = state.players[seat]
    # Out of the hand and paid for in one copy of the player.
    state = set_player(
        state, seat, devotion=player.devotion - cost, **hand_without(state, seat, card.id)
    )
    sid = state.next_id
    item = make_stack_item(
        id=sid,
        controller=seat,
        card_id=card.id,
        name=card.name,
        kind="card",
        is_spell=card.type == "spell",
        zeal=zeal,
        targets=tuple(action.targets),
        ability=None,
        source=None,
        owner=seat,
        from_hand=True,
        x=action.x,
        about=None,
    )
    z = " with Zeal" if zeal else ""
    ctx.say(
        state,
        seat,
        f"{player.name} plays {card.name}{z} for {cost} devotion{_targets(state, action.targets, ctx.catalog)}",
    )
    return stack.push(ctx, state, item, next_id=sid + 1)


def _targets(state: GameState, targets: tuple[za.Target, ...], catalog: Catalog) -> str:
    """The declared targets in players' words ("targeting Psychopomp, Anton's base 3")."""
    if not targets:
        return ""
    return ", targeting " + ", ".join(thing(state, t, catalog) for t in targets)


def _play_trigger(ctx: Ctx, state: GameState, action: za.Action) -> GameState:
    assert isinstance(action, za.PlayTrigger)
    t = next(t for t in state.pending if t.id == action.trigger_id)
    if t.ability.cost:
        p = state.players[t.controller]
        state = set_player(state, t.controller, devotion=p.devotion - t.ability.cost)
    state = _pay_by_hand(ctx, state, t.controller, t.name, t.ability.cost_text)
    item = triggers.as_stack_item(t, tuple(action.targets))
    ctx.say(
        state,
        t.controller,
        f"{name(state, t.controller)} plays {t.name}'s triggered action{_targets(state, action.targets, ctx.catalog)}",
    )
    # Off the waiting list and onto the stack in one copy of the state.
    return stack.push(ctx, state, item, pending=tuple(p for p in state.pending if p.id != t.id))


def _decline(ctx: Ctx, state: GameState, action: za.Action) -> GameState:
    assert isinstance(action, za.DeclineTrigger)
    t = next(t for t in state.pending if t.id == action.trigger_id)
    ctx.say(
        state, t.controller, f"{name(state, t.controller)} does not play {t.name}'s optional action"
    )
    return evolve(state, pending=tuple(p for p in state.pending if p.id != t.id))


def _activate(ctx: Ctx, state: GameState, action: za.Action) -> GameState:
    assert isinstance(action, za.Activate)
    perm = state.permanent(action.permanent_id)
    assert perm is not None
    card = ctx.card(perm.card_id)
    ability = [a for a in card.abilities_with(perm.zeal) if a.trigger == "activated"][
        action.ability
    ]
    p = state.players[action.player]
    state = set_player(state, action.player, devotion=p.devotion - ability.cost)
    state = _pay_by_hand(ctx, state, action.player, perm.name, ability.cost_text)
    sid = state.next_id
    item = make_stack_item(
        id=sid,
        controller=action.player,
        card_id=card.id,
        name=perm.name,
        kind="ability",
        is_spell=False,
        zeal=perm.zeal,
        targets=tuple(action.targets),
        ability=ability,
        source=perm.id,
        owner=perm.owner,
        from_hand=False,
        x=0,
        about=None,
    )
    ctx.say(
        state,
        action.player,
        f"{p.name} uses {perm.name} for {ability.cost} devotion{_targets(state, action.targets, ctx.catalog)}",
    )
    if ability.hand_cost:  # paid as it is played, before anyone responds
        state = _pay_from_hand(ctx, state, action.player, action.paid, ability.hand_cost, perm.name)
    return stack.push(ctx, state, item, next_id=sid + 1)


def _pay_from_hand(
    ctx: Ctx, state: GameState, seat: int, card_id: str, where: str, what: str
) -> GameState:
    """A card from the hand as a cost, paid as the action is played, before anyone responds
    (Conversion Cannon, clarification): the hand's count goes down at once (issue 34), and the
    card goes to the bottom of its owner's deck or to the discard."""
    p = state.players[seat]
    changes = hand_without(state, seat, card_id)
    named = ctx.catalog.get(card_id).name if card_id else "a card"
    if where == "deck_bottom":
        changes["deck_size"] = p.deck_size + 1
        if not state.hidden:
            changes["deck"] = p.deck + (card_id,)
        to = "on the bottom of their deck"
    else:
        if card_id:
            changes["discard"] = p.discard + (card_id,)
        to = "in their discard"
    ctx.say(state, seat, f"{p.name} pays {what}'s cost: puts {named} from their hand {to}")
    return set_player(state, seat, **changes)


def _pay_by_hand(ctx: Ctx, state: GameState, seat: int, what: str, cost_text: str) -> GameState:
    """A cost beyond devotion is paid as the action is played, before anyone responds
    (Conversion Cannon): the players do it by hand, reminded by a note."""
    if not cost_text:
        return state
    note = f"{what}: pay now: {cost_text}"
    ctx.say(state, seat, f"Cost paid by hand: {note}")
    return evolve(state, notes=state.notes + (note,))


def _attackers(ctx: Ctx, state: GameState, action: za.Action) -> GameState:
    assert isinstance(action, za.DeclareAttackers)
    state = combat.declare_attackers(ctx, state, action)
    if not action.attackers:
        return turn.enter(ctx, state, _COMMIT)  # Commit begins with combat over
    return evolve(state, priority=state.active, passed=())


def _blockers(ctx: Ctx, state: GameState, action: za.Action) -> GameState:
    assert isinstance(action, za.DeclareBlockers)
    return combat.declare_blockers(ctx, state, action)


def _flankers(ctx: Ctx, state: GameState, action: za.Action) -> GameState:
    assert isinstance(action, za.DeclareFlankers)
    state = combat.declare_flankers(ctx, state, action)
    return evolve(state, awaiting=None, priority=state.active, passed=())


def _damage(ctx: Ctx, state: GameState, action: za.Action) -> GameState:
    assert isinstance(action, za.AssignDamage)
    return flow.after_damage(ctx, combat.deal_damage(ctx, state, action))


_HANDLERS = {  # Pass, the commonest, is dispatched in perform() itself
    za.KeepHand: _keep,
    za.Mulligan: _mulligan,
    za.Develop: _develop,
    za.PlayCard: _play_card,
    za.PlayTrigger: _play_trigger,
    za.DeclineTrigger: _decline,
    za.Activate: _activate,
    za.DeclareAttackers: _attackers,
    za.DeclareBlockers: _blockers,
    za.DeclareFlankers: _flankers,
    za.AssignDamage: _damage,
}
