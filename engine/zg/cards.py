"""Z-G's card catalog: load a TOML file (validated), or the shipped sample decks."""

from __future__ import annotations

from engine.core.catalog import card_tables, shipped_sample
from engine.zg.card_model import Card, Catalog, CatalogError
from engine.zg.card_toml import card_from_dict, card_to_dict, cards_from_list

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
    """A validated catalog; CatalogError names the source, the card and the field."""
    return Catalog(cards_from_list(card_tables(text, source, CatalogError), source))


# The shipped sample: a deck and a character card per figure (values marked sample) (data/sample.toml), read once.
sample_catalog = shipped_sample("engine.zg", load_catalog)
