"""Why an action is illegal now, in players' words (None when it is legal).

Each check cites the rulebook section it enforces. The messages are what the table reads.
"""

from __future__ import annotations

from engine.core.words import plain
from engine.zeal import actions as za
from engine.zeal.cards import Card, Catalog
from engine.zeal.flow import in_priority
from engine.zeal.keywords import (
    CHARACTER,
    DEVICE,
    SPELL,
    cost_to_play,
    zeal_for_card,
)
from engine.zeal.ops import name, not_in_play
from engine.zeal.rules_adjust import check_adjustment
from engine.zeal.rules_combat import check_attackers, check_blockers, check_damage, check_flankers
from engine.zeal.state import GameState, Step
from engine.zeal.targets import ability_target_kinds, card_target_kinds, check_targets
from engine.zeal.triggers import is_optional, playable
from engine.zeal.turn_checks import seat_problem, waiting_for, whose_turn_to_act


def _need_priority(state: GameState, seat: int, doing: str) -> str | None:
    problem = whose_turn_to_act(state, seat)
    if problem:
        return problem
    if state.step is _DEVELOP:
        return f"no actions can be played in the Develop step (to {doing})"
    if not in_priority(state):
        return f"first {waiting_for(state)}"
    return None


def explain(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    problem = za.type_problem(action) or seat_problem(state, getattr(action, "player", None))
    if problem:
        return problem
    check = _CHECKS.get(type(action))
    if check is None:
        return f"{type(action).__name__} is not an action of Zeal"
    return check(state, catalog, action)


def _keep_or_mulligan(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    if state.step is not _MULLIGAN:
        return "mulligans are taken before the first turn (Game Setup: Mulligan)"
    return whose_turn_to_act(state, action.player)


def _develop(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    assert isinstance(action, za.Develop)
    if action.choice not in ("draw", "devotion"):
        return f'Develop: choose "draw" or "devotion", not {plain(action.choice)}'
    if state.players[action.player].develop_left == 0 and state.awaiting != "develop":
        return f"{name(state, action.player)} has nothing to develop now (Develop is the first step of your turn)"
    return whose_turn_to_act(state, action.player)


def _pass(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    problem = whose_turn_to_act(state, action.player)
    if problem:
        return problem
    if not in_priority(state):
        group = playable(state)
        if group and all(not is_optional(t) for t in group):
            return (
                f"{group[0].name}'s triggered action is not optional (it has no cost and does not"
                ' say "may"): play it; you may choose no targets'
            )
        if group:
            return (
                f"{group[0].name}'s triggered action is waiting: play it or decline it (it is "
                "optional) instead of passing"
            )
        return f"first {waiting_for(state)}"
    return None


def commit_window(state: GameState, seat: int) -> bool:
    """Your Commit step with no other action being played."""
    return state.active == seat and state.step is _COMMIT and not state.stack


# Module names: in Python 3.11 ``Step.COMMIT`` goes through the enum metaclass's __getattr__
# hook, about ten times the cost, and every listing asks about the Commit window.
_COMMIT, _DEVELOP, _MULLIGAN = Step.COMMIT, Step.DEVELOP, Step.MULLIGAN


def card_zeal(
    state: GameState, seat: int, card: Card, wanted: bool | None
) -> tuple[bool, str | None]:
    has = zeal_for_card(state, seat, card)
    if wanted is None or wanted == has:
        return has, None
    if wanted:
        return has, (
            f"{card.name} does not have Zeal: you control no other {card.cult} character or "
            f"device and resolved no {card.cult} spell this turn"
        )
    return has, f"{card.name} has Zeal now, so its Zeal cost, combat and text apply"


def _play_card(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    assert isinstance(action, za.PlayCard)
    seat = action.player
    if action.card_id not in catalog:
        return f'there is no card "{action.card_id}" in the catalog (scan the card again)'
    card = catalog.get(action.card_id)
    problem = whose_turn_to_act(state, seat)
    if problem:
        return problem
    if card.type == "base":
        return f"{card.name} is a base: bases are put into play at setup, not played"
    player = state.players[seat]
    if state.hidden:
        if player.hand_size <= 0:
            return (
                f"{player.name} has no cards in hand by the engine's count; if that is wrong, "
                "correct it with a manual adjustment (move a card to the hand)"
            )
    elif action.card_id not in player.hand:
        return f"{card.name} is not in {player.name}'s hand"
    if state.step is _DEVELOP:
        return "no actions can be played in the Develop step"
    if not in_priority(state):
        return f"first {waiting_for(state)}"
    zeal, zproblem = card_zeal(state, seat, card, action.zeal)
    keywords = card.keywords_with(zeal)
    # Restrictions: characters and devices only on your turn, in Commit, when no other
    # actions are being played, unless Ambush.
    if card.is_permanent and "ambush" not in keywords and not commit_window(state, seat):
        kinds = "characters" if card.type == "character" else "devices"
        return (
            f"{card.name} is a {card.type}: {kinds} can be played only in your Commit step "
            "when no other action is being played (it has no Ambush)"
        )
    if zproblem:
        return zproblem
    if action.x < 0 or (action.x and not card.x_cost):
        return f"{card.name} has no X to choose" if action.x else "X can't be negative"
    cost = cost_to_play(state, seat, card, zeal, action.x)
    if cost > player.devotion:
        which = "Zeal cost" if zeal and card.zeal_cost is not None else "cost"
        return f"{card.name} costs {cost} devotion ({which}); {player.name} has {player.devotion}"
    source = SPELL if card.type == "spell" else (CHARACTER if card.type == "character" else DEVICE)
    return check_targets(
        state, catalog, card_target_kinds(card, zeal), action.targets, seat, source, card.name
    )


def _play_trigger(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    assert isinstance(action, za.PlayTrigger | za.DeclineTrigger)
    problem = whose_turn_to_act(state, action.player)
    if problem:
        return problem
    group = playable(state)
    found = next((t for t in state.pending if t.id == action.trigger_id), None)
    if found is None:
        return (
            "that triggered action is not waiting to be played (it has already been played "
            "or declined)"
        )
    if found.controller != action.player:
        return (
            f"the triggered action of {found.name} is {name(state, found.controller)}'s, not yours"
        )
    if found not in group:
        return f"{found.name}'s triggered action is played later: first {waiting_for(state)}"
    if isinstance(action, za.DeclineTrigger):
        if not is_optional(found):
            return (
                f"{found.name}'s triggered action is not optional (it has no cost and does not "
                'say "may"): you must play it, though you may choose no targets'
            )
        return None
    card = catalog.get(found.card_id)
    if found.ability.cost > state.players[action.player].devotion:
        return f"{found.name}'s action costs {found.ability.cost} devotion; you have {state.players[action.player].devotion}"
    source = SPELL if found.is_spell else (CHARACTER if card.type == "character" else DEVICE)
    kinds = ability_target_kinds(found.ability, card)
    return check_targets(state, catalog, kinds, action.targets, action.player, source, found.name)


def _paid_from_hand(
    state: GameState, catalog: Catalog, action: za.Activate, what: str
) -> str | None:
    """A cost of a card from the hand (Conversion Cannon): there must be one; with open hands
    the action names it, with hidden hands it may name it or not (not scanned)."""
    p = state.players[action.player]
    if not (p.hand if not state.hidden else p.hand_size):
        return f"{what}'s action costs a card from your hand, and your hand is empty"
    if not state.hidden:
        if not action.paid:
            return f"{what}'s action costs a card from your hand: name the card you pay"
        if action.paid not in p.hand:
            return f"{catalog.get(action.paid).name if action.paid in catalog else action.paid} is not in your hand"
    elif action.paid and action.paid not in catalog:
        return f'there is no card "{action.paid}" in the catalog'
    return None


def _activate(state: GameState, catalog: Catalog, action: za.Action) -> str | None:
    assert isinstance(action, za.Activate)
    perm = state.permanent(action.permanent_id)
    if perm is None:
        return not_in_play(state, action.permanent_id)
    if perm.controller != action.player:
        return f"{perm.name} is controlled by {name(state, perm.controller)}"
    card = catalog.get(perm.card_id)
    acts = [a for a in card.abilities_with(perm.zeal) if a.trigger == "activated"]
    if not 0 <= action.ability < len(acts):
        return f"{perm.name} has no action with a cost to play"
    problem = _need_priority(state, action.player, f"use {perm.name}")
    if problem:
        return problem
    ability = acts[action.ability]
    if ability.cost > state.players[action.player].devotion:
        return f"{perm.name}'s action costs {ability.cost} devotion; you have {state.players[action.player].devotion}"
    if ability.hand_cost:
        problem = _paid_from_hand(state, catalog, action, perm.name)
        if problem:
            return problem
    elif action.paid:
        return f"{perm.name}'s action takes no card from your hand"
    source = CHARACTER if perm.is_character else DEVICE
    return check_targets(
        state, catalog, ability.targets, action.targets, action.player, source, perm.name
    )


_CHECKS = {
    za.KeepHand: _keep_or_mulligan,
    za.Mulligan: _keep_or_mulligan,
    za.Develop: _develop,
    za.Pass: _pass,
    za.PlayCard: _play_card,
    za.PlayTrigger: _play_trigger,
    za.DeclineTrigger: _play_trigger,
    za.Activate: _activate,
    za.DeclareAttackers: check_attackers,
    za.DeclareBlockers: check_blockers,
    za.DeclareFlankers: check_flankers,
    za.AssignDamage: check_damage,
    za.SetDevotion: check_adjustment,
    za.SetBase: check_adjustment,
    za.SetDamage: check_adjustment,
    za.MoveCard: check_adjustment,
    za.ChangeControl: check_adjustment,
    za.MarkResolved: check_adjustment,
}
