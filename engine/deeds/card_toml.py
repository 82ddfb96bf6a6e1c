"""Reading and writing the catalog's TOML: every card checked on load, with errors that name
the source, the card and the field (a list where a word belongs is an error, never a crash)."""

from __future__ import annotations

from typing import Any

from engine.core.catalog import card_tables, shipped_sample
from engine.core.words import plain
from engine.deeds.cards import (
    ABILITY_KINDS,
    FREE,
    KEYWORDS,
    RESOURCES,
    SUBTYPES,
    TYPES,
    Ability,
    Card,
    Catalog,
    CatalogError,
    Cost,
)

CARD_FIELDS = (
    "id",
    "name",
    "type",
    "subtype",
    "faction",
    "cost",
    "attack",
    "defense",
    "keywords",
    "gives",
    "abilities",
    "text",
    "sample",
)
COST_FIELDS = (*RESOURCES, "any")
ABILITY_FIELDS = ("kind", "text", "cost", "utilize")


class _Card:
    """One card's table, read field by field; errors name the source, the card, the field."""

    def __init__(self, data: Any, source: str, index: int) -> None:
        self.source = source
        self.card = f"number {index + 1}"
        if not isinstance(data, dict):
            raise CatalogError(f"{source}: card {self.card}: must be a table ([[card]])")
        self.data: dict[str, Any] = data
        name = data.get("id")
        if isinstance(name, str) and name:
            self.card = f'"{name}"'
        for key in data:
            if key not in CARD_FIELDS:
                raise self.fail(key, f"is not a card field (the fields: {', '.join(CARD_FIELDS)})")

    def fail(self, field: str, problem: str) -> CatalogError:
        return CatalogError(f"{self.source}: card {self.card}: field {field!r} {problem}")

    def word(self, key: str, default: str | None = None, allowed: tuple[str, ...] = ()) -> str:
        value = self.data.get(key, default)
        if value is None:
            raise self.fail(key, "is missing")
        if not isinstance(value, str):
            raise self.fail(key, f"must be a word, not {plain(value)}")
        if allowed and value not in allowed:
            raise self.fail(key, f"is {plain(value)}; it may be one of: {', '.join(allowed)}")
        return value

    def number(self, key: str) -> int:
        value = self.data.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.fail(key, f"must be a whole number 0 or more, not {plain(value)}")
        return value

    def words(self, key: str, allowed: tuple[str, ...] | None = None) -> tuple[str, ...]:
        value = self.data.get(key, [])
        if not isinstance(value, list):
            raise self.fail(key, f"must be a list of words, not {plain(value)}")
        for item in value:
            if not isinstance(item, str) or (allowed is not None and item not in allowed):
                known = f" (it may hold: {', '.join(allowed)})" if allowed else ""
                raise self.fail(key, f"has {plain(item)}, which is not allowed{known}")
        return tuple(value)

    def cost(self, key: str, value: Any) -> Cost:
        if value is None:
            return FREE
        if not isinstance(value, dict):
            raise self.fail(key, f"must be a table like {{ bio = 1, any = 1 }}, not {plain(value)}")
        for name, amount in value.items():
            if name not in COST_FIELDS:
                raise self.fail(key, f"has {plain(name)}; costs use: {', '.join(COST_FIELDS)}")
            if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                raise self.fail(
                    key, f"{name} must be a whole number 0 or more, not {plain(amount)}"
                )
        return Cost(**value)

    def abilities(self) -> tuple[Ability, ...]:
        value = self.data.get("abilities", [])
        if not isinstance(value, list):
            raise self.fail("abilities", f"must be a list of tables, not {plain(value)}")
        out = []
        for i, entry in enumerate(value):
            key = f"abilities[{i}]"
            if not isinstance(entry, dict):
                raise self.fail(key, f"must be a table, not {plain(entry)}")
            for name in entry:
                if name not in ABILITY_FIELDS:
                    raise self.fail(
                        key, f"has {plain(name)}; abilities use: kind, text, cost, utilize"
                    )
            kind = entry.get("kind")
            if kind not in ABILITY_KINDS:
                raise self.fail(key, f"kind must be activated or conditional, not {plain(kind)}")
            text = entry.get("text")
            if not isinstance(text, str) or not text:
                raise self.fail(key, f"text must be the ability's words, not {plain(text)}")
            utilize = entry.get("utilize", False)
            if not isinstance(utilize, bool):
                raise self.fail(key, f"utilize must be true or false, not {plain(utilize)}")
            out.append(Ability(kind, text, self.cost(key, entry.get("cost")), utilize))
        return tuple(out)


def card_from_dict(data: Any, source: str = "<catalog>", index: int = 0) -> Card:
    c = _Card(data, source, index)
    card_type = c.word("type", None, TYPES)
    subtype: str | None = None
    if card_type == "technology":
        subtype = c.word("subtype", None, SUBTYPES)
    elif "subtype" in c.data:
        raise c.fail("subtype", "belongs to technology only")
    if card_type != "resource" and "gives" in c.data:
        raise c.fail("gives", "belongs to resource cards only")
    card = Card(
        id=c.word("id"),
        name=c.word("name"),
        type=card_type,
        subtype=subtype,
        faction=c.word("faction", ""),
        cost=c.cost("cost", c.data.get("cost")),
        attack=c.number("attack"),
        defense=c.number("defense"),
        keywords=c.words("keywords", KEYWORDS),
        gives=c.cost("gives", c.data.get("gives")),
        abilities=c.abilities(),
        text=c.word("text", ""),
        sample=c.words("sample", CARD_FIELDS),
    )
    if card.is_unit and card.defense == 0:
        raise c.fail("defense", "must be 1 or more for a unit (a unit at 0 defense is retired)")
    if card_type == "resource" and card.gives.total == 0:
        raise c.fail("gives", "is missing: a resource card adds resources, like { bio = 1 }")
    return card


def cards_from_list(data: Any, source: str) -> list[Card]:
    if not isinstance(data, list):
        raise CatalogError(f"{source}: 'card' must be a list of tables ([[card]])")
    return [card_from_dict(entry, source, i) for i, entry in enumerate(data)]


def load_catalog(text: str, source: str = "<catalog>") -> Catalog:
    """A validated catalog from TOML text; CatalogError names the source, card and field."""
    tables = card_tables(text, source, CatalogError)
    try:
        return Catalog(cards_from_list(tables, source))
    except CatalogError as exc:
        message = str(exc)
        raise CatalogError(
            message if message.startswith(source) else f"{source}: {message}"
        ) from None


# The shipped sample catalog (data/sample.toml), read once.
sample_catalog = shipped_sample("engine.deeds", load_catalog)


def _cost_dict(cost: Cost) -> dict[str, int]:
    return {name: getattr(cost, name) for name in COST_FIELDS if getattr(cost, name)}


def card_to_dict(card: Card) -> dict[str, Any]:
    """The card as TOML-ready data; ``card_from_dict`` reads it back equal."""
    out: dict[str, Any] = {"id": card.id, "name": card.name, "type": card.type}
    if card.subtype:
        out["subtype"] = card.subtype
    if card.faction:
        out["faction"] = card.faction
    if card.cost.total:
        out["cost"] = _cost_dict(card.cost)
    out["attack"] = card.attack
    out["defense"] = card.defense
    if card.keywords:
        out["keywords"] = list(card.keywords)
    if card.gives.total:
        out["gives"] = _cost_dict(card.gives)
    if card.abilities:
        out["abilities"] = [
            {"kind": a.kind, "text": a.text, "utilize": a.utilize}
            | ({"cost": _cost_dict(a.cost)} if a.cost.total else {})
            for a in card.abilities
        ]
    if card.text:
        out["text"] = card.text
    if card.sample:
        out["sample"] = list(card.sample)
    return out
