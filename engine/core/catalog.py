"""What every game's card catalog offers generic code (the app's catalog and enrolment screens,
tag look-ups, the scenario reader). Each game has its own card model; these are the parts they
share."""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
