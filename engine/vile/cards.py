"""The catalog loader and the shipped sample catalog (engine/vile/data/sample.toml)."""

from __future__ import annotations

from engine.core.catalog import card_tables, shipped_sample
from engine.vile.card_model import Catalog, CatalogError
from engine.vile.card_toml import cards_from_list


def load_catalog(text: str, source: str = "<catalog>") -> Catalog:
    """Parses and validates a catalog; CatalogError names the source, the card and the field."""
    tables = card_tables(text, source, CatalogError)
    try:
        return Catalog(cards_from_list(tables, source))
    except CatalogError as exc:
        text_ = str(exc)
        raise CatalogError(text_ if text_.startswith(source) else f"{source}: {text_}") from None


# The shipped samples: components, sabotage, spells and monsters for each of the gods (data/sample.toml), read once.
sample_catalog = shipped_sample("engine.vile", load_catalog)
