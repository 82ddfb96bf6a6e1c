"""Cards as data: the validated card catalog (TOML) and the shipped sample catalog.

Zeal's rulebook names about 35 of its 216 cards and lists none of them (rules/README.md), so
the catalog is data the players can extend (docs/catalog.md). Keywords and effects are a
closed vocabulary (engine/zeal/card_model.py) checked on load (engine/zeal/card_toml.py); text beyond it
becomes a prompt at the table.
"""

from __future__ import annotations

from engine.core.catalog import card_tables, shipped_sample
from engine.zeal.card_model import (
    CULTS,
    EFFECT_OPS,
    KEYWORDS,
    SCOPES,
    TARGET_KINDS,
    TRIGGERS,
    TYPES,
    Ability,
    Card,
    Catalog,
    CatalogError,
    Effect,
)
from engine.zeal.card_toml import card_from_dict, card_to_dict, cards_from_list

__all__ = [
    "CULTS",
    "EFFECT_OPS",
    "KEYWORDS",
    "SCOPES",
    "TARGET_KINDS",
    "TRIGGERS",
    "TYPES",
    "Ability",
    "Card",
    "Catalog",
    "CatalogError",
    "Effect",
    "card_from_dict",
    "card_to_dict",
    "cards_from_list",
    "load_catalog",
    "sample_catalog",
]


def load_catalog(text: str, source: str = "<catalog>") -> Catalog:
    """Parses and validates a catalog; CatalogError names the source, the card and the field."""
    return Catalog(cards_from_list(card_tables(text, source, CatalogError), source))


# The shipped sample: every card the Zeal rulebook names, plus base cards (data/sample.toml), read once.
sample_catalog = shipped_sample("engine.zeal", load_catalog)
