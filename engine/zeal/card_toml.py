"""Reading and writing catalog TOML: every card checked on load, with errors that name the
source, the card and the field (docs/catalog.md)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from engine.zeal.card_model import (
    CULTS,
    EFFECT_OPS,
    HAND_COSTS,
    KEYWORDS,
    SCOPES,
    TARGET_KINDS,
    TRIGGERS,
    TYPES,
    Ability,
    Card,
    CatalogError,
    Effect,
)


class _Where:
    """Builds error messages that name the source, the card and the field. Inside an ability
    or an effect the field is its path, counted from 1: ``abilities[2].effects[1].op``."""

    def __init__(self, source: str, card: str, within: str = "") -> None:
        self.source = source
        self.card = card
        self.within = within

    def inside(self, part: str) -> _Where:
        return _Where(self.source, self.card, f"{self.within}.{part}" if self.within else part)

    def fail(self, field_name: str, problem: str) -> CatalogError:
        path = f"{self.within}.{field_name}" if self.within else field_name
        return CatalogError(f"{self.source}: card {self.card}: field {path!r}: {problem}")


def _shown(value: Any) -> str:
    """A value as it appears in an error: short, whatever the file held (a list, a table)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _word(where: _Where, name: str, value: Any, known: Collection[str], what: str) -> str:
    """A word from a closed vocabulary. Checked as text first: a list or a table where a
    word belongs must be a CatalogError, not the TypeError a set lookup of it raises."""
    if not isinstance(value, str) or value not in known:
        raise where.fail(
            name, f"unknown {what} {_shown(value)} (known: {', '.join(sorted(known))})"
        )
    return value


_CARD_FIELDS = frozenset(
    {
        "id",
        "name",
        "type",
        "cult",
        "cost",
        "zeal_cost",
        "combat",
        "zeal_combat",
        "defense",
        "keywords",
        "zeal_keywords",
        "text",
        "zeal_text",
        "zeal_instead",
        "x_cost",
        "abilities",
        "zeal_abilities",
        "sample",
    }
)


def _int(where: _Where, data: Mapping[str, Any], name: str, *, lo: int = 0) -> int | None:
    value = data.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise where.fail(name, f"must be a whole number, not {_shown(value)}")
    if value < lo:
        raise where.fail(name, f"must be {lo} or more, not {value}")
    return value


def _str(where: _Where, data: Mapping[str, Any], name: str, default: str = "") -> str:
    value = data.get(name, default)
    if not isinstance(value, str):
        raise where.fail(name, f"must be text, not {_shown(value)}")
    return value


def _keywords(where: _Where, data: Mapping[str, Any], name: str) -> tuple[str, ...]:
    value = data.get(name, [])
    if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
        raise where.fail(name, "must be a list of keywords")
    out = []
    for keyword in value:
        k = keyword.strip().lower().replace(" ", "_")
        if k not in KEYWORDS:
            known = ", ".join(sorted(KEYWORDS))
            raise where.fail(name, f"unknown keyword {keyword!r} (known: {known})")
        out.append(k)
    return tuple(out)


def _effect(where: _Where, data: Any) -> Effect:
    """One effect table; ``where`` is already inside it (abilities[1].effects[2])."""
    if not isinstance(data, dict):
        raise where.fail("op", f"each effect must be a table, not {_shown(data)}")
    op = _word(where, "op", data.get("op"), EFFECT_OPS, "effect op")
    allowed = EFFECT_OPS[op] | {"op"}
    for key in data:
        if key not in allowed:
            raise where.fail(key, f"effect {op!r} does not take {key!r}")
    target = _word(where, "target", data.get("target", ""), TARGET_KINDS, "target")
    scope = _word(where, "scope", data.get("scope", ""), SCOPES, "scope")
    keyword = _str(where, data, "keyword")
    if keyword and keyword not in KEYWORDS:
        raise where.fail("keyword", f"unknown keyword {keyword!r}")
    is_x = data.get("amount") == "X"
    return Effect(
        op=op,
        amount=0 if is_x else (_int(where, data, "amount", lo=-99) or 0),
        x=is_x,
        target=target,
        scope=scope,
        keyword=keyword,
        text=_str(where, data, "text"),
    )


def _abilities(where: _Where, data: Mapping[str, Any], name: str) -> tuple[Ability, ...]:
    value = data.get(name, [])
    if not isinstance(value, list):
        raise where.fail(name, "must be a list of ability tables ([[card.abilities]])")
    out = []
    for number, entry in enumerate(value, start=1):
        at = where.inside(f"{name}[{number}]")
        if not isinstance(entry, dict):
            raise at.fail("trigger", f"each ability must be a table, not {_shown(entry)}")
        trigger = _word(at, "trigger", entry.get("trigger"), TRIGGERS, "trigger")
        for key in entry:
            if key not in (
                "trigger",
                "effects",
                "optional",
                "cost",
                "cost_text",
                "hand_cost",
                "text",
            ):
                raise at.fail(key, "an ability does not take this field")
        effects = entry.get("effects", [])
        if not isinstance(effects, list):
            raise at.fail("effects", "must be a list of effect tables")
        optional = entry.get("optional", False)
        if not isinstance(optional, bool):
            raise at.fail("optional", "must be true or false")
        out.append(
            Ability(
                trigger=trigger,
                effects=tuple(
                    _effect(at.inside(f"effects[{i}]"), e) for i, e in enumerate(effects, start=1)
                ),
                optional=optional,
                cost=_int(at, entry, "cost") or 0,
                cost_text=_str(at, entry, "cost_text"),
                hand_cost=_hand_cost(at, entry, trigger),
                text=_str(at, entry, "text"),
            )
        )
    return tuple(out)


def _hand_cost(at: _Where, entry: Mapping[str, Any], trigger: str) -> str:
    """``hand_cost``: a card from the hand, paid by the engine; activated abilities only (the
    action that plays one names the card: Activate's ``paid``)."""
    value = entry.get("hand_cost", "")
    if value == "":
        return ""
    if value not in HAND_COSTS:
        raise at.fail("hand_cost", f"must be one of {', '.join(HAND_COSTS)}, not {_shown(value)}")
    if trigger != "activated":
        raise at.fail("hand_cost", "only an activated ability (a cost: effect action) takes it")
    return str(value)


def card_from_dict(data: Mapping[str, Any], source: str, position: int) -> Card:
    """One validated card from a TOML table; ``position`` numbers it in errors if it has no id."""
    where = _Where(source, f"#{position}")
    if not isinstance(data, Mapping):
        raise where.fail("card", "must be a table")
    card_id = data.get("id")
    if not isinstance(card_id, str) or not card_id.strip():
        raise where.fail("id", 'every card needs an id (text, e.g. "psychopomp")')
    where = _Where(source, repr(card_id))
    for key in data:
        if key not in _CARD_FIELDS:
            raise where.fail(key, f"unknown field (known: {', '.join(sorted(_CARD_FIELDS))})")
    name = _str(where, data, "name")
    if not name:
        raise where.fail("name", "every card needs a name")
    card_type = _str(where, data, "type")
    if card_type not in TYPES:
        raise where.fail("type", f"must be one of {', '.join(TYPES)}, not {_shown(card_type)}")
    cult = data.get("cult")
    if card_type != "base":
        if not isinstance(cult, str) or cult not in CULTS:
            raise where.fail("cult", f"must be one of {', '.join(CULTS)}, not {_shown(cult)}")
    elif cult is not None:
        raise where.fail("cult", "bases have no cult")
    combat = _int(where, data, "combat")
    if card_type == "character" and combat is None:
        raise where.fail("combat", "a character needs a combat score")
    if card_type != "character" and combat is not None:
        raise where.fail("combat", f"only characters have a combat score, not a {card_type}")
    defense = _int(where, data, "defense", lo=1)
    if card_type == "base" and defense is None:
        raise where.fail("defense", "a base needs a defense score")
    zeal_instead = data.get("zeal_instead", False)
    if not isinstance(zeal_instead, bool):
        raise where.fail("zeal_instead", "must be true or false")
    x_cost = data.get("x_cost", False)
    if not isinstance(x_cost, bool):
        raise where.fail("x_cost", "must be true or false")
    sample = data.get("sample", [])
    if not isinstance(sample, list) or not all(
        isinstance(s, str) and s in _CARD_FIELDS for s in sample
    ):
        raise where.fail("sample", "must list field names whose values are sample values")
    return Card(
        id=card_id.strip(),
        name=name,
        type=card_type,
        cult=cult if isinstance(cult, str) else None,
        cost=_int(where, data, "cost") or 0,
        zeal_cost=_int(where, data, "zeal_cost"),
        combat=combat,
        zeal_combat=_int(where, data, "zeal_combat"),
        defense=defense,
        keywords=_keywords(where, data, "keywords"),
        zeal_keywords=_keywords(where, data, "zeal_keywords"),
        text=_str(where, data, "text"),
        zeal_text=_str(where, data, "zeal_text"),
        zeal_instead=zeal_instead,
        x_cost=x_cost,
        abilities=_abilities(where, data, "abilities"),
        zeal_abilities=_abilities(where, data, "zeal_abilities"),
        sample=tuple(sample),
    )


def cards_from_list(entries: Any, source: str) -> list[Card]:
    if not isinstance(entries, list):
        raise CatalogError(f"{source}: 'card' must be an array of tables ([[card]])")
    cards = [card_from_dict(entry, source, i + 1) for i, entry in enumerate(entries)]
    seen: set[str] = set()
    for card in cards:
        if card.id in seen:
            raise CatalogError(f"{source}: card {card.id!r}: field 'id': used by two cards")
        seen.add(card.id)
    return cards


def card_to_dict(card: Card) -> dict[str, Any]:
    """A card as catalog TOML data (the inverse of card_from_dict); defaults left out."""
    out: dict[str, Any] = {"id": card.id, "name": card.name, "type": card.type}
    plain: tuple[tuple[str, Any, Any], ...] = (
        ("cult", card.cult, None),
        ("cost", card.cost, 0),
        ("zeal_cost", card.zeal_cost, None),
        ("combat", card.combat, None),
        ("zeal_combat", card.zeal_combat, None),
        ("defense", card.defense, None),
        ("keywords", list(card.keywords), []),
        ("zeal_keywords", list(card.zeal_keywords), []),
        ("text", card.text, ""),
        ("zeal_text", card.zeal_text, ""),
        ("zeal_instead", card.zeal_instead, False),
        ("x_cost", card.x_cost, False),
        ("sample", list(card.sample), []),
    )
    for key, value, default in plain:
        if value != default:
            out[key] = value
    for key, abilities in (("abilities", card.abilities), ("zeal_abilities", card.zeal_abilities)):
        if abilities:
            out[key] = [_ability_to_dict(a) for a in abilities]
    return out


def _ability_to_dict(ability: Ability) -> dict[str, Any]:
    out: dict[str, Any] = {"trigger": ability.trigger}
    if ability.effects:
        out["effects"] = [
            {
                k: v
                for k, v in (
                    ("op", e.op),
                    ("amount", "X" if e.x else e.amount),
                    ("target", e.target),
                    ("scope", e.scope),
                    ("keyword", e.keyword),
                    ("text", e.text),
                )
                if v
            }
            for e in ability.effects
        ]
    if ability.optional:
        out["optional"] = True
    if ability.cost:
        out["cost"] = ability.cost
    if ability.cost_text:
        out["cost_text"] = ability.cost_text
    if ability.hand_cost:
        out["hand_cost"] = ability.hand_cost
    if ability.text:
        out["text"] = ability.text
    return out
