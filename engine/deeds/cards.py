"""Deeds Not Words cards as data: the card model and the validated catalog.

The rulebook ("Cards", "Card Types", "Abilities", the glossary) gives every card a type, a
deployment cost in four resources (``*`` paid with any), attack and defense, and abilities;
the glossary's keywords are a closed vocabulary the engine plays. Any other card text is
carried as words and becomes a prompt at the table, resolved with manual adjustments.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

# "Card Types": units, technology (four subtypes), resources, tactics.
TYPES = ("unit", "technology", "resource", "tactic")
SUBTYPES = ("equipment", "fortification", "upgrade", "vehicle")
# "Deployment Cost": Bio, Power, Supplies, Survivors; "*" is paid with any of them.
RESOURCES = ("bio", "power", "supplies", "survivors")
# "Permanent Abilities Glossary", every keyword, in the rulebook's order.
KEYWORDS = (
    "crippled",
    "defense_gain",
    "disguise",
    "equipment_assist",
    "first_strike",
    "generator",
    "hidden",
    "hunger",
    "leadership",
    "motivator",
    "mounting_aggression",
    "overrun",
    "pacifist",
    "rage",
    "rampage",
    "resurrect",
    "tech_savvy",
    "unblockable",
)
ABILITY_KINDS = ("activated", "conditional")


class CatalogError(ValueError):
    """A catalog that can't be read; the message names the source, the card and the field."""


def keyword_words(keyword: str) -> str:
    """ "first_strike" -> "First Strike", as the glossary prints it."""
    return " ".join(part.capitalize() for part in keyword.split("_"))


@dataclass(frozen=True, slots=True)
class Cost:
    """A deployment or activation cost: so many of each resource, and ``any`` paid with any."""

    bio: int = 0
    power: int = 0
    supplies: int = 0
    survivors: int = 0
    any: int = 0

    def of(self, resource: str) -> int:
        value: int = getattr(self, resource)
        return value

    @property
    def total(self) -> int:
        return self.bio + self.power + self.supplies + self.survivors + self.any

    def words(self) -> str:
        parts = [f"{self.of(r)} {r.capitalize()}" for r in RESOURCES if self.of(r)]
        if self.any:
            parts.append(f"{self.any} of any")
        return ", ".join(parts) or "nothing"


FREE = Cost()


@dataclass(frozen=True, slots=True)
class Ability:
    """An activated ability ("cost: effect"; ``utilize`` when its cost utilizes the card) or a
    conditional one ("when ...: effect"). Its effect is words the table resolves."""

    kind: str
    text: str
    cost: Cost = FREE
    utilize: bool = False


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    type: str
    subtype: str | None = None  # technology only
    faction: str = ""
    cost: Cost = FREE
    attack: int = 0
    defense: int = 0
    keywords: tuple[str, ...] = ()
    # A resource card: the resources it adds when deployed ("Resources").
    gives: Cost = FREE
    abilities: tuple[Ability, ...] = ()
    text: str = ""
    sample: tuple[str, ...] = ()  # the fields whose values are samples, not the rulebook's

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def is_unit(self) -> bool:
        return self.type == "unit"

    @property
    def is_technology(self) -> bool:
        return self.type == "technology"

    @property
    def stays(self) -> bool:
        """Units and technology stay on the battlefield; resources and tactics are one use."""
        return self.type in ("unit", "technology")


class Catalog:
    """A validated list of cards, by id."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self._cards: dict[str, Card] = {}
        for card in cards:
            if card.id in self._cards:
                raise CatalogError(f"card id {card.id!r} appears twice")
            self._cards[card.id] = card
        # The card with an id (KeyError if none) / or None: the dict's own lookups, with no
        # Python call between (the rules look cards up several times per card per action).
        self.get: Callable[[str], Card] = self._cards.__getitem__
        self.find: Callable[[str], Card | None] = self._cards.get
        # Every card id, in the catalog's order, made once (with hidden hands, the legal
        # actions offer every card after every command).
        self.ids: tuple[str, ...] = tuple(self._cards)
        # Each card's printed keywords as a set, made once (read for every card listed).
        self.keyword_sets: dict[str, frozenset[str]] = {
            card.id: frozenset(card.keywords) for card in self._cards.values()
        }
        # Each card's cost and what a resource card gives, in words, made once (a deploy's
        # log line reads them).
        self.cost_words: dict[str, str] = {c.id: c.cost.words() for c in self._cards.values()}
        self.gives_words: dict[str, str] = {c.id: c.gives.words() for c in self._cards.values()}
        # The ids of the cards that equip or carry a unit (equipment, vehicles): the legal
        # actions look for them among a player's cards after every command.
        self.gear: frozenset[str] = frozenset(
            c.id for c in self._cards.values() if c.subtype in ("equipment", "vehicle")
        )
        # The ids of the cards that fight (units, vehicles, fortifications: they block, and
        # are retired at 0 defense): the listing of blocks and every sweep ask it.
        self.fighting: frozenset[str] = frozenset(
            c.id
            for c in self._cards.values()
            if c.is_unit or c.subtype in ("fortification", "vehicle")
        )
        self._printing: dict[str, frozenset[str]] = {}
        # The ids of the cards that print an aura (Leadership, Motivator): most battlefields
        # have none, seen at once for every fighter.
        self.aura_cards = self.printing("leadership") | self.printing("motivator")

    def printing(self, keyword: str) -> frozenset[str]:
        """The ids of the cards that print ``keyword`` (to see at once, with
        ``isdisjoint``, that no card on the battlefield has it)."""
        found = self._printing.get(keyword)
        if found is None:
            found = frozenset(c.id for c in self._cards.values() if keyword in c.keywords)
            self._printing[keyword] = found
        return found

    @property
    def cards(self) -> Sequence[Card]:
        return tuple(self._cards.values())

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._cards

    def merged(self, extra: Iterable[Card]) -> Catalog:
        """This catalog with ``extra`` cards added or replacing cards with the same id."""
        cards = dict(self._cards)
        for card in extra:
            cards[card.id] = card
        return Catalog(cards.values())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Catalog) and self._cards == other._cards

    def __copy__(self) -> Catalog:
        return self  # immutable (and ``get`` is bound to its own dict): a copy is itself

    def __deepcopy__(self, memo: dict[int, object]) -> Catalog:
        return self

    __hash__ = None  # type: ignore[assignment]
