"""Cards as data: the validated catalog (TOML) and the shipped sample catalog."""

from __future__ import annotations

import tomllib
from importlib import resources

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
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"{source}: not valid TOML: {exc}") from None
    unknown = [k for k in data if k != "card"]
    if unknown:
        raise CatalogError(f"{source}: unknown key {unknown[0]!r} (a catalog lists [[card]])")
    return Catalog(cards_from_list(data.get("card", []), source))


_SAMPLE: Catalog | None = None


def sample_catalog() -> Catalog:
    """The shipped sample: the cards the text names, plus sample soldiers, heroes, events."""
    global _SAMPLE
    if _SAMPLE is None:
        text = resources.files("engine.devacurse.data").joinpath("sample.toml").read_text("utf-8")
        _SAMPLE = load_catalog(text, "engine/devacurse/data/sample.toml")
    return _SAMPLE
