"""Reading and writing Z-G card TOML: every field checked, errors naming the file, the card and
the field. A dot is written "colour" or "colour:blaze" (``"blue:armor"``); an end is a list of
three dots; a zGear card has two ends."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.words import plain
from engine.zg.card_model import BLAZES, COLOURS, TYPES, Card, CatalogError, Dot, End

_ZGEAR_FIELDS = frozenset(
    {
        "id",
        "name",
        "type",
        "figure",
        "part",
        "ulster",
        "colour",
        "impulse",
        "move",
        "range",
        "attack",
        "powerups",
        "ends",
        "sample",
    }
)
_CHARACTER_FIELDS = frozenset({"id", "name", "type", "figure", "powerup", "sample"})


class _Where:
    def __init__(self, source: str, card: str) -> None:
        self.source = source
        self.card = card

    def fail(self, name: str, problem: str) -> CatalogError:
        return CatalogError(f"{self.source}: card {self.card}: field '{name}': {problem}")


def _text(w: _Where, data: Mapping[str, Any], name: str, default: str = "") -> str:
    value = data.get(name, default)
    if not isinstance(value, str):
        raise w.fail(name, f"must be text, not {plain(value)}")
    return value


def _number(w: _Where, data: Mapping[str, Any], name: str, hi: int) -> int:
    value = data.get(name, 0)
    if isinstance(value, bool) or not isinstance(value, int):
        raise w.fail(name, f"must be a whole number, not {plain(value)}")
    if not 0 <= value <= hi:
        raise w.fail(name, f"must be 0 to {hi}, not {value}")
    return value


def _flag(w: _Where, data: Mapping[str, Any], name: str) -> bool:
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise w.fail(name, f"must be true or false, not {plain(value)}")
    return value


def dot_from_text(w: _Where, name: str, value: object) -> Dot:
    if not isinstance(value, str):
        raise w.fail(name, f'each dot is written "colour" or "colour:blaze", not {plain(value)}')
    colour, _, blaze = value.partition(":")
    if colour not in COLOURS:
        raise w.fail(name, f'"{colour}" is not a dot colour (the colours: {", ".join(COLOURS)})')
    if blaze not in BLAZES:
        known = ", ".join(b for b in BLAZES if b)
        raise w.fail(name, f'"{blaze}" is not a blaze (the blazes: {known})')
    return Dot(colour, blaze)


def _ends(w: _Where, data: Mapping[str, Any]) -> tuple[End, ...]:
    value = data.get("ends")
    if not isinstance(value, list) or len(value) != 2:
        raise w.fail("ends", "must list the card's two ends, each a list of three dots")
    ends = []
    for i, end in enumerate(value):
        if not isinstance(end, list) or len(end) != 3:
            raise w.fail(f"ends[{i}]", f"must be a list of three dots, not {plain(end)}")
        a, b, c = (dot_from_text(w, f"ends[{i}]", d) for d in end)
        ends.append((a, b, c))
    return tuple(ends)


def card_from_dict(data: Any, source: str, index: int) -> Card:
    if not isinstance(data, dict):
        raise CatalogError(f"{source}: card {index + 1}: must be a table ([[card]])")
    card_id = data.get("id")
    if not isinstance(card_id, str) or not card_id.strip():
        raise CatalogError(f"{source}: card {index + 1}: field 'id': must be text")
    w = _Where(source, card_id)
    kind = _text(w, data, "type", "zgear")
    if kind not in TYPES:
        raise w.fail("type", f'must be "zgear" or "character", not {plain(kind)}')
    known = _ZGEAR_FIELDS if kind == "zgear" else _CHARACTER_FIELDS
    for key in data:
        if key not in known:
            raise w.fail(key, f"is not a field of a {kind} card ({', '.join(sorted(known))})")
    name = _text(w, data, "name")
    if not name.strip():
        raise w.fail("name", "a card needs a name")
    if kind == "character":
        return Card(
            card_id,
            name,
            "character",
            figure=_text(w, data, "figure"),
            powerup_text=_text(w, data, "powerup"),
            sample=_flag(w, data, "sample"),
        )
    powerups = data.get("powerups", [])
    if not isinstance(powerups, list) or not all(isinstance(p, str) for p in powerups):
        raise w.fail("powerups", f"must be a list of powerup names, not {plain(powerups)}")
    colour = _text(w, data, "colour")
    if colour and colour not in COLOURS:
        raise w.fail("colour", f'"{colour}" is not a colour (the colours: {", ".join(COLOURS)})')
    return Card(
        card_id,
        name,
        "zgear",
        figure=_text(w, data, "figure"),
        part=_text(w, data, "part"),
        ulster=_flag(w, data, "ulster"),
        colour=colour,
        impulse=_number(w, data, "impulse", 9),  # one digit: three make the impulse number
        move=_number(w, data, "move", 20),
        range=_number(w, data, "range", 20),
        attack=_text(w, data, "attack"),
        powerups=tuple(powerups),
        ends=_ends(w, data),
        sample=_flag(w, data, "sample"),
    )


def cards_from_list(items: Any, source: str) -> list[Card]:
    if not isinstance(items, list):
        raise CatalogError(f"{source}: 'card' must be a list of tables ([[card]])")
    return [card_from_dict(item, source, i) for i, item in enumerate(items)]


def _dot_text(dot: Dot) -> str:
    return dot.colour if not dot.blaze else f"{dot.colour}:{dot.blaze}"


def card_to_dict(card: Card) -> dict[str, Any]:
    if card.type == "character":
        out: dict[str, Any] = {"id": card.id, "name": card.name, "type": "character"}
        out.update({"figure": card.figure, "powerup": card.powerup_text})
    else:
        out = {
            "id": card.id,
            "name": card.name,
            "type": "zgear",
            "figure": card.figure,
            "part": card.part,
            "ulster": card.ulster,
            "colour": card.colour,
            "impulse": card.impulse,
            "move": card.move,
            "range": card.range,
            "attack": card.attack,
            "powerups": list(card.powerups),
            "ends": [[_dot_text(d) for d in end] for end in card.ends],
        }
    if card.sample:
        out["sample"] = True
    return out
