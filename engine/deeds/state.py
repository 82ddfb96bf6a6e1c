"""The state of a game of Deeds Not Words: immutable, frozen, slotted records (undo is a
reference swap, engine/core/game.py)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.deeds.cards import RESOURCES


class Phase(Enum):
    """Where a round is ("Gameplay": five phases; "Battle": its steps), plus the setup's
    mulligan. The Attack step (4.1) is the declaration itself; Battle Resolution (4.4) happens
    when the Tactics step ends."""

    MULLIGAN = "mulligan"
    REGROUP = "regroup"
    DRAW = "draw"
    DEPLOY = "deploy"
    DEFEND = "defend"
    TACTICS = "tactics"
    RETREAT = "retreat"

    @property
    def label(self) -> str:
        # by name: every log line reads it, and an Enum member's hash is a Python call
        return _LABELS[self._name_]


# Each phase as a plain module constant, for the rules to compare with: on Python 3.11 every
# ``Phase.X`` goes through EnumType.__getattr__'s slow lookup (several times slower than a
# global), and the rules compare phases many times per command.
MULLIGAN = Phase.MULLIGAN
REGROUP = Phase.REGROUP
DRAW = Phase.DRAW
DEPLOY = Phase.DEPLOY
DEFEND = Phase.DEFEND
TACTICS = Phase.TACTICS
RETREAT = Phase.RETREAT

_LABELS = {
    "MULLIGAN": "Setup (mulligan)",
    "REGROUP": "Regroup",
    "DRAW": "Draw",
    "DEPLOY": "Deploy",
    "DEFEND": "Battle: Defend",
    "TACTICS": "Battle: Tactics",
    "RETREAT": "Deploy and Retreat",
}


@dataclass(frozen=True, slots=True)
class Pool:
    """A player's resource pool ("Resources")."""

    bio: int = 0
    power: int = 0
    supplies: int = 0
    survivors: int = 0

    def of(self, resource: str) -> int:
        value: int = getattr(self, resource)
        return value

    def words(self) -> str:
        return ", ".join(f"{self.of(r)} {r.capitalize()}" for r in RESOURCES)


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    base: int  # base health ("Setup": 20 in a standard game)
    pool: Pool
    hand: tuple[str, ...]  # card ids; empty with hidden hands, where hand_size counts
    hand_size: int
    deck: tuple[str, ...]  # top first; empty with hidden hands
    deck_size: int
    graveyard: tuple[str, ...]  # public: every card that went there, oldest first
    decided: bool  # the setup's mulligan choice is made (kept or mulliganed)


@dataclass(frozen=True, slots=True)
class InPlay:
    """A unit or technology on the battlefield."""

    id: int
    card_id: str
    owner: int
    ready: bool
    deployed_round: int  # "Units may not attack or activate any ability on the round..."
    damage: int = 0
    tokens: int = 0  # Defense Gain / Mounting Aggression count them
    attack_mod: int = 0  # manual adjustments, on top of the card and its keywords
    defense_mod: int = 0
    attached_to: int | None = None  # equipment -> unit, upgrade -> technology, unit -> vehicle
    fed: bool = False  # Hunger: satisfied this round


# Looks at the battlefield that the rules take after every command, as plain loops: over a
# handful of cards, Python 3.11's attribute reads in a loop beat ``map(attrgetter(...))``.


def holds_any(cards: tuple[InPlay, ...], card_ids: frozenset[str]) -> bool:
    """Whether any of ``cards`` is one of ``card_ids`` (a catalog's set: the cards that print
    a keyword, the gear)."""
    for x in cards:  # noqa: SIM110 -- a plain loop, cheaper than any() over a generator
        if x.card_id in card_ids:
            return True
    return False


def nothing_attached(cards: tuple[InPlay, ...], to: int | None = None) -> bool:
    """Whether no card of ``cards`` is attached to card number ``to`` (to anything, if None)."""
    if to is None:
        for x in cards:  # noqa: SIM110 -- (as above)
            if x.attached_to is not None:
                return False
        return True
    for x in cards:  # noqa: SIM110 -- (as above)
        if x.attached_to == to:
            return False
    return True


@dataclass(frozen=True, slots=True)
class Battle:
    """The round's battle: who attacks, who blocks whom in which order, the Tactics step."""

    attackers: tuple[int, ...]
    blocks: tuple[tuple[int, int], ...] = ()  # (attacker, blocker), in blocking order
    priority: int = 0  # who may play in the Tactics step now
    passes: int = 0  # passes in a row in the Tactics step; two end it
    # The Tactics step is over and the attacker says where Overrun's damage left after
    # defeating blockers goes (Glossary: it "may be applied to defender's base"): Overrun.
    asking: bool = False

    def blockers_of(self, attacker: int) -> tuple[int, ...]:
        return tuple(b for a, b in self.blocks if a == attacker)


@dataclass(frozen=True, slots=True)
class Note:
    """Card text the vocabulary can't play: the table resolves it with adjustments."""

    id: int
    player: int
    text: str


@dataclass(frozen=True, slots=True)
class DeedsState:
    round: int  # rounds played, from 1 (0 during the mulligan)
    attacker: int  # whose round it is ("the role of attacker will transfer")
    phase: Phase
    players: tuple[Player, ...]
    cards: tuple[InPlay, ...]  # the battlefield, both players, in deployment order
    first_player: int
    rng: int
    next_id: int = 1
    battle: Battle | None = None
    attacked: bool = False  # "An attacker has the option to initiate battle once per round."
    notes: tuple[Note, ...] = ()

    @property
    def defender(self) -> int:
        return 1 - self.attacker

    def card(self, card_id: int) -> InPlay | None:
        for x in self.cards:
            if x.id == card_id:
                return x
        return None

    def attached(self, card_id: int) -> tuple[InPlay, ...]:
        return tuple([x for x in self.cards if x.attached_to == card_id])

    @property
    def losers(self) -> tuple[int, ...]:
        """ "Winning": a base reduced to 0 loses."""
        return tuple(i for i, p in enumerate(self.players) if p.base <= 0)

    @property
    def over(self) -> bool:
        # read before every action and listing: two seats ("Setup"), no generator
        first, second = self.players
        return first.base <= 0 or second.base <= 0
