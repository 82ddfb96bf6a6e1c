"""Which targets a Zeal action asks for, as choices the table can tap or scan (Choosing
Targets). The engine decides what may be targeted; this only lists its candidates in words."""

from __future__ import annotations

import dataclasses
from typing import Any

from companion_app.games.base import TargetOption, TargetRequest
from engine.zeal import ZealGame
from engine.zeal import actions as za
from engine.zeal.keywords import CHARACTER, DEVICE, SPELL, zeal_for_card
from engine.zeal.legal import candidates
from engine.zeal.ops import parse_base_ref, parse_discard_ref, thing
from engine.zeal.targets import ability_target_kinds, card_target_kinds, kind_words


def _kinds_and_source(game: ZealGame, action: Any) -> tuple[str, tuple[str, ...], str] | None:
    """(what is being played, the target kinds it declares, the source kind)."""
    state, catalog = game.state, game.catalog
    if isinstance(action, za.PlayCard):
        if action.card_id not in catalog:
            return None
        card = catalog.get(action.card_id)
        zeal = action.zeal if action.zeal is not None else zeal_for_card(state, action.player, card)
        source = {"spell": SPELL, "character": CHARACTER}.get(card.type, DEVICE)
        return card.name, card_target_kinds(card, zeal), source
    if isinstance(action, za.Activate):
        perm = state.permanent(action.permanent_id)
        if perm is None or perm.card_id not in catalog:
            return None
        card = catalog.get(perm.card_id)
        activated = [a for a in card.abilities if a.trigger == "activated"]
        if not 0 <= action.ability < len(activated):
            return None
        kinds = ability_target_kinds(activated[action.ability], card)
        return perm.name, kinds, CHARACTER if perm.is_character else DEVICE
    return None


def target_request(game: ZealGame, action: Any) -> TargetRequest | None:
    found = _kinds_and_source(game, action)
    if found is None:
        return None
    what, kinds, source = found
    chosen = len(action.targets)
    if chosen >= len(kinds):
        return None
    kind = kinds[chosen]
    state = game.state
    options = []
    for target in candidates(state, game.catalog, kind, action.player, source):
        options.append(_option(game, target))
    if not options and chosen == 0 and game.explain(action) is None:
        return None  # nothing to target, and the card may be played without: no question
    # "No target" is offered where the rules allow it: the action is legal as it stands.
    optional = game.explain(action) is None
    return TargetRequest(f"{what}: choose {kind_words(kind)}", tuple(options), optional)


def _option(game: ZealGame, target: Any) -> TargetOption:
    state = game.state
    words = thing(state, target, game.catalog)
    if isinstance(target, int):
        perm = state.permanent(target)
        if perm is not None:
            owner = state.players[perm.controller].name
            return TargetOption(f"{owner}'s {perm.name}", target, perm.controller, perm.card_id)
        item = state.stack_item(target)
        if item is not None:
            return TargetOption(f"{words} (being played)", target, item.controller, item.card_id)
    base = parse_base_ref(state, target)
    if base is not None:
        return TargetOption(words, target, base[0], None, f"base:{base[1]}")
    in_discard = parse_discard_ref(state, target)
    if in_discard is not None:
        return TargetOption(words, target, in_discard[0], in_discard[1])
    return TargetOption(words, target)


def with_target(action: Any, value: Any) -> Any:
    return dataclasses.replace(action, targets=(*action.targets, value))
