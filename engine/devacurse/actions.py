"""Devacurse actions: frozen dataclasses, each with the seat of the player who takes it.

Rule actions follow the text (rules/devacurse.md); entries (Bless, Draw) record what part 1
of the spiral did, which the text we have does not cover; manual adjustments (SetFaith ...
MarkResolved) are always legal: the physical table is the truth.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import (
    ActionCodec,
    action_to_dict,
    is_whole,
    is_whole_or_text,
    label_of,
    list_of,
    list_of_tuples,
)


@dataclass(frozen=True, slots=True)
class Bless:
    """Blessings the player's prayers generated (part 1, entered by the players)."""

    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Cards drawn from the Universe deck in part 1, entered by the players."""

    player: int
    count: int = 1


@dataclass(frozen=True, slots=True)
class Pass:
    """Done with my part of this subphase (prayers, III.A, III.B, VI)."""

    player: int


@dataclass(frozen=True, slots=True)
class CallSoldier:
    """III.A: pay the blessing cost, put the soldier in my soldier line."""

    player: int
    card_id: str
    from_prayer: bool = False  # from a prompt closed prayer in the temple zone, not the hand


@dataclass(frozen=True, slots=True)
class CallHero:
    """III.B: call a hero from the hand with Cenotaph cards, at level 1."""

    player: int
    card_id: str


@dataclass(frozen=True, slots=True)
class UpgradeHero:
    """III.B: a hero called in an earlier spiral goes to level 2."""

    player: int
    unit_id: int


@dataclass(frozen=True, slots=True)
class PlayEvent:
    """An event card: equipment on a unit, a location, an effect (flash "!" events too)."""

    player: int
    card_id: str
    target: int = 0  # a unit id for equipment, bolster and destroy effects; 0: none


@dataclass(frozen=True, slots=True)
class Attack:
    """IV.A soldiers or IV.B heroes committed to attack (depleted); none: no attack."""

    player: int
    attackers: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Block:
    """IV.A: (blocker, attacker) pairs, several blockers on one attacker allowed; the
    attacker's AT reaches them in the order listed until the attacking player sets another
    (DamageOrder)."""

    player: int
    blocks: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class HeroBlock:
    """IV.B: the defender's blockers (soldiers or heroes); the attacker then assigns."""

    player: int
    blockers: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class AssignHeroes:
    """IV.B: (attacking hero, blocker): one blocker per hero, two heroes may share one."""

    player: int
    assignment: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class DamageOrder:
    """IV.A (README, reading 5): the attacking player orders the blockers of one of their
    attacking soldiers: ``blockers`` lists every one of them, the first to take its AT first."""

    player: int
    attacker: int
    blockers: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Resolve:
    """The attacker resolves the combat declared (after any flash events)."""

    player: int


# --- manual adjustments --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetFaith:
    player: int
    faith: int


@dataclass(frozen=True, slots=True)
class SetBlessings:
    player: int
    blessings: int


@dataclass(frozen=True, slots=True)
class SetCount:
    """A counted zone: "hand", "deck" (the Universe deck) or "prayers" (closed prayers)."""

    player: int
    counter: str
    value: int


@dataclass(frozen=True, slots=True)
class SetUnit:
    player: int
    unit_id: int
    damage: int | None = None
    prompt: bool | None = None
    level: int | None = None


@dataclass(frozen=True, slots=True)
class MoveCard:
    """Moves a unit (by id) or a card (by card id) of ``player`` between zones."""

    player: int
    card: int | str
    to_zone: str  # hand, deck, cenotaph, black_hole, soldiers, heroes, locations, gone
    from_zone: str | None = None  # for a card id: where it is (None: from outside the game)


@dataclass(frozen=True, slots=True)
class SetLocation:
    """A location's time left; 0 sends it to the Cenotaph."""

    player: int
    card_id: str
    time: int


@dataclass(frozen=True, slots=True)
class SetOrder:
    player: int
    holder: int


@dataclass(frozen=True, slots=True)
class MarkResolved:
    player: int
    note: str


Action = (
    Bless
    | Draw
    | Pass
    | CallSoldier
    | CallHero
    | UpgradeHero
    | PlayEvent
    | Attack
    | Block
    | HeroBlock
    | AssignHeroes
    | DamageOrder
    | Resolve
    | SetFaith
    | SetBlessings
    | SetCount
    | SetUnit
    | MoveCard
    | SetLocation
    | SetOrder
    | MarkResolved
)

ADJUSTMENTS = (SetFaith, SetBlessings, SetCount, SetUnit, MoveCard, SetLocation, SetOrder)
ADJUSTMENTS_AND_NOTES = (*ADJUSTMENTS, MarkResolved)
ZONES = ("hand", "deck", "cenotaph", "black_hole", "soldiers", "heroes", "locations", "gone")
COUNTERS = ("hand", "deck", "prayers")

# The shared reader (engine/core/actions.py), with the words for Devacurse's own annotations.
CODEC: ActionCodec[Action] = ActionCodec(
    "Devacurse",
    (
        Bless,
        Draw,
        Pass,
        CallSoldier,
        CallHero,
        UpgradeHero,
        PlayEvent,
        Attack,
        Block,
        HeroBlock,
        AssignHeroes,
        DamageOrder,
        Resolve,
        *ADJUSTMENTS_AND_NOTES,
    ),
    {
        "int | str": (is_whole_or_text, "a unit number or a card id"),
        "tuple[int, ...]": list_of(is_whole, "a list of unit numbers"),
        "tuple[tuple[int, int], ...]": list_of_tuples(
            2, "a list of pairs of unit numbers like [[3, 1]]"
        ),
    },
)
_TYPES = CODEC.types
# Why an action's fields hold the wrong kind of value (a buggy client, a corrupt file).
type_problem = CODEC.type_problem
# "CallSoldier" -> "call soldier"
label = label_of


_ADJUSTMENT_TYPES = frozenset(ADJUSTMENTS_AND_NOTES)  # one set lookup: checked for every action


def is_adjustment(action: Action) -> bool:
    return type(action) in _ADJUSTMENT_TYPES


# The plain-data form every game shares (engine/core/actions.py), read back by this game's codec.
to_dict = action_to_dict
from_dict = CODEC.from_dict
