"""The catalog loader and the shipped sample catalog (engine/vile/data/sample.toml)."""

from __future__ import annotations

import tomllib
from importlib import resources

from engine.vile.card_model import Catalog, CatalogError
from engine.vile.card_toml import cards_from_list


def load_catalog(text: str, source: str = "<catalog>") -> Catalog:
    """Parses and validates a catalog; CatalogError names the source, the card and the field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"{source}: not valid TOML: {exc}") from None
    unknown = set(data) - {"card"}
    if unknown:
        raise CatalogError(f"{source}: unknown key '{sorted(unknown)[0]}' (only [[card]] tables)")
    try:
        return Catalog(cards_from_list(data.get("card", []), source))
    except CatalogError as exc:
        text_ = str(exc)
        raise CatalogError(text_ if text_.startswith(source) else f"{source}: {text_}") from None


_SAMPLE: Catalog | None = None


def sample_catalog() -> Catalog:
    """The shipped samples: components, sabotage, spells and monsters for each of the gods."""
    global _SAMPLE
    if _SAMPLE is None:
        text = resources.files("engine.vile.data").joinpath("sample.toml").read_text("utf-8")
        _SAMPLE = load_catalog(text, "engine/vile/data/sample.toml")
    return _SAMPLE
