"""Z-G's card catalog: load a TOML file (validated), or the shipped sample decks."""

from __future__ import annotations

import tomllib
from importlib import resources

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
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"{source}: not valid TOML: {exc}") from None
    for key in data:
        if key != "card":
            raise CatalogError(f"{source}: unknown key '{key}' (a catalog holds [[card]] tables)")
    return Catalog(cards_from_list(data.get("card", []), source))


_SAMPLE: Catalog | None = None


def sample_catalog() -> Catalog:
    """The shipped sample: a deck and a character card per figure (values marked sample)."""
    global _SAMPLE
    if _SAMPLE is None:
        text = resources.files("engine.zg.data").joinpath("sample.toml").read_text("utf-8")
        _SAMPLE = load_catalog(text, "engine/zg/data/sample.toml")
    return _SAMPLE
