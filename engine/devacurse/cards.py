"""Cards as data: the validated catalog (TOML) and the shipped sample catalog."""

from __future__ import annotations

from engine.core.catalog import card_tables, shipped_sample
from engine.devacurse.card_model import Card, Catalog, CatalogError
from engine.devacurse.card_toml import card_from_dict, card_to_dict, cards_from_list

__all__ = [
    "Card",
    "Catalog",
    "CatalogError",
    "card_from_dict",
    "card_to_dict",
    "cards_from_list",
    "load_catalog",
    "sample_catalog",
]


def load_catalog(text: str, source: str = "<catalog>") -> Catalog:
    """Parses and validates a catalog; CatalogError names the source, the card and the field."""
    return Catalog(cards_from_list(card_tables(text, source, CatalogError), source))


# The shipped sample: the cards the text names, plus sample soldiers, heroes, events (data/sample.toml), read once.
sample_catalog = shipped_sample("engine.devacurse", load_catalog)
