"""Vile Incantations' cards as data: the card model and the validated catalog.

The rulebook names no cards (rules/vile-incantations.md); the shipped catalog is samples for the
four gods. Effects are a closed vocabulary (``EFFECT_OPS``) the engine applies; a card's text
beyond it becomes a prompt the table resolves with manual adjustments.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

GODS = ("ape", "phantom", "fungus", "kraken")  # Setup 1
TYPES = ("component", "sabotage", "spell", "monster")

# op -> (takes an amount, takes a target: "monster", "opponent_monster", "component" or "")
EFFECT_OPS: dict[str, tuple[bool, str]] = {
    "strength": (True, ""),  # the ongoing ritual's strength +/- amount (Strength)
    "energy": (True, ""),  # the card's controller gains (or loses) energy
    "draw": (True, ""),  # Draw
    "gather": (False, ""),  # Gather
    "recruit": (True, ""),  # Recruit, up to ten cultists
    "damage": (True, "monster"),  # Damage
    "destroy": (False, "monster"),  # Destroy
    "counters": (True, "monster"),  # +1/+1 counters
    "experience": (True, "monster"),  # experience counters
    "gain_control": (False, "opponent_monster"),  # Gain Control
    "negate": (False, "component"),  # Negate a component of the ongoing ritual
}
# Ops that only mean something during a ritual, and so only on components and sabotage.
RITUAL_OPS = frozenset({"strength", "negate"})


class CatalogError(ValueError):
    """A catalog that can't be used; the message names the source, the card and the field."""


@dataclass(frozen=True, slots=True)
class Effect:
    op: str
    amount: int = 0

    @property
    def target(self) -> str:
        return EFFECT_OPS[self.op][1]


@dataclass(frozen=True, slots=True)
class Ability:
    """A monster's activated ability: "cost: effect", or "once per turn: effect" (free)."""

    cost: int = 0
    once_per_turn: bool = False
    effects: tuple[Effect, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    god: str
    type: str
    cost: int = 0
    attack: int = 0  # monsters: Attack/Defense
    defense: int = 0
    energy: int = 0  # monsters: Energy Potential
    effects: tuple[Effect, ...] = ()
    abilities: tuple[Ability, ...] = ()
    text: str = ""  # what the vocabulary can't say: a prompt at the table
    sample: bool = False

    @property
    def targets(self) -> tuple[str, ...]:
        """The target kinds its effects take, in order (one target each)."""
        return tuple(e.target for e in self.effects if e.target)


class Catalog:
    """Every card by id, validated (engine/vile/card_toml.py)."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self._cards: dict[str, Card] = {}
        for card in cards:
            if card.id in self._cards:
                raise CatalogError(f"card {card.id}: the id is used twice")
            self._cards[card.id] = card

    @property
    def cards(self) -> Sequence[Card]:
        return tuple(self._cards.values())

    def get(self, card_id: str) -> Card:
        return self._cards[card_id]

    def find(self, card_id: str) -> Card | None:
        return self._cards.get(card_id)

    @property
    def by_id(self) -> Mapping[str, Card]:
        """Every card by id, read-only (typed so): for loops that look up many cards, where
        a method call each costs more than the lookup."""
        return self._cards

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._cards

    def merged(self, extra: Iterable[Card]) -> Catalog:
        """This catalog with ``extra`` cards added or replacing same-id ones."""
        cards = dict(self._cards)
        for card in extra:
            cards[card.id] = card
        return Catalog(cards.values())

    def of_god(self, god: str) -> tuple[Card, ...]:
        return tuple(c for c in self._cards.values() if c.god == god)
