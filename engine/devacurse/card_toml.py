"""Reading and writing Devacurse catalog TOML: every card checked on load, with errors that
name the source, the card and the field."""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.core.words import plain
from engine.devacurse.card_model import EFFECTS, EVENT_KINDS, KEYWORDS, TYPES, Card, CatalogError

_NUMBERS = (
    "cost",
    "at",
    "df",
    "ap",
    "at2",
    "ap2",
    "upgrade_cost",
    "cenotaph_cost",
    "at_bonus",
    "df_bonus",
    "ap_bonus",
    "time",
)
_FIELDS = frozenset(
    {"id", "name", "type", "event", "flash", "effect", "keywords", "text", "sample", *_NUMBERS}
)


def card_from_dict(data: Any, source: str, index: int) -> Card:
    """One [[card]] table; CatalogError naming the source, the card and the field."""
    where = f"{source}: card {index + 1}"
    if not isinstance(data, dict):
        raise CatalogError(f"{where}: must be a table ([[card]]), not {plain(data)}")
    card_id = data.get("id")
    if isinstance(card_id, str) and card_id:
        where = f"{source}: card {card_id!r}"

    def fail(name: str, problem: str) -> CatalogError:
        return CatalogError(f"{where}: field {name!r} {problem}")

    for key in data:
        if key not in _FIELDS:
            raise fail(key, f"is not a card field (the fields: {', '.join(sorted(_FIELDS))})")

    def text(name: str, default: str | None = None) -> str:
        value = data.get(name, default)
        if value is None:
            raise fail(name, "is missing")
        if not isinstance(value, str):
            raise fail(name, f"must be text, not {plain(value)}")
        return value

    def flag(name: str) -> bool:
        value = data.get(name, False)
        if not isinstance(value, bool):
            raise fail(name, f"must be true or false, not {plain(value)}")
        return value

    numbers: dict[str, int] = {}
    for name in _NUMBERS:
        value = data.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int):
            raise fail(name, f"must be a whole number, not {plain(value)}")
        if value < 0 and not name.endswith("_bonus"):
            raise fail(name, f"must be 0 or more, not {value}")
        numbers[name] = value
    ident = text("id")
    if not ident.strip():
        raise fail("id", "must not be empty")
    kind = text("type")
    if kind not in TYPES:
        raise fail("type", f"is {plain(kind)}; it may be one of: {', '.join(TYPES)}")
    keywords = data.get("keywords", [])
    if not isinstance(keywords, list) or not all(isinstance(k, str) for k in keywords):
        raise fail("keywords", f"must be a list of skills, not {plain(keywords)}")
    for word in keywords:
        if word not in KEYWORDS:
            raise fail("keywords", f"has {plain(word)}; the skills known: {', '.join(KEYWORDS)}")
    event = text("event", "")
    effect = text("effect", "text")
    if kind == "event":
        if event not in EVENT_KINDS:
            raise fail("event", f"is {plain(event)}; it may be one of: {', '.join(EVENT_KINDS)}")
        if effect not in EFFECTS:
            raise fail("effect", f"is {plain(effect)}; it may be one of: {', '.join(EFFECTS)}")
        if event == "location" and numbers["time"] < 1:
            raise fail("time", "must be 1 or more for a location event")
    elif event:
        raise fail("event", f"is for events only, and this card is a {kind}")
    if kind == "soldier" and numbers["df"] < 1:
        raise fail("df", "must be 1 or more for a soldier")
    if kind == "hero" and numbers["ap"] < 1:
        raise fail("ap", "must be 1 or more for a hero")
    return Card(
        id=ident,
        name=text("name"),
        type=kind,
        event=event,
        flash=flag("flash"),
        effect=effect,
        keywords=tuple(keywords),
        text=text("text", ""),
        sample=flag("sample"),
        **numbers,
    )


def cards_from_list(items: Any, source: str) -> list[Card]:
    if not isinstance(items, list):
        raise CatalogError(f"{source}: 'card' must be a list of tables ([[card]])")
    cards = [card_from_dict(item, source, i) for i, item in enumerate(items)]
    seen: set[str] = set()
    for card in cards:
        if card.id in seen:
            raise CatalogError(f"{source}: card {card.id!r} is listed twice")
        seen.add(card.id)
    return cards


def card_to_dict(card: Card) -> dict[str, Any]:
    """The card as TOML-ready data, default values left out."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(card):
        value = getattr(card, f.name)
        if f.name in ("id", "name", "type") or value != f.default:
            out[f.name] = list(value) if isinstance(value, tuple) else value
    return out
