"""Which targets a Zeal action asks for, as choices the table can tap or scan (Choosing
Targets), and then X for a card that costs X (Lightning Storm), as amounts to tap. The engine
decides what may be targeted and what X may be; this only lists the candidates in words."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from companion_app.games.base import TargetOption, TargetRequest
from engine.zeal import ZealGame
from engine.zeal import actions as za
from engine.zeal.keywords import CHARACTER, DEVICE, SPELL, cost_to_play, zeal_for_card
from engine.zeal.legal import candidates
from engine.zeal.ops import parse_base_ref, parse_discard_ref, thing
from engine.zeal.targets import ability_target_kinds, card_target_kinds, kind_words


def base_key(seat: int, owner: int, index: int) -> str:
    """The tile key of a base on ``seat``'s panel: "base:<index>" for its own, and
    "base:<owner>:<index>" for one it took from another player (Keywords: Assimilate)."""
    return f"base:{index}" if owner == seat else f"base:{owner}:{index}"


def base_of(seat: int, key: str) -> tuple[int, int]:
    """(owner, index) of the base a tile key on ``seat``'s panel names (base_key)."""
    parts = key.split(":")
    return (seat, int(parts[1])) if len(parts) == 2 else (int(parts[1]), int(parts[2]))


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
    if isinstance(action, za.PlayTrigger):
        trigger = next((t for t in state.pending if t.id == action.trigger_id), None)
        if trigger is None or trigger.card_id not in catalog:
            return None
        card = catalog.get(trigger.card_id)
        kinds = ability_target_kinds(trigger.ability, card)
        if trigger.is_spell:
            return trigger.name, kinds, SPELL
        return trigger.name, kinds, CHARACTER if card.type == "character" else DEVICE
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


@dataclass(frozen=True)
class ChooseX:
    """The amount chosen for X (not a target: it sets the action's ``x``)."""

    x: int


def x_request(game: ZealGame, action: Any) -> TargetRequest | None:
    """X is asked once every target is chosen: "X = 0" (the action as it stands, when the
    rules allow it) and each X the player's devotion pays for, as buttons."""
    if not isinstance(action, za.PlayCard) or action.x or action.card_id not in game.catalog:
        return None
    card = game.catalog.get(action.card_id)
    if not card.x_cost:
        return None
    state = game.state
    zeal = action.zeal if action.zeal is not None else zeal_for_card(state, action.player, card)
    devotion = state.players[action.player].devotion
    amounts = [
        x
        for x in range(1, devotion + 2)
        if cost_to_play(state, action.player, card, zeal, x) <= devotion
        and game.explain(dataclasses.replace(action, x=x)) is None
    ]
    options = tuple(TargetOption(f"X = {x}", ChooseX(x), action.player) for x in amounts)
    if not options:
        return None  # only X = 0 is possible: nothing to ask
    return TargetRequest(
        f"{card.name}: choose X", options, game.explain(action) is None, "X = 0", "choose here"
    )


def target_request(game: ZealGame, action: Any) -> TargetRequest | None:
    found = _kinds_and_source(game, action)
    if found is None:
        return None
    what, kinds, source = found
    chosen = len(action.targets)
    if chosen >= len(kinds):
        return x_request(game, action)
    kind = kinds[chosen]
    state = game.state
    options = []
    for target in candidates(state, game.catalog, kind, action.player, source):
        options.append(_option(game, target))
    if not options and chosen == 0 and game.explain(action) is None:
        return x_request(game, action)  # nothing to target, and none needed: X is next
    # "No target" is offered where the rules allow it: the action is legal as it stands.
    optional = game.explain(action) is None
    return TargetRequest(f"{what}: choose {kind_words(kind)}", _numbered(options), optional)


def _numbered(options: list[TargetOption]) -> tuple[TargetOption, ...]:
    """Two choices that read alike (two Sacrificial Rites being played) get "#1", "#2", in
    the table's order, so each button is its own."""
    labels = [o.label for o in options]
    return tuple(
        dataclasses.replace(o, label=f"{o.label} #{labels[: k + 1].count(o.label)}")
        if labels.count(o.label) > 1
        else o
        for k, o in enumerate(options)
    )


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
    if base is not None:  # tapped on the panel of the seat that controls it (Assimilate)
        seat = state.players[base[0]].bases[base[1]].controller
        return TargetOption(words, target, seat, None, base_key(seat, *base))
    in_discard = parse_discard_ref(state, target)
    if in_discard is not None:
        return TargetOption(words, target, in_discard[0], in_discard[1])
    return TargetOption(words, target)


def with_target(action: Any, value: Any) -> Any:
    if isinstance(value, ChooseX):
        return dataclasses.replace(action, x=value.x)
    return dataclasses.replace(action, targets=(*action.targets, value))
