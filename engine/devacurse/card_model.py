"""Devacurse card data: the vocabulary the rules text gives (rules/devacurse.md) and the
catalog that holds validated cards. Reading TOML is engine/devacurse/card_toml.py."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

TYPES = ("soldier", "hero", "event")
# III.A: location events stay in the temple zone for their time; equipment goes on a soldier
# or hero; other events ("incantations") act once and go to the Cenotaph.
EVENT_KINDS = ("equipment", "location", "effect")
# What an effect event does, as far as the text names it; "text" is resolved by the players
# (a prompt, then manual adjustments).
EFFECTS = ("text", "destroy_soldier", "bolster")
# IV.A names Pierce; other skills are card text the players resolve.
KEYWORDS = frozenset({"pierce"})


class CatalogError(ValueError):
    """A catalog entry that cannot be used; the message names the source, card and field."""


@dataclass(frozen=True, slots=True)
class Card:
    """A card's printed data. Blessing costs and stats of the sample cards are sample values
    (the text gives none)."""

    id: str
    name: str
    type: str  # soldier, hero, event
    cost: int = 0  # blessings to call (soldiers, heroes) or play (events)
    at: int = 0  # attack strength (soldiers, heroes at level 1)
    df: int = 0  # defense (soldiers)
    ap: int = 0  # Avatar points at level 1 (heroes)
    at2: int = 0  # heroes at level 2
    ap2: int = 0
    upgrade_cost: int = 0  # blessings to upgrade a hero to level 2 (part 1 rules it: sample)
    cenotaph_cost: int = 0  # Cenotaph cards a hero's calling takes (part 1 rules it: sample)
    event: str = ""  # equipment, location, effect (events)
    flash: bool = False  # a "!" event: the opponent may play it in the other's subphase
    effect: str = "text"  # what an effect event does
    at_bonus: int = 0  # equipment (while attached) and bolster (until the end of the turn)
    df_bonus: int = 0
    ap_bonus: int = 0
    time: int = 0  # a location's time count
    keywords: tuple[str, ...] = ()  # skills (a unit's own, or what equipment gives)
    text: str = ""
    sample: bool = False  # values invented for the sample catalog, not printed ones

    @property
    def is_soldier(self) -> bool:
        return self.type == "soldier"

    @property
    def is_hero(self) -> bool:
        return self.type == "hero"

    @property
    def is_event(self) -> bool:
        return self.type == "event"


class Catalog:
    """Cards by id, in catalog order."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self._cards: dict[str, Card] = {}
        for card in cards:
            self._cards[card.id] = card
        self._of_type: dict[str, tuple[Card, ...]] = {}  # of_type's answers, made once
        self._cheapest: dict[str, int | None] = {}  # cheapest's answers, made once

    def of_type(self, kind: str) -> tuple[Card, ...]:
        """The cards of type ``kind`` (soldier, hero, event), in catalog order."""
        found = self._of_type.get(kind)
        if found is None:
            found = self._of_type[kind] = tuple(c for c in self._cards.values() if c.type == kind)
        return found

    def cheapest(self, kind: str) -> int | None:
        """The lowest blessing cost among the cards of type ``kind`` (None: there are none):
        a player with fewer blessings can play none of them, whatever the hand holds."""
        if kind not in self._cheapest:
            self._cheapest[kind] = min((c.cost for c in self.of_type(kind)), default=None)
        return self._cheapest[kind]

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(self._cards.values())

    def get(self, card_id: str) -> Card:
        try:
            return self._cards[card_id]
        except KeyError:
            raise KeyError(f"no card with id {card_id!r} in the catalog") from None

    def find(self, card_id: str) -> Card | None:
        return self._cards.get(card_id)

    @property
    def by_id(self) -> Mapping[str, Card]:
        """Cards by id, read-only (typed so): for loops that look up many cards, where a
        method call each costs more than the lookup."""
        return self._cards

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._cards

    def merged(self, extra: Iterable[Card]) -> Catalog:
        """A catalog with ``extra`` cards added (replacing cards with the same id)."""
        return Catalog([*self._cards.values(), *extra])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Catalog) and self.cards == other.cards

    __hash__ = None  # type: ignore[assignment]
