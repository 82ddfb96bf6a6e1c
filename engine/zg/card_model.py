"""Z-G cards as data: a zGear card is its two ends (three dots each: colour and blaze),
impulse, move, range, attack name and powerups; a character card is a name and a powerup
(rules: Basic Rules 3-6, Core Exceptions 1). Loading TOML is card_toml.py."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

# The rulebook names no dot colours beyond "blue" impulse numbers; this vocabulary is Altar's
# (README.md, "Readings"). A colour outside it is a catalog error, so a typo can't fail a match.
COLOURS = ("red", "orange", "yellow", "green", "blue", "purple", "black", "white")

# The blazes of Basic Rule 6. "" is a dot without a blaze.
BLAZES = (
    "",
    "armor",
    "double_armor",
    "armor_piercing",
    "double_armor_piercing",
    "weak_point",
    "explosive",
)
BLAZE_WORDS = {
    "": "no blaze",
    "armor": "armor",
    "double_armor": "double armor",
    "armor_piercing": "armor piercing",
    "double_armor_piercing": "double armor piercing",
    "weak_point": "weak point",
    "explosive": "explosive",
}
TYPES = ("zgear", "character")


class CatalogError(ValueError):
    """A card file that can't be read; the message names the file, the card and the field."""


@dataclass(frozen=True, slots=True)
class Dot:
    colour: str
    blaze: str = ""

    def words(self) -> str:
        return self.colour if not self.blaze else f"{self.colour} ({BLAZE_WORDS[self.blaze]})"


# Three dots, read left to right with that end at the top of the face-up card.
End = tuple[Dot, Dot, Dot]


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    type: str  # "zgear" or "character"
    figure: str = ""  # whose deck it belongs to ("Zero", "Phantom")
    part: str = ""  # the zGear part it stands for ("frontgear", "footgear", "ulster")
    ulster: bool = False  # Basic Rule 10: slag it and its owner is defeated
    colour: str = ""  # the part's colour, for Dash (Rules Options 6); "" when unknown
    impulse: int = 0
    move: int = 0
    range: int = 0  # 0 is hand-to-hand (Core Exceptions 2)
    attack: str = ""
    powerups: tuple[str, ...] = ()
    ends: tuple[End, ...] = ()  # two for zGear, none for a character card
    powerup_text: str = ""  # a character card's once-a-turn powerup (Core Exceptions 1)
    sample: bool = False  # values invented by Altar, not printed on a real card

    @property
    def is_zgear(self) -> bool:
        return self.type == "zgear"

    def end(self, which: int) -> End:
        return self.ends[which]


class Catalog:
    """A validated card list, by id."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self._cards: dict[str, Card] = {}
        for card in cards:
            if card.id in self._cards:
                raise CatalogError(f"two cards have the id {card.id!r}")
            self._cards[card.id] = card

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(self._cards.values())

    def get(self, card_id: str) -> Card:
        return self._cards[card_id]

    def find(self, card_id: str) -> Card | None:
        return self._cards.get(card_id)

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._cards

    def merged(self, extra: Iterable[Card]) -> Catalog:
        """This catalog with ``extra`` cards added or replacing same-id ones."""
        cards = dict(self._cards)
        for card in extra:
            cards[card.id] = card
        return Catalog(cards.values())

    def deck_of(self, figure: str) -> tuple[str, ...]:
        """Every zGear card id of ``figure``, in catalog order (a sample deck)."""
        return tuple(c.id for c in self._cards.values() if c.is_zgear and c.figure == figure)

    def figures(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c.figure for c in self._cards.values() if c.is_zgear))

    def character_of(self, figure: str) -> str | None:
        for c in self._cards.values():
            if c.type == "character" and c.figure == figure:
                return c.id
        return None
