"""Deeds Not Words actions: frozen records, each with the seat of the player who takes it.

Game actions follow the rules; manual adjustments (SetBase ... Resolve) are always legal,
because the physical table is the truth. ``to_dict``/``from_dict`` give the command log's
TOML/JSON form (None fields are left out: TOML has no null).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.actions import (
    ActionCodec,
    FieldCheck,
    action_to_dict,
    is_text,
    is_whole,
    is_whole_or_text,
    label_of,
)

Target = int | str  # an int names a card on the battlefield; text a card id in a graveyard


@dataclass(frozen=True, slots=True)
class KeepHand:
    """Setup: keep the opening hand."""

    player: int


@dataclass(frozen=True, slots=True)
class Mulligan:
    """Setup: shuffle ``count`` cards back and draw as many (once). With open hands
    ``cards`` names them."""

    player: int
    count: int
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Regroup:
    """Regroup: ready your cards, add two different resources, heal every unit."""

    player: int
    first: str
    second: str


@dataclass(frozen=True, slots=True)
class Draw:
    player: int


@dataclass(frozen=True, slots=True)
class Deploy:
    """Deploy a card from your hand, paying its cost. ``pay`` lists the resources that pay its
    ``*`` part (empty: the engine picks); ``targets`` as its text needs."""

    player: int
    card_id: str
    targets: tuple[Target, ...] = ()
    pay: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Equip:
    """Equip technology ``card`` to ``target`` (equipment to a unit, a unit into a vehicle)."""

    player: int
    card: int
    target: int


@dataclass(frozen=True, slots=True)
class Unequip:
    """Separate equipment, or a unit aboard a vehicle, from what it is on."""

    player: int
    card: int


@dataclass(frozen=True, slots=True)
class Attack:
    """Battle 4.1: the attacker assigns attackers (they are utilized)."""

    player: int
    attackers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Block:
    """Battle 4.2: (attacker, blocker) pairs; for each attacker, in blocking order."""

    player: int
    blocks: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Activate:
    """Use an activated ability of one of your cards (Tactics step)."""

    player: int
    card: int
    ability: int = 0
    targets: tuple[Target, ...] = ()
    pay: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Pass:
    """Tactics step: play nothing more for now (two passes in a row end the step)."""

    player: int


@dataclass(frozen=True, slots=True)
class Overrun:
    """Overrun (Glossary: "Any damage left after defeating blockers may be applied to
    defender's base"): once the Tactics step is over, the attacker names the attacking cards
    whose damage left goes to the defender's base; the others' does not."""

    player: int
    to_base: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Sacrifice:
    """Hunger: sacrifice a friendly unit to a hungry card."""

    player: int
    unit: int
    to: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Hand limit: discard a card at the end of your round. With hidden hands ``card_id`` may
    be "" (a card discarded without scanning it: the hand shrinks, no graveyard card is known)."""

    player: int
    card_id: str


@dataclass(frozen=True, slots=True)
class EndPhase:
    """Deploy: go on without a battle; Deploy and Retreat: end the round."""

    player: int


# --- manual adjustments: always legal, logged, undoable --------------------------------------


@dataclass(frozen=True, slots=True)
class SetBase:
    player: int
    value: int


@dataclass(frozen=True, slots=True)
class SetResource:
    player: int
    resource: str
    value: int


@dataclass(frozen=True, slots=True)
class SetCard:
    """Set a card's counters as the table shows them (None: leave as it is). ``attack`` and
    ``defense`` are the values it shows now, keywords and equipment included."""

    player: int
    card: int
    attack: int | None = None
    defense: int | None = None
    damage: int | None = None
    tokens: int | None = None
    ready: bool | None = None


@dataclass(frozen=True, slots=True)
class SetCounts:
    """Set the number of cards in a player's hand and deck (hidden hands)."""

    player: int
    hand_size: int | None = None
    deck_size: int | None = None


@dataclass(frozen=True, slots=True)
class Retire:
    """Put a card on the battlefield into its owner's graveyard (card text did it)."""

    player: int
    card: int


@dataclass(frozen=True, slots=True)
class Resolve:
    """Card text the table has carried out: its prompt goes away."""

    player: int
    note: int


Action = (
    KeepHand
    | Mulligan
    | Regroup
    | Draw
    | Deploy
    | Equip
    | Unequip
    | Attack
    | Block
    | Activate
    | Pass
    | Overrun
    | Sacrifice
    | Discard
    | EndPhase
    | SetBase
    | SetResource
    | SetCard
    | SetCounts
    | Retire
    | Resolve
)
ADJUSTMENTS = (SetBase, SetResource, SetCard, SetCounts, Retire, Resolve)


def _list_of(accepts: Callable[[object], bool], sure: set[type], words: str) -> FieldCheck:
    """The check of ``tuple[X, ...]`` (engine.core.actions.list_of) as a plain loop, with
    items of exactly the types in ``sure`` passed at once: every command is checked, and
    most of these tuples are empty or hold a card number or two."""
    exact = frozenset(sure)

    def check(value: object) -> bool:
        if not isinstance(value, tuple):
            return False
        for item in value:  # noqa: SIM110 -- a plain loop: no generator per command
            if type(item) not in exact and not accepts(item):
                return False
        return True

    return check, words


def _is_pair(entry: object) -> bool:
    """(attacker, blocker): two card numbers."""
    return (
        isinstance(entry, tuple) and len(entry) == 2 and is_whole(entry[0]) and is_whole(entry[1])
    )


# The shared reader (engine/core/actions.py), with the words for Deeds' own annotations.
CODEC: ActionCodec[Action] = ActionCodec(
    "Deeds Not Words",
    (
        KeepHand,
        Mulligan,
        Regroup,
        Draw,
        Deploy,
        Equip,
        Unequip,
        Attack,
        Block,
        Activate,
        Pass,
        Overrun,
        Sacrifice,
        Discard,
        EndPhase,
        *ADJUSTMENTS,
    ),
    {
        "tuple[str, ...]": _list_of(is_text, {str}, "a list of words"),
        "tuple[int, ...]": _list_of(is_whole, {int}, "a list of card numbers"),
        "tuple[Target, ...]": _list_of(
            is_whole_or_text, {int, str}, "a list of card numbers or card ids"
        ),
        "tuple[tuple[int, int], ...]": _list_of(
            _is_pair, set(), "a list of pairs of card numbers like [[3, 1]]"
        ),
    },
)
TYPES = CODEC.types
# Why an action's fields hold the wrong kind of value (a buggy client, a corrupt file).
type_problem = CODEC.type_problem


def is_adjustment(action: object) -> bool:
    return isinstance(action, ADJUSTMENTS)


def label(action: object) -> str:
    """ "SetBase" -> "set base": an action's name as words."""
    return label_of(type(action).__name__)


# The plain-data form every game shares (engine/core/actions.py), read back by this game's codec.
to_dict = action_to_dict
from_dict = CODEC.from_dict
