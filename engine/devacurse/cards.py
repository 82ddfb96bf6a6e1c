"""Cards as data: the validated catalog (TOML) and the shipped sample catalog."""

from __future__ import annotations

from importlib import resources

from engine.core.catalog import card_tables
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


_SAMPLE: Catalog | None = None


def sample_catalog() -> Catalog:
    """The shipped sample: the cards the text names, plus sample soldiers, heroes, events."""
    global _SAMPLE
    if _SAMPLE is None:
        text = resources.files("engine.devacurse.data").joinpath("sample.toml").read_text("utf-8")
        _SAMPLE = load_catalog(text, "engine/devacurse/data/sample.toml")
    return _SAMPLE
