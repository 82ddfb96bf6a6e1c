"""Reading and writing catalog TOML: every card checked on load, with errors that name the
source, the card and the field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.words import plain
from engine.vile.card_model import (
    EFFECT_OPS,
    GODS,
    RITUAL_OPS,
    TYPES,
    Ability,
    Card,
    CatalogError,
    Effect,
)

CARD_KEYS = frozenset(
    {"id", "name", "god", "type", "cost", "attack", "defense", "energy", "effects"}
    | {"abilities", "text", "sample"}
)
EFFECT_KEYS = frozenset({"op", "amount"})
ABILITY_KEYS = frozenset({"cost", "once_per_turn", "effects", "text"})
_MONSTER_ONLY = ("attack", "defense", "energy", "abilities")


class _Where:
    def __init__(self, source: str, card: str) -> None:
        self.source = source
        self.card = card

    def fail(self, name: str, problem: str) -> CatalogError:
        return CatalogError(f"{self.source}: card {self.card}: field '{name}': {problem}")


def _keys(where: _Where, data: Mapping[str, Any], known: frozenset[str], name: str) -> None:
    for key in data:
        if key not in known:
            allowed = ", ".join(sorted(known))
            raise where.fail(name or key, f"unknown key '{key}' (allowed: {allowed})")


def _int(where: _Where, data: Mapping[str, Any], name: str, lo: int | None = 0) -> int:
    value = data.get(name, 0)
    if isinstance(value, bool) or not isinstance(value, int):
        raise where.fail(name, f"must be a whole number, not {plain(value)}")
    if lo is not None and value < lo:
        raise where.fail(name, f"must be {lo} or more, not {value}")
    return value


def _word(where: _Where, data: Mapping[str, Any], name: str, default: str | None = None) -> str:
    value = data.get(name, default)
    if value is None:
        raise where.fail(name, "is missing")
    if not isinstance(value, str):
        raise where.fail(name, f"must be a word or text, not {plain(value)}")
    return value


def _effects(where: _Where, value: Any, name: str, card_type: str) -> tuple[Effect, ...]:
    if not isinstance(value, list):
        raise where.fail(name, f"must be a list of effect tables, not {plain(value)}")
    out = []
    for i, entry in enumerate(value):
        label = f"{name}[{i}]"
        if not isinstance(entry, dict):
            raise where.fail(
                label, f'must be a table like {{op = "draw", amount = 1}}, not {plain(entry)}'
            )
        _keys(where, entry, EFFECT_KEYS, label)
        op = _word(where, entry, "op")
        if op not in EFFECT_OPS:
            raise where.fail(f"{label}.op", f"{plain(op)} is not one of: {', '.join(EFFECT_OPS)}")
        if op in RITUAL_OPS and card_type not in ("component", "sabotage"):
            raise where.fail(f"{label}.op", f"{plain(op)} only works on components and sabotage")
        takes_amount = EFFECT_OPS[op][0]
        amount = _int(where, entry, "amount", None if op in ("strength", "energy") else 0)
        if takes_amount and "amount" not in entry:
            raise where.fail(f"{label}.amount", f"{plain(op)} needs an amount")
        if not takes_amount and "amount" in entry:
            raise where.fail(f"{label}.amount", f"{plain(op)} takes no amount")
        out.append(Effect(op, amount))
    return tuple(out)


def _abilities(where: _Where, value: Any) -> tuple[Ability, ...]:
    if not isinstance(value, list):
        raise where.fail("abilities", f"must be a list of ability tables, not {plain(value)}")
    out = []
    for i, entry in enumerate(value):
        label = f"abilities[{i}]"
        if not isinstance(entry, dict):
            raise where.fail(label, f"must be a table, not {plain(entry)}")
        _keys(where, entry, ABILITY_KEYS, label)
        once = entry.get("once_per_turn", False)
        if not isinstance(once, bool):
            raise where.fail(f"{label}.once_per_turn", f"must be true or false, not {plain(once)}")
        out.append(
            Ability(
                cost=_int(where, entry, "cost"),
                once_per_turn=once,
                effects=_effects(where, entry.get("effects", []), f"{label}.effects", "monster"),
                text=_word(where, entry, "text", ""),
            )
        )
    return tuple(out)


def card_from_dict(data: Any, source: str, index: int = 0) -> Card:
    """One [[card]] table, checked field by field."""
    if not isinstance(data, dict):
        raise CatalogError(f"{source}: card {index + 1}: must be a table ([[card]])")
    card_id = data.get("id")
    label = card_id if isinstance(card_id, str) and card_id else f"number {index + 1}"
    where = _Where(source, label)
    _keys(where, data, CARD_KEYS, "")
    card_id = _word(where, data, "id")
    if not card_id or not all(ch.isalnum() or ch == "_" for ch in card_id):
        raise where.fail("id", "must be letters, digits and underscores")
    god = _word(where, data, "god")
    if god not in GODS:
        raise where.fail("god", f"{plain(god)} is not one of: {', '.join(GODS)}")
    card_type = _word(where, data, "type")
    if card_type not in TYPES:
        raise where.fail("type", f"{plain(card_type)} is not one of: {', '.join(TYPES)}")
    if card_type != "monster":
        for name in _MONSTER_ONLY:
            if name in data:
                raise where.fail(name, f"only monsters have it, and this is a {card_type}")
    sample = data.get("sample", False)
    if not isinstance(sample, bool):
        raise where.fail("sample", f"must be true or false, not {plain(sample)}")
    card = Card(
        id=card_id,
        name=_word(where, data, "name"),
        god=god,
        type=card_type,
        cost=_int(where, data, "cost"),
        attack=_int(where, data, "attack"),
        defense=_int(where, data, "defense"),
        energy=_int(where, data, "energy"),
        effects=_effects(where, data.get("effects", []), "effects", card_type),
        abilities=_abilities(where, data.get("abilities", [])),
        text=_word(where, data, "text", ""),
        sample=sample,
    )
    if card_type == "monster" and card.defense < 1:
        raise where.fail("defense", "a monster needs a defense of 1 or more")
    return card


def cards_from_list(value: Any, source: str) -> list[Card]:
    if not isinstance(value, list):
        raise CatalogError(f"{source}: 'card' must be a list of tables ([[card]])")
    return [card_from_dict(entry, source, i) for i, entry in enumerate(value)]


def _effects_to_list(effects: tuple[Effect, ...]) -> list[dict[str, Any]]:
    return [{"op": e.op} | ({"amount": e.amount} if EFFECT_OPS[e.op][0] else {}) for e in effects]


def card_to_dict(card: Card) -> dict[str, Any]:
    """A card as a [[card]] table (what card_from_dict reads back)."""
    out: dict[str, Any] = {
        "id": card.id,
        "name": card.name,
        "god": card.god,
        "type": card.type,
        "cost": card.cost,
    }
    if card.type == "monster":
        out |= {"attack": card.attack, "defense": card.defense, "energy": card.energy}
        if card.abilities:
            out["abilities"] = [
                {"cost": a.cost, "once_per_turn": a.once_per_turn, "text": a.text}
                | {"effects": _effects_to_list(a.effects)}
                for a in card.abilities
            ]
    if card.effects:
        out["effects"] = _effects_to_list(card.effects)
    if card.text:
        out["text"] = card.text
    if card.sample:
        out["sample"] = True
    return out
