"""Manual adjustments: always legal, logged and undoable, because the physical table is the
truth and the engine may warn but never trap the players."""

from __future__ import annotations

from engine.core.evolve import evolve
from engine.zeal import actions as za
from engine.zeal import deaths
from engine.zeal.context import Ctx
from engine.zeal.entering import entered_play
from engine.zeal.ops import (
    add_permanent,
    move_permanent,
    name,
    remove_permanent,
    set_base,
    set_player,
    to_discard,
    to_hand,
    update_permanent,
)
from engine.zeal.state import MAX_CURRENT_DEVOTION, GameState


def apply(ctx: Ctx, state: GameState, action: za.Action) -> GameState:
    who = name(state, action.player)
    if isinstance(action, za.SetDevotion):
        p = state.players[action.player]
        cur = p.devotion if action.current is None else action.current
        mx = p.max_devotion if action.maximum is None else action.maximum
        if cur > MAX_CURRENT_DEVOTION or mx > MAX_CURRENT_DEVOTION:
            # A dial past 13: warn and keep the rules' limit rather than refuse the table.
            ctx.say(state, action.player, "Devotion can't go above 13: set to 13")
            cur, mx = min(cur, MAX_CURRENT_DEVOTION), min(mx, MAX_CURRENT_DEVOTION)
        ctx.say(state, action.player, f"Adjusted: {who}'s devotion {cur}, maximum {mx}")
        return set_player(state, action.player, devotion=cur, max_devotion=mx)
    if isinstance(action, za.SetBase):
        base = state.players[action.player].bases[action.base_index]
        changes: dict[str, object] = {}
        if action.damage is not None:
            changes["damage"] = action.damage
        if action.face_up is not None:
            changes["face_up"] = action.face_up
        up = base.face_up if action.face_up is None else action.face_up
        dmg = base.damage if action.damage is None else action.damage
        ctx.say(
            state,
            action.player,
            f"Adjusted: {who}'s base {base.defense} {'face up' if up else 'face down'}, {dmg} damage",
        )
        return set_base(state, action.player, action.base_index, **changes)
    if isinstance(action, za.SetDamage):
        perm = state.permanent(action.permanent_id)
        assert perm is not None
        ctx.say(state, action.player, f"Adjusted: {perm.name} has {action.damage} damage")
        return update_permanent(state, perm.id, damage=action.damage)
    if isinstance(action, za.ChangeControl):
        perm = state.permanent(action.permanent_id)
        assert perm is not None
        ctx.say(
            state,
            action.player,
            f"Adjusted: {name(state, action.new_controller)} now controls {perm.name}",
        )
        return move_permanent(state, perm.id, action.new_controller)
    if isinstance(action, za.MarkResolved):
        ctx.say(state, action.player, f"Resolved by hand: {action.note}")
        if action.note == "*":
            return evolve(state, notes=())
        notes = list(state.notes)
        notes.remove(action.note)
        return evolve(state, notes=tuple(notes))
    assert isinstance(action, za.MoveCard)
    return _move(ctx, state, action)


def _move(ctx: Ctx, state: GameState, action: za.MoveCard) -> GameState:
    """Moves a card between zones; counts never go below zero (hidden hands are counts)."""
    seat = action.player
    if isinstance(action.card, int):
        state, perm = remove_permanent(state, action.card)
        assert perm is not None
        state = deaths.leave_play(ctx, state, perm)
        card_id, owner = perm.card_id, perm.owner
        source = "play"
    else:
        card_id, owner = action.card, seat
        source = action.from_zone or _find(state, seat, card_id, action.to_zone)
        state = _take(state, seat, card_id, source)
    card = ctx.card(card_id)
    ctx.say(
        state,
        seat,
        f"Adjusted: {card.name} moved from {name(state, owner)}'s {source} to {action.to_zone}",
    )
    if action.to_zone == "hand":
        return to_hand(state, owner, card_id)
    if action.to_zone == "discard":
        return to_discard(state, owner, card_id)
    if action.to_zone == "deck":
        p = state.players[owner]
        deck = p.deck if state.hidden else (card_id,) + p.deck
        return set_player(state, owner, deck=deck, deck_size=p.deck_size + 1)
    if card.type not in ("character", "device"):
        ctx.say(state, seat, f"{card.name} is a {card.type}; it stays in play only as a reminder")
    state, pid = add_permanent(state, card, seat, owner)
    if action.enters:
        # Put into play by a card's text (God Matrix, Formic Commander): Debut Spell and
        # "at the end of your turn" in End of Turn apply as when it is played.
        state = entered_play(ctx, state, pid)
    return state


def _find(state: GameState, seat: int, card_id: str, to_zone: str) -> str:
    p = state.players[seat]
    for zone in ("hand", "discard", "deck"):
        if card_id in getattr(p, zone):
            return zone
    # Hidden hands: a card not in the discard comes from the hand, or to the hand from the deck.
    return "deck" if to_zone == "hand" else "hand"


def _take(state: GameState, seat: int, card_id: str, zone: str) -> GameState:
    p = state.players[seat]
    if zone == "discard":
        discard = list(p.discard)
        if card_id in discard:
            discard.remove(card_id)
        return set_player(state, seat, discard=tuple(discard))
    if zone == "hand":
        hand = list(p.hand)
        if card_id in hand:
            hand.remove(card_id)
        return set_player(state, seat, hand=tuple(hand), hand_size=max(0, p.hand_size - 1))
    if zone == "deck":
        deck = list(p.deck)
        if card_id in deck:
            deck.remove(card_id)
        return set_player(state, seat, deck=tuple(deck), deck_size=max(0, p.deck_size - 1))
    return state
