"""Z-G's card catalog: load a TOML file (validated), or the shipped sample decks."""

from __future__ import annotations

from importlib import resources

from engine.core.catalog import card_tables
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


_SAMPLE: Catalog | None = None


def sample_catalog() -> Catalog:
    """The shipped sample: a deck and a character card per figure (values marked sample)."""
    global _SAMPLE
    if _SAMPLE is None:
        text = resources.files("engine.zg.data").joinpath("sample.toml").read_text("utf-8")
        _SAMPLE = load_catalog(text, "engine/zg/data/sample.toml")
    return _SAMPLE
