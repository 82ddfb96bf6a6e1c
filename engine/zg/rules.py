"""Why an action is illegal now, in players' words (None: legal). Sections of rules/z-g.md
are cited where each check comes from."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.zg import actions as zga
from engine.zg.actor import actor, attacker, defender
from engine.zg.card_model import Card, Catalog
from engine.zg.rules_adjust import explain_adjustment
from engine.zg.rules_attack import (
    explain_dots,
    explain_draw,
    explain_resolve,
    explain_retest,
    explain_save,
    explain_spin,
)
from engine.zg.rules_shared import not_now, zgear_of
from engine.zg.state import PHASES, STANCES, GameState


def _name(state: GameState, seat: int) -> str:
    return state.players[seat].name


def _card_name(catalog: Catalog, card_id: str) -> str:
    card = catalog.find(card_id)
    return card.name if card is not None else f'"{card_id}"'


def explain(state: GameState, catalog: Catalog, action: zga.Action) -> str | None:
    # Fields of the wrong kind first (a seat of True equals seat 1, but no save could hold it).
    problem = zga.CODEC.type_problem(action)
    if problem:
        return problem
    if not 0 <= action.player < len(state.players):
        return f"there is no player {action.player + 1} at this table"
    kind = type(action)
    if kind in _ADJUSTMENT_TYPES:
        return explain_adjustment(state, catalog, action)  # type: ignore[arg-type]
    if state.phase == "over":
        return "the game is over"
    if kind in _ANYTIME_TYPES:
        return _anytime(state, catalog, action)  # type: ignore[arg-type]
    if kind is zga.Flameout:
        return _flameout(state, action)  # type: ignore[arg-type]
    if kind is zga.Retest:
        return explain_retest(state, catalog, action)  # type: ignore[arg-type]
    entry = _TURN.get(kind)
    if entry is None:
        return "that is not an action of Z-G"
    who = actor(state)
    if who != action.player:
        assert who is not None
        return f"it is {_name(state, who)}'s turn to {PHASES[state.phase]}"
    phase, check = entry
    if state.phase not in phase:
        return not_now(state)
    return check(state, catalog, action)


def _anytime(
    state: GameState, catalog: Catalog, action: zga.UsePowerup | zga.Knockdown | zga.RuleOfPrime
) -> str | None:
    p = state.players[action.player]
    if isinstance(action, zga.UsePowerup):
        if not p.character:
            return f"{p.name} has no character card"
        if p.character_sacrificed:
            return f"{p.name}'s character card was sacrificed"
        if p.character_used:
            return f"{p.name} has used the character's powerup this turn (once per turn)"
        return None
    if not 0 <= action.foe < len(state.players) or action.foe == action.player:
        return "pick a foe: another player at this table"
    if isinstance(action, zga.Knockdown):
        if not state.has("knockdown"):
            return "knockdown is not one of this game's optional rules"
        if state.players[action.foe].defeated:
            return f"{_name(state, action.foe)} is out of the game"
        if state.players[action.foe].knocked_down:
            return f"{_name(state, action.foe)} is already knocked down"
        return None
    for card_id, end in ((action.card, action.end), (action.foe_card, action.foe_end)):
        card = catalog.find(card_id)
        if card is None or not card.is_zgear:
            return f'"{card_id}" is not a zGear card this table knows'
        if end not in (0, 1):
            return "an end is 0 or 1: a card has two ends"
    return None


def _flameout(state: GameState, action: zga.Flameout) -> str | None:
    if not state.has("flameout"):
        return "flameout is not one of this game's optional rules"
    if state.phase != "impulse" or any(p.picked for p in state.players):
        return "flameout is announced at the start of a turn, before anyone picks their cards"
    p = state.players[action.player]
    if p.defeated:
        return f"{p.name} is out of the game"
    if p.flameout:
        return f"{p.name} has already announced flameout this turn"
    return None


def _scan(state: GameState, catalog: Catalog, action: zga.ScanHand) -> str | None:
    if not state.hidden:
        return "with open hands, name the 3 cards of the hand"
    if action.card in state.players[action.player].scanned:
        return f"{_card_name(catalog, action.card)} is scanned already: scan another card"
    return zgear_of(state, catalog, action.player, action.card)


def _tie(state: GameState, catalog: Catalog, action: zga.BreakTie) -> str | None:
    return zgear_of(state, catalog, action.player, action.card)


def _pick(state: GameState, catalog: Catalog, action: zga.PickHand) -> str | None:
    p = state.players[action.player]
    if action.cards:
        if len(action.cards) != 3:
            return "a hand is 3 cards (Start)"
        if len(set(action.cards)) != 3:
            return "pick 3 different cards"
        for card_id in action.cards:
            problem = zgear_of(state, catalog, action.player, card_id)
            if problem is not None:
                return problem
            if not state.hidden and card_id not in p.deck:
                return f"{_card_name(catalog, card_id)} is not in {p.name}'s deck"
        if action.impulse is not None:
            return "name the 3 cards or call the impulse number, not both"
        return None
    if not state.hidden:
        return "with open hands, name the 3 cards of the hand"
    if action.impulse is None:
        return "scan the 3 cards of the hand, or call out the impulse number"
    digits = f"{action.impulse:03d}"
    if not 0 <= action.impulse <= 999 or list(digits) != sorted(digits, reverse=True):
        return "the impulse number is the 3 impulse numbers highest first, like 753"
    if p.zgear < 3:
        return f"{p.name} has fewer than 3 zGear cards"
    return None


def plays_of(state: GameState, seat: int, card: str) -> int:
    return state.players[seat].played.count(card)


def _play(state: GameState, catalog: Catalog, action: zga.PlayCard) -> str | None:
    p = state.players[action.player]
    problem = zgear_of(state, catalog, action.player, action.card)
    if problem is not None:
        return problem
    name = _card_name(catalog, action.card)
    played = plays_of(state, action.player, action.card)
    if played >= (2 if p.flameout else 1):
        twice = " twice (Flameout)" if p.flameout else ""
        return f"{name} has been played{twice} this turn; play another hand card"
    if played:  # Flameout: the second play of a hand card, from the deck it went back to
        if not state.hidden and action.card not in p.deck:
            return f"{name} is not in {p.name}'s deck"
        return None
    if state.hidden:
        return None if p.hand_size > 0 else f"{p.name}'s hand is empty"
    if action.card not in p.hand:
        return f"{name} is not in {p.name}'s hand"
    return None


def _move(
    state: GameState, catalog: Catalog, action: zga.Move | zga.Stance | zga.StandUp
) -> str | None:
    pulse = state.pulse
    assert pulse is not None
    p = state.players[action.player]
    if pulse.again_foe >= 0:
        return "attacking again: the same card attacks, with no move"
    if isinstance(action, zga.StandUp):
        if not p.knocked_down:
            return f"{p.name} is not knocked down"
        return None if pulse.move_left >= 3 else "standing up costs 3 Move (Knockdown)"
    if p.knocked_down:
        return f"{p.name} is knocked down: stand up first (3 Move)"
    if isinstance(action, zga.Stance):
        if not state.has("stances"):
            return "stances are not one of this game's optional rules"
        if action.stance not in STANCES:
            return f"there is no stance called {action.stance!r}; the stances: {', '.join(STANCES)}"
        if action.stance == p.stance:
            return f"{p.name} is already in the {action.stance} stance"
        return None if pulse.move_left >= 3 else "entering a stance costs 3 Move"
    if pulse.moved:
        return "you have moved this pulse: once you lay a card, that's your move"
    if action.distance < 0:
        return "a move is 0 card lengths or more"
    if p.stance == "kneel" and action.distance:
        return "a kneeling figure may not move"
    if p.stance in ("attack", "defense", "prone") and action.distance > 1:
        return f"in the {p.stance} stance the most you can move is 1 card"
    if action.distance > pulse.move_left:
        return f"this card moves you at most {pulse.move_left} card lengths"
    return None


def _attack(
    state: GameState, catalog: Catalog, action: zga.Attack | zga.AttackTerrain | zga.EndPulse
) -> str | None:
    pulse = state.pulse
    assert pulse is not None
    if isinstance(action, zga.EndPulse):
        return None
    if action.end not in (0, 1):
        return "attack with end A or end B: a card has two ends"
    if not 0 <= action.augments <= 3:
        return "declare 0 to 3 augments"
    p = state.players[action.player]
    if isinstance(action, zga.AttackTerrain):
        if pulse.again_foe >= 0:
            return f"attack {_name(state, pulse.again_foe)} again, or end the pulse"
        if not 0 <= action.terrain < len(state.terrain):
            return "there is no such piece of terrain"
        if not state.terrain[action.terrain].standing:
            return f"{state.terrain[action.terrain].name} has been blown up already"
        if p.deck_size == 0:
            return "terrain is targeted with a card from your own deck, and yours is empty"
        return None
    foe = action.foe
    if not 0 <= foe < len(state.players) or foe == action.player:
        return "pick a foe: another player at this table"
    if state.players[foe].defeated:
        return f"{_name(state, foe)} is out of the game"
    if pulse.again_foe >= 0 and foe != pulse.again_foe:
        return f"3 strikes attack the same foe again: {_name(state, pulse.again_foe)}"
    if action.locked:
        if pulse.again_foe >= 0:
            return "attacking again draws a new target card"
        if p.lock_foe != foe or not p.lock_card:
            return f"{p.name} has no targetlock on {_name(state, foe)}'s cards"
        if p.lock_card in state.players[foe].slag:
            return f"{_card_name(catalog, p.lock_card)} is slagged: it is out for the game"
    if action.sneak:
        if not state.has("sneak_attack"):
            return "sneak attacks are not one of this game's optional rules"
        if pulse.card in p.last_turn:
            return "you can't sneak attack with a card that you used last turn"
    if action.high_ground and not state.has("high_ground"):
        return "high ground is not one of this game's optional rules"
    for card_id in action.cover:
        if card_id not in catalog:
            return f'"{card_id}" is not a card this table knows'
    return None


def card_of(catalog: Catalog, card_id: str) -> Card:
    return catalog.get(card_id)


__all__ = ["attacker", "card_of", "defender", "explain"]


_ADJUSTMENT_TYPES = frozenset(zga.ADJUSTMENTS)
_ANYTIME_TYPES = frozenset((zga.UsePowerup, zga.Knockdown, zga.RuleOfPrime))
# Each turn action: the phases it belongs to and its own check (after the player's turn).
_TURN: dict[type[Any], tuple[tuple[str, ...], Callable[[GameState, Catalog, Any], str | None]]] = {
    zga.PickHand: (("impulse",), _pick),
    zga.ScanHand: (("impulse",), _scan),
    zga.BreakTie: (("tiebreak",), _tie),
    zga.PlayCard: (("card",), _play),
    zga.Move: (("act",), _move),
    zga.Stance: (("act",), _move),
    zga.StandUp: (("act",), _move),
    zga.Attack: (("act",), _attack),
    zga.AttackTerrain: (("act",), _attack),
    zga.EndPulse: (("act",), _attack),
    zga.DrawTarget: (("target",), explain_draw),
    zga.Spin: (("spin",), explain_spin),
    zga.Bolster: (("bolster",), explain_dots),
    zga.Augment: (("augment",), explain_dots),
    zga.Resolve: (("result",), explain_resolve),
    zga.Save: (("save",), explain_save),
}
