"""Which targets an action may declare (Choosing Targets), checked when it is played and again
when it resolves: a target gone or no longer valid by then is treated as not chosen."""

from __future__ import annotations

from engine.core.words import plain
from engine.zeal.cards import Ability, Card, Catalog
from engine.zeal.keywords import immune_to
from engine.zeal.ops import name, parse_base_ref, parse_discard_ref, thing
from engine.zeal.state import BaseState, GameState, Permanent, Target

_KIND_WORDS = {
    "character": "a character in play",
    "foe_character": "a character a foe controls",
    "own_character": "a character you control",
    "device": "a device in play",
    "spell": "a spell being played",
    "base": "a base that is standing",
    "foe_base": "a standing base a foe controls",
    "own_base": "a standing base you control",
    "own_defeated_base": "a defeated (face down) base you control",
    "discard_character": "a character card in a discard pile",
    "character_or_base": "a character in play or a standing base",
    "cheap_permanent": "a character or device costing at most the devices you control",
}


# The kinds a permanent in play satisfies, and those a base satisfies (character_or_base: both).
PERMANENT_KINDS = frozenset(
    {"character", "foe_character", "own_character", "device", "character_or_base"}
)
BASE_KINDS = frozenset({"base", "foe_base", "own_base", "own_defeated_base", "character_or_base"})


def kind_words(kind: str) -> str:
    return _KIND_WORDS.get(kind, kind)


def _count(n: int, noun: str = "") -> str:
    """ "1 target", "2 targets"; without a noun "1 was", "2 were"."""
    if noun:
        return f"{n} {noun}{'' if n == 1 else 's'}"
    return f"{n} {'was' if n == 1 else 'were'}"


def _not_a(state: GameState, catalog: Catalog, target: Target, want: str) -> str:
    """Why ``target`` is not ``want``, naming it as the table knows it."""
    if (
        isinstance(target, int)
        and not isinstance(target, bool)
        and state.permanent(target) is None
        and state.stack_item(target) is None
    ):
        return f"the chosen card is not in play (the target must be {want})"
    return f"{thing(state, target, catalog)} is not {want}"


def _base_label(state: GameState, owner: int, base: BaseState) -> str:
    """ "Anton's base 3": made only for a refusal (listing checks every candidate base)."""
    return f"{name(state, owner)}'s base {base.defense}"


def card_target_kinds(card: Card, zeal: bool) -> tuple[str, ...]:
    """The targets a card declares when played: the Connect target first, then its effect's."""
    kinds: list[str] = []
    keywords = card.keywords_with(zeal)
    if card.type == "device" and "connect" in keywords:
        kinds.append("discard_character" if "connect_reanimate" in keywords else "character")
    for ability in card.abilities_with(zeal):
        if ability.trigger == "resolve":
            kinds.extend(ability.targets)
    return tuple(kinds)


def ability_target_kinds(ability: Ability, card: Card | None = None) -> tuple[str, ...]:
    if ability.trigger == "reconnect" and card is not None:
        return ("discard_character" if "connect_reanimate" in card.keywords else "character",)
    return ability.targets


def check_target(
    state: GameState,
    catalog: Catalog,
    kind: str,
    target: Target,
    controller: int,
    source: str,
    self_stack_id: int | None = None,
    declaring: bool = True,
) -> str | None:
    """None if ``target`` is a valid ``kind`` target for ``controller``; else why not.

    ``source`` is what the action is, for Immune ("spells", "characters", "devices").
    ``declaring``: the check when the action is played, not again when it resolves.
    """
    # The words for the kind are looked up only for a refusal: listing checks every candidate.
    if kind == "cheap_permanent":
        # Andrenid Destroyer: the device count when the debut spell is played is what
        # matters; if it drops before the spell resolves, the target is still a target.
        if not isinstance(target, int) or isinstance(target, bool):
            return _not_a(state, catalog, target, kind_words(kind))
        perm = state.permanent(target)
        if perm is None:
            return _not_a(state, catalog, target, kind_words(kind))
        # Most permanents have no keywords at all: then nothing is immune (keywords.immune_to).
        if perm.keywords and immune_to(perm.keywords, source):
            return f"{perm.name} is immune to {source} and can't be targeted by them"
        if declaring:
            devices = sum(1 for p in state.players[controller].in_play if p.kind == "device")
            cost = catalog.get(perm.card_id).cost if perm.card_id in catalog else 0
            if cost > devices:
                return f"{perm.name} costs {cost}; you control {devices} device(s)"
        return None
    if kind in PERMANENT_KINDS:
        if isinstance(target, int) and not isinstance(target, bool):
            perm = state.permanent(target)
            if perm is None:
                return _not_a(state, catalog, target, kind_words(kind))
            return permanent_problem(state, kind, perm, controller, source)
        if kind != "character_or_base":
            return _not_a(state, catalog, target, kind_words(kind))
    if kind in BASE_KINDS:
        ref = parse_base_ref(state, target)
        if ref is None:
            return _not_a(state, catalog, target, kind_words(kind))
        owner, index = ref
        return base_problem(state, kind, owner, state.players[owner].bases[index], controller)
    if kind == "spell":
        if not isinstance(target, int) or isinstance(target, bool):
            return _not_a(state, catalog, target, kind_words(kind))
        item = state.stack_item(target)
        if item is None or target == self_stack_id:
            return _not_a(state, catalog, target, kind_words(kind))
        if not item.is_spell:
            kind_name = catalog.get(item.card_id).type if item.card_id in catalog else "action"
            return (
                f"{item.name} is not a spell: only spell cards and Debut Spells can be countered"
                f" (it is a {kind_name})"
            )
        return None
    if kind == "discard_character":
        ref2 = parse_discard_ref(state, target)
        if ref2 is None:
            return _not_a(state, catalog, target, kind_words(kind))
        return discard_problem(catalog, ref2[1], source)
    return f"the engine knows no target called {plain(kind)}"


def permanent_problem(
    state: GameState, kind: str, perm: Permanent, controller: int, source: str
) -> str | None:
    """check_target for a permanent in play and a kind of PERMANENT_KINDS (also what listing
    asks of each permanent at the table, without looking it up by id again)."""
    if kind == "device":
        if perm.kind != "device":
            return f"{perm.name} is not a device (the target must be {kind_words(kind)})"
    elif not perm.is_character:
        return f"{perm.name} is not a character (the target must be {kind_words(kind)})"
    if kind == "foe_character" and perm.controller == controller:
        return f"{perm.name} is yours (the target must be {kind_words(kind)})"
    if kind == "own_character" and perm.controller != controller:
        whose = name(state, perm.controller)
        return f"{perm.name} is {whose}'s (the target must be {kind_words(kind)})"
    # Most permanents have no keywords at all: then nothing is immune (keywords.immune_to).
    if perm.keywords and immune_to(perm.keywords, source):
        return f"{perm.name} is immune to {source} and can't be targeted by them"
    return None


def base_problem(
    state: GameState, kind: str, owner: int, base: BaseState, controller: int
) -> str | None:
    """check_target for ``owner``'s ``base`` and a kind of BASE_KINDS (also what listing asks
    of each base at the table, without writing and reading its reference)."""
    if kind == "own_defeated_base":
        if base.controller != controller or base.face_up:
            return f"{_base_label(state, owner, base)} is not {kind_words(kind)}"
        return None
    if not base.face_up:
        why = "is already defeated"
    elif kind == "foe_base" and base.controller == controller:
        why = "is yours"
    elif kind == "own_base" and base.controller != controller:
        why = "is not yours"
    else:
        return None
    return f"{_base_label(state, owner, base)} {why} (the target must be {kind_words(kind)})"


def discard_problem(catalog: Catalog, card_id: str, source: str) -> str | None:
    """check_target for a card in a discard pile and discard_character (also what listing asks
    of each card in the discards, without writing and reading its reference)."""
    if card_id not in catalog:
        return f'there is no card "{card_id}" in the catalog'
    card = catalog.get(card_id)
    if card.type != "character":
        return f"{card.name} is not a character"
    if card.keywords and immune_to(card.keywords, source):
        # Immune: characters keep their immunity even in the discard.
        return f"{card.name} is immune to {source} and can't be reanimated by them"
    return None


def check_targets(
    state: GameState,
    catalog: Catalog,
    kinds: tuple[str, ...],
    targets: tuple[Target, ...],
    controller: int,
    source: str,
    what: str,
) -> str | None:
    if len(targets) > len(kinds):
        if not kinds:
            return f"{what} has no targets, but {_count(len(targets))} given"
        return f"{what} has {_count(len(kinds), 'target')}, but {_count(len(targets))} given"
    for kind, target in zip(kinds, targets, strict=False):
        problem = check_target(state, catalog, kind, target, controller, source)
        if problem:
            return f"{what}: {problem}"
    return None
