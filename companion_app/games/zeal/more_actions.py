"""The Actions page's list (no Kivy): triggered actions to play or decline, and the actions of
cards in play ("cost: effect"), each once, in players' words, for the player the engine
waits on. A tap plays it through the session, which then asks that player for its targets
on their own panel (targeting.py), as a scan does."""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.zeal import ZealGame
from engine.zeal import actions as za
from engine.zeal.card_model import HAND_COST_WORDS
from engine.zeal.triggers import describe

KINDS = (za.PlayTrigger, za.DeclineTrigger, za.Activate)


def bare(action: Any) -> Any:
    """The action as its button starts it: its targets are asked afterwards."""
    if isinstance(action, (za.PlayTrigger, za.Activate)):
        return dataclasses.replace(action, targets=())
    return action


def label(game: ZealGame, action: Any) -> str:
    state = game.state
    if isinstance(action, (za.PlayTrigger, za.DeclineTrigger)):
        group = [t for t in state.pending if t.controller == action.player]
        trigger = next((t for t in group if t.id == action.trigger_id), None)
        if trigger is None:
            return "A triggered action no longer waiting"
        same = [t.id for t in group if t.name == trigger.name]
        name = trigger.name + (f" #{same.index(trigger.id) + 1}" if len(same) > 1 else "")
        verb = "Play" if isinstance(action, za.PlayTrigger) else "Decline"
        return f"{verb} {name}: {describe(trigger.ability)}"
    if isinstance(action, za.Activate):
        perm = state.permanent(action.permanent_id)
        if perm is None or perm.card_id not in game.catalog:
            return "A card no longer in play"
        card = game.catalog.get(perm.card_id)
        activated = [a for a in card.abilities_with(perm.zeal) if a.trigger == "activated"]
        mine = state.players[perm.controller].in_play
        same = [p.id for p in mine if p.name == perm.name]
        name = perm.name + (f" #{same.index(perm.id) + 1}" if len(same) > 1 else "")
        if 0 <= action.ability < len(activated):
            ability = activated[action.ability]
            return f"Use {name} ({cost_words(ability)}): {describe(ability)}"
        return f"Use {name}"
    raise ValueError(f"the Actions page makes no {type(action).__name__}")


def cost_words(ability: Any) -> str:
    """The whole cost of an activated ability: its devotion and what is paid by hand
    (Conversion Cannon: "1 devotion and put a card from your hand on the bottom of its
    owner's deck"), so a player sees before tapping that a card must go too."""
    paid = [f"{ability.cost} devotion"]
    if ability.hand_cost:  # paid by the engine as it is played (issue 34)
        paid.append(HAND_COST_WORDS[ability.hand_cost])
    if ability.cost_text:  # paid by the players by hand
        paid.append(ability.cost_text)
    return " and ".join(paid)


def page_actions(game: ZealGame) -> list[tuple[str, Any]]:
    """(button words, the action a tap starts), each once."""
    found = dict.fromkeys(bare(a) for a in game.legal_actions() if isinstance(a, KINDS))
    return [(label(game, a), a) for a in found]
