"""Manual adjustments: the physical table is the truth. Always legal when well formed, logged,
undoable like any action; card text the vocabulary can't express is resolved with them."""

from __future__ import annotations

from engine.core.evolve import evolve
from engine.vile import actions as va
from engine.vile import ops
from engine.vile.card_model import Catalog
from engine.vile.context import Ctx
from engine.vile.state import ENERGY_TO_WIN, MAX_CULTISTS, GameState, Monster

ZONES = ("ritual", "sabotage")
MONSTER_ZONES = ("reserved", "deployed", "void")


def _bad_number(value: object, lo: int = 0, hi: int | None = None) -> bool:
    if value is None:
        return False
    if isinstance(value, bool) or not isinstance(value, int):
        return True
    return value < lo or (hi is not None and value > hi)


def explain_adjustment(state: GameState, catalog: Catalog, action: va.Action) -> str | None:
    if isinstance(action, va.AdjustPlayer):
        p = state.players[action.player]
        for name in ("energy", "stockpile", "hand_size", "deck_size", "reserve_limit"):
            if _bad_number(getattr(action, name)):
                return f"{name.replace('_', ' ')} can't be set below zero"
        if _bad_number(action.cultists, 0, MAX_CULTISTS):
            return "a player controls zero to ten cultists"
        cultists = p.cultists if action.cultists is None else action.cultists
        exhausted = p.exhausted if action.exhausted is None else action.exhausted
        if _bad_number(exhausted, 0, cultists):
            return f"{p.name} has {cultists} cultists: that many can be exhausted at most"
        if not state.hidden and (action.hand_size is not None or action.deck_size is not None):
            return "with open hands the cards themselves are counted"
        return None
    if isinstance(action, va.AdjustMonster):
        m = state.monster(action.monster_id)
        if m is None:
            return "that monster is not in play"
        if action.zone is not None and action.zone not in MONSTER_ZONES:
            return "a monster goes to the reserved zone, the deployed zone or the void"
        for name in ("damage", "plus", "experience"):
            if _bad_number(getattr(action, name)):
                return f"{name} can't be set below zero"
        if action.controller is not None and _bad_number(action.controller, 0, 1):
            return "the controller is seat 1 or seat 2"
        return None
    if isinstance(action, va.SetZone):
        if action.zone not in ZONES:
            return "the face-down zones are the ritual zone and the sabotage zone"
        wanted = "component" if action.zone == "ritual" else "sabotage"
        for card_id in action.cards:
            card = catalog.find(card_id) if isinstance(card_id, str) else None
            if card is None or card.type != wanted:
                return f"only {wanted} cards lie face down in the {action.zone} zone"
        return None
    if isinstance(action, va.PutMonster):
        card = catalog.find(action.card_id) if isinstance(action.card_id, str) else None
        if card is None or card.type != "monster":
            return "only a monster card can be put into play"
        if not isinstance(action.deployed, bool):
            return "a monster comes into play deployed (true) or reserved (false)"
        return None
    assert isinstance(action, va.MarkResolved)
    return None if state.notes else "there is no card text waiting to be resolved"


def perform_adjustment(ctx: Ctx, state: GameState, action: va.Action) -> GameState:
    seat = action.player
    name = state.players[seat].name
    if isinstance(action, va.AdjustPlayer):
        changes = {
            k: getattr(action, k)
            for k in ("energy", "cultists", "exhausted", "stockpile", "hand_size", "deck_size")
            if getattr(action, k) is not None
        }
        if action.reserve_limit is not None:
            changes["reserve_limit"] = action.reserve_limit
        if action.cultists is not None and action.exhausted is None:
            changes["exhausted"] = min(state.players[seat].exhausted, action.cultists)
        state = ops.with_player(state, seat, **changes)
        words = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in changes.items())
        ctx.say(state, seat, f"{name} adjusted: {words}")
        energy = state.players[seat].energy
        if action.energy is not None and energy >= ENERGY_TO_WIN:
            state = ops.game_over(ctx, state, seat, f"{name} reaches {energy} energy and wins")
        return state
    if isinstance(action, va.AdjustMonster):
        m = state.monster(action.monster_id)
        assert m is not None
        card = ctx.card(m.card_id)
        if action.zone == "void":
            ctx.say(state, seat, f"{card.name} goes to its owner's void (adjusted)")
            return ops.leave_play(state, m)
        new = evolve(
            m,
            deployed=m.deployed if action.zone is None else action.zone == "deployed",
            damage=m.damage if action.damage is None else action.damage,
            plus=m.plus if action.plus is None else action.plus,
            experience=m.experience if action.experience is None else action.experience,
            controller=m.controller if action.controller is None else action.controller,
        )
        if new.controller != m.controller and new.controller == m.owner and action.zone is None:
            new = evolve(new, deployed=True)  # Gain Control: it returns to the deployed zone
        ctx.say(state, seat, f"{card.name} adjusted")
        return ops.deaths(ctx, ops.with_monster(state, new))
    if isinstance(action, va.SetZone):
        field = "ritual_zone" if action.zone == "ritual" else "sabotage_zone"
        ctx.say(state, seat, f"{name}'s {action.zone} zone now holds {len(action.cards)} cards")
        return ops.with_player(state, seat, **{field: tuple(action.cards)})
    if isinstance(action, va.PutMonster):
        card = ctx.card(action.card_id)
        monster = Monster(
            state.next_id, card.id, seat, seat, deployed=action.deployed, played_turn=state.turn
        )
        ctx.say(state, seat, f"{card.name} comes into play for {name} (adjusted)")
        return evolve(state, monsters=(*state.monsters, monster), next_id=state.next_id + 1)
    ctx.say(state, seat, f"resolved: {state.notes[0]}")
    return evolve(state, notes=state.notes[1:])
