"""Card data: the vocabulary (keywords, triggers, targets, effect ops) and the records a
catalog holds. Loading and checking TOML is in engine/card_toml.py; engine/cards.py is the
public face."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

CULTS = ("Cognoid", "Lunari", "Magi", "Specter")
TYPES = ("character", "device", "spell", "base")

# Keywords are code, once each (engine/zeal/keywords.py); "immune:<what>" names what from.
KEYWORDS = frozenset(
    {
        "ambush",
        "assimilate",
        "execute",
        "fly",
        "hunt",
        "overpower",
        "invincible",
        "connect",
        "connect_control",  # Neurocontroller: gain control of the connected character
        "connect_reanimate",  # Reanimation Chamber: reanimate the character it connects to
        "unconnectable",  # Asterion Crusher: devices can't be connected to it
        "detain",  # Detainment Cell: its character can't be chosen to attack or block
        "rally",  # Ancient Obelisk: characters you control get +1 combat (targets no one)
        "spell_discount",  # Dirac Archmage: your spells cost 1 less, not below 0
        "cull_weak",  # Cnidarian Lord: at the start of each turn foes' 1-combat characters die
        "immune:spells",
        "immune:characters",
        "immune:devices",
        "immune:combat",
        "immune:all",
    }
)

# When an ability is played (rules: Playing Actions, Triggered Actions, Trigger Keywords).
TRIGGERS = frozenset(
    {
        "resolve",  # the card's own effect when it resolves (spells; characters/devices entering)
        "debut",  # Debut Spell: a triggered spell after the character enters play
        "dies",  # when this character dies
        "ally_dies",  # whenever a character you control dies
        "other_ally_dies",  # whenever another character you control dies
        "any_dies",  # whenever any character dies
        "end_of_turn",  # at the end of your turn
        "reconnect",  # Reconnect: an optional end-of-turn action
        "conquer",  # when this character defeats bases in combat
        "resolve_spell",  # when you resolve a spell
        "attacks",  # when this character attacks
        "blocks",  # when this character blocks
        "activated",  # an action with a cost, written "cost: effect"
    }
)

# What a target may be. "" means the effect has no target.
TARGET_KINDS = frozenset(
    {
        "",
        "character",
        "foe_character",
        "own_character",
        "device",
        "spell",
        "base",
        "foe_base",
        "own_base",
        "own_defeated_base",
        "discard_character",
        "character_or_base",
        "cheap_permanent",  # Andrenid Destroyer: cost at most the devices you control
    }
)

# The effect vocabulary (engine/zeal/effects.py) and the fields each op uses.
EFFECT_OPS: dict[str, frozenset[str]] = {
    "draw": frozenset({"amount"}),
    "gain_devotion": frozenset({"amount"}),
    "gain_max_devotion": frozenset({"amount"}),
    "develop": frozenset({"amount"}),
    "deal_damage": frozenset({"amount", "target", "scope"}),
    "kill": frozenset({"target", "scope"}),
    "destroy": frozenset({"target", "scope"}),  # scope "self": the device doing it
    "defeat_base": frozenset({"target"}),
    "restore_base": frozenset({"target"}),
    "sacrifice_base": frozenset({"target"}),
    "sacrifice_character": frozenset({"target", "amount"}),
    "reanimate": frozenset({"target"}),
    "reanimate_until_end_of_turn": frozenset({"target"}),
    "kill_or_destroy": frozenset({"target"}),
    "counter": frozenset({"target"}),
    "counter_kill_debut": frozenset({"target"}),
    "take_spell": frozenset({"target"}),
    "copy_spell": frozenset(),
    "transform": frozenset({"scope"}),
    "gain_control": frozenset({"target"}),
    "gain_control_until_next_turn": frozenset({"target"}),
    "return_to_hand": frozenset({"target"}),
    "combat_bonus": frozenset({"amount", "target", "scope"}),
    "grant_keyword": frozenset({"keyword", "target", "scope"}),
    "grant_dies_devotion": frozenset({"amount", "scope"}),
    "search_deck": frozenset({"text"}),
    "prompt": frozenset({"text"}),
}
SCOPES = frozenset({"", "all", "foes", "yours", "self"})


class CatalogError(ValueError):
    """A catalog entry that cannot be used; the message names the source, card and field."""


@dataclass(frozen=True, slots=True)
class Effect:
    """One step of a card's effect, from the vocabulary in EFFECT_OPS."""

    op: str
    amount: int = 0
    target: str = ""
    x: bool = False  # the amount is X, chosen when the card is played (Lightning Storm)
    scope: str = ""
    keyword: str = ""
    text: str = ""


# Where a card paid from the hand goes: "deck_bottom" (Conversion Cannon: "put a card from
# your hand on the bottom of its owner's deck") or "discard".
HAND_COSTS = ("deck_bottom", "discard")
# The same costs in a player's words, as a button or a card's text says them.
HAND_COST_WORDS = {
    "deck_bottom": "put a card from your hand on the bottom of its owner's deck",
    "discard": "discard a card from your hand",
}


@dataclass(frozen=True, slots=True)
class Ability:
    """A triggered, activated or resolution ability: when it happens and what it does."""

    trigger: str
    effects: tuple[Effect, ...] = ()
    optional: bool = False
    cost: int = 0  # devotion
    cost_text: str = ""  # a cost the players pay by hand as it is played (Conversion Cannon)
    # A card from its player's hand as a cost, which the engine pays (HAND_COSTS): where the
    # card goes. The hand's count changes as the action is played (issue 34).
    hand_cost: str = ""
    text: str = ""

    @property
    def targets(self) -> tuple[str, ...]:
        """The kinds of target this ability declares when played, in order."""
        return tuple(e.target for e in self.effects if e.target)


@dataclass(frozen=True, slots=True)
class Card:
    """A card's printed data. Zeal values are None when the card has no Zeal side."""

    id: str
    name: str
    type: str
    cult: str | None = None
    cost: int = 0
    zeal_cost: int | None = None
    combat: int | None = None
    zeal_combat: int | None = None
    defense: int | None = None
    keywords: tuple[str, ...] = ()
    zeal_keywords: tuple[str, ...] = ()
    text: str = ""
    zeal_text: str = ""
    zeal_instead: bool = False
    x_cost: bool = False  # costs X more, X chosen when played (Lightning Storm)
    abilities: tuple[Ability, ...] = ()
    zeal_abilities: tuple[Ability, ...] = ()
    sample: tuple[str, ...] = field(default=(), compare=False)

    @property
    def is_permanent(self) -> bool:
        return self.type in ("character", "device")

    def cost_with(self, zeal: bool) -> int:
        if zeal and self.zeal_cost is not None:
            return self.zeal_cost
        return self.cost

    def keywords_with(self, zeal: bool) -> tuple[str, ...]:
        if zeal and self.zeal_keywords:
            return tuple(dict.fromkeys(self.keywords + self.zeal_keywords))
        return self.keywords

    def abilities_with(self, zeal: bool) -> tuple[Ability, ...]:
        """Zeal text adds to the base text unless it says "instead" (The Cards: Zeal)."""
        if not zeal or not self.zeal_abilities:
            return self.abilities
        if self.zeal_instead:
            return self.zeal_abilities
        return self.abilities + self.zeal_abilities


class Catalog:
    """Cards by id, in catalog order."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self._cards: dict[str, Card] = {}
        for card in cards:
            self._cards[card.id] = card

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(self._cards.values())

    def get(self, card_id: str) -> Card:
        try:
            return self._cards[card_id]
        except KeyError:
            raise KeyError(f"no card with id {card_id!r} in the catalog") from None

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._cards

    def find_by_name(self, name: str) -> Card | None:
        wanted = name.strip().casefold()
        for card in self._cards.values():
            if card.name.casefold() == wanted:
                return card
        return None

    def merged(self, extra: Iterable[Card]) -> Catalog:
        """A catalog with ``extra`` cards added (replacing cards with the same id)."""
        return Catalog([*self._cards.values(), *extra])

    def of_cult(self, cult: str) -> tuple[Card, ...]:
        return tuple(c for c in self._cards.values() if c.cult == cult and c.type != "base")
