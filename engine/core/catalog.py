"""What every game's card catalog offers generic code (the app's catalog and enrolment screens,
tag look-ups, the scenario reader). Each game has its own card model; these are the parts they
share."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Sequence
from importlib import resources
from typing import Any, Protocol, TypeVar


class CardInfo(Protocol):
    """A card as generic code sees it: an id (what tags and logs name) and a printed name."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


class CardCatalog(Protocol):
    """A game's validated card list."""

    @property
    def cards(self) -> Sequence[CardInfo]: ...

    def get(self, card_id: str) -> CardInfo:
        """The card; KeyError when the catalog has no such id."""
        ...

    def __contains__(self, card_id: object) -> bool: ...


def find_by_name(catalog: CardCatalog, name: str) -> CardInfo | None:
    """The card printed with ``name`` (case and spaces forgiven), or None: a card typed or
    spoken at the table, in any game."""
    wanted = " ".join(name.split()).casefold()
    for card in catalog.cards:
        if card.name.casefold() == wanted:
            return card
    return None


Card = TypeVar("Card", bound=CardInfo)


def with_inline_cards(
    out: dict[str, Any],
    cards: Sequence[Card],
    sample: CardCatalog,
    to_dict: Callable[[Card], dict[str, Any]],
) -> dict[str, Any]:
    """A save file's data ``out`` with the cards it needs that the sample catalog does not hold
    as they are (new, or changed), under "card" (docs/scenarios.md): the file plays anywhere."""
    extra = [to_dict(c) for c in cards if c.id not in sample or sample.get(c.id) != c]
    if extra:
        out["card"] = extra
    return out


def card_tables(text: str, source: str, error: Callable[[str], Exception]) -> Any:
    """The ``[[card]]`` tables of a catalog's TOML text, as TOML read them (each game's
    ``cards_from_list`` checks them); ``error`` (the game's CatalogError), naming ``source``,
    for text that is not TOML or holds anything but cards (a typo such as ``[[cards]]`` would
    otherwise load as an empty catalog)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{source}: not valid TOML: {exc}") from None
    unknown = sorted(set(data) - {"card"})
    if unknown:
        raise error(f"{source}: unknown key {unknown[0]!r} (a catalog holds [[card]] tables)")
    return data.get("card", [])


Loaded = TypeVar("Loaded")


def shipped_sample(package: str, load: Callable[[str, str], Loaded]) -> Callable[[], Loaded]:
    """A game's ``sample_catalog``: ``package``'s data/sample.toml, read with the game's own
    ``load_catalog`` the first time it is asked for and kept from then on."""
    kept: list[Loaded] = []

    def sample_catalog() -> Loaded:
        if not kept:
            text = resources.files(package).joinpath("data/sample.toml").read_text("utf-8")
            kept.append(load(text, package.replace(".", "/") + "/data/sample.toml"))
        return kept[0]

    return sample_catalog
