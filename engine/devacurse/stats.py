"""A unit's numbers as the cards make them: printed stats, level, equipment, bolsters."""

from __future__ import annotations

from engine.devacurse.card_model import Card, Catalog
from engine.devacurse.state import Unit


def _equipment(catalog: Catalog, unit: Unit) -> list[Card]:
    if not unit.equipment:  # most units: asked for at every combat's forecast
        return []
    return [catalog.get(c) for c in unit.equipment if c in catalog]


def attack(catalog: Catalog, unit: Unit) -> int:
    card = catalog.get(unit.card_id)
    base = card.at2 if unit.hero and unit.level == 2 else card.at
    total = base + unit.bolster_at + sum(e.at_bonus for e in _equipment(catalog, unit))
    return max(total, 0)


def toughness(catalog: Catalog, unit: Unit) -> int:
    """A soldier's DF, a hero's maximum AP (IV.A), with equipment and bolsters."""
    card = catalog.get(unit.card_id)
    if unit.hero:
        base = card.ap2 if unit.level == 2 else card.ap
        bonus = sum(e.ap_bonus for e in _equipment(catalog, unit))
    else:
        base = card.df
        bonus = sum(e.df_bonus for e in _equipment(catalog, unit))
    return max(base + bonus + unit.bolster_df, 1)


def remaining(catalog: Catalog, unit: Unit) -> int:
    """What the unit can still take before it dies: DF or AP minus damage."""
    return max(toughness(catalog, unit) - unit.damage, 0)


def has_skill(catalog: Catalog, unit: Unit, skill: str) -> bool:
    if skill in catalog.get(unit.card_id).keywords:
        return True
    return any(skill in e.keywords for e in _equipment(catalog, unit))


def name(catalog: Catalog, unit: Unit) -> str:
    card = catalog.find(unit.card_id)
    return card.name if card is not None else unit.card_id
