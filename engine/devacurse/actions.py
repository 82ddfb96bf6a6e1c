"""Devacurse actions: frozen dataclasses, each with the seat of the player who takes it.

Rule actions follow the text (rules/devacurse.md); entries (Bless, Draw) record what part 1
of the spiral did, which the text we have does not cover; manual adjustments (SetFaith ...
MarkResolved) are always legal: the physical table is the truth.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.actions import action_to_dict
from engine.core.words import plain
from engine.errors import MalformedAction


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

_TYPES: dict[str, type[Any]] = {
    cls.__name__: cls
    for cls in (
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
    )
}


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _ints(v: object) -> bool:
    return isinstance(v, tuple) and all(_is_int(x) for x in v)


def _pairs(v: object) -> bool:
    return isinstance(v, tuple) and all(
        isinstance(p, tuple) and len(p) == 2 and all(_is_int(x) for x in p) for p in v
    )


_ACCEPTS: dict[str, tuple[Callable[[object], bool], str]] = {
    "int": (_is_int, "a whole number"),
    "int | None": (lambda v: v is None or _is_int(v), "a whole number or nothing"),
    "str": (lambda v: isinstance(v, str), "text"),
    "str | None": (lambda v: v is None or isinstance(v, str), "text or nothing"),
    "bool": (lambda v: isinstance(v, bool), "true or false"),
    "bool | None": (lambda v: v is None or isinstance(v, bool), "true, false or nothing"),
    "int | str": (lambda v: _is_int(v) or isinstance(v, str), "a unit number or a card id"),
    "tuple[int, ...]": (_ints, "a list of unit numbers"),
    "tuple[tuple[int, int], ...]": (_pairs, "a list of pairs of unit numbers like [[3, 1]]"),
}

_FIELD_CHECKS: dict[type[Any], tuple[tuple[str, Callable[[object], bool], str], ...]] = {
    cls: tuple((f.name, *_ACCEPTS[str(f.type)]) for f in dataclasses.fields(cls))
    for cls in _TYPES.values()
}


def label(cls_name: str) -> str:
    """ "CallSoldier" -> "call soldier"."""
    return "".join(f" {c.lower()}" if c.isupper() else c for c in cls_name).strip()


def type_problem(action: object) -> str | None:
    """Why an action's fields hold the wrong kind of value (a buggy client, a corrupt file)."""
    checks = _FIELD_CHECKS.get(type(action))
    if checks is None:
        return "that is not an action of Devacurse"
    for field_name, accepts, words in checks:
        value = getattr(action, field_name)
        if not accepts(value):
            field = field_name.replace("_", " ")
            return f"{label(type(action).__name__)}: {field} must be {words}, not {plain(value)}"
    return None


def is_adjustment(action: Action) -> bool:
    return isinstance(action, ADJUSTMENTS_AND_NOTES)


# The plain-data form every game shares (engine/core/actions.py); from_dict is this game's.
to_dict = action_to_dict


def from_dict(data: Any) -> Action:
    """The inverse of to_dict; MalformedAction in players' words for anything malformed."""
    if not isinstance(data, dict):
        raise MalformedAction(f"an action must be a table, not {plain(data)}")
    kind = data.get("type")
    cls = _TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise MalformedAction(f"unknown action type {plain(kind)} (known: {', '.join(_TYPES)})")
    names = {f.name for f in dataclasses.fields(cls)}
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        if key == "type":
            continue
        if key not in names:
            raise MalformedAction(
                f"{kind} has no field {plain(key)} (it has: {', '.join(sorted(names))})"
            )
        if isinstance(value, list):
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        kwargs[key] = value
    required = [f.name for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING]
    missing = [name for name in required if name not in kwargs]
    if missing:
        raise MalformedAction(f"{kind} needs {', '.join(missing)}")
    action: Action = cls(**kwargs)
    problem = type_problem(action)
    if problem is not None:
        raise MalformedAction(problem)
    return action
