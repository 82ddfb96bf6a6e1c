"""Zeal's actions: frozen dataclasses, each with the seat of the player who takes it.

Game actions follow the rules; manual adjustments (SetDevotion ... MarkResolved) are always
legal, because the physical table is the truth and the players must be able to correct us.
``to_dict``/``from_dict`` give the command log's TOML/JSON form (None fields are left out,
since TOML has no null).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.actions import action_to_dict
from engine.core.words import plain
from engine.errors import MalformedAction

Target = int | str


@dataclass(frozen=True, slots=True)
class KeepHand:
    player: int


@dataclass(frozen=True, slots=True)
class Mulligan:
    player: int


@dataclass(frozen=True, slots=True)
class Develop:
    player: int
    choice: str  # "draw" or "devotion"


@dataclass(frozen=True, slots=True)
class Pass:
    player: int


@dataclass(frozen=True, slots=True)
class PlayCard:
    player: int
    card_id: str
    targets: tuple[Target, ...] = ()
    zeal: bool | None = None  # None: the engine decides from the table
    x: int = 0  # for cards that cost X (Lightning Storm)


@dataclass(frozen=True, slots=True)
class PlayTrigger:
    """Play one of your pending triggered actions (you choose the order of your own)."""

    player: int
    trigger_id: int
    targets: tuple[Target, ...] = ()


@dataclass(frozen=True, slots=True)
class DeclineTrigger:
    """Pass an optional triggered action ("you may", a cost, Reconnect)."""

    player: int
    trigger_id: int


@dataclass(frozen=True, slots=True)
class Activate:
    """Play an action on a card in play that has a cost ("cost: effect")."""

    player: int
    permanent_id: int
    targets: tuple[Target, ...] = ()
    ability: int = 0  # which of the card's activated abilities, in card order


@dataclass(frozen=True, slots=True)
class DeclareAttackers:
    player: int
    attackers: tuple[tuple[int, int], ...] = ()  # (permanent id, defender seat)
    hunts: tuple[tuple[int, int], ...] = ()  # (hunter id, chosen blocker id); rest: engine


@dataclass(frozen=True, slots=True)
class DeclareBlockers:
    player: int
    blocks: tuple[tuple[int, int], ...] = ()  # (blocker id, attacker id)


@dataclass(frozen=True, slots=True)
class DeclareFlankers:
    player: int
    flanks: tuple[tuple[int, int], ...] = ()  # (flanker id, blocker id)


@dataclass(frozen=True, slots=True)
class AssignDamage:
    """The attacking player's combat damage choices; anything left out the engine decides.

    ``blockers``: (attacker, blocker) for an attacker blocked by two: which one it damages.
    ``bases``: (attacker, base owner, base index) in the order attackers hit bases; further
    entries for the same attacker say where its excess damage goes (engine/zeal/base_damage.py).
    """

    player: int
    blockers: tuple[tuple[int, int], ...] = ()
    bases: tuple[tuple[int, int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class SetDevotion:
    player: int
    current: int | None = None
    maximum: int | None = None


@dataclass(frozen=True, slots=True)
class SetBase:
    player: int
    base_index: int  # 0..5 = defense 1..6, among the bases this player owns
    damage: int | None = None
    face_up: bool | None = None


@dataclass(frozen=True, slots=True)
class SetDamage:
    player: int
    permanent_id: int
    damage: int


@dataclass(frozen=True, slots=True)
class MoveCard:
    player: int
    card: int | str  # a permanent id, or a card id
    to_zone: str  # "hand", "play", "discard", "deck"
    from_zone: str | None = None  # None: wherever the engine finds it
    enters: bool = False  # to play: it enters play now, with its triggers (God Matrix)


@dataclass(frozen=True, slots=True)
class ChangeControl:
    player: int
    permanent_id: int
    new_controller: int


@dataclass(frozen=True, slots=True)
class MarkResolved:
    player: int
    note: str


Action = (
    KeepHand
    | Mulligan
    | Develop
    | Pass
    | PlayCard
    | PlayTrigger
    | DeclineTrigger
    | Activate
    | DeclareAttackers
    | DeclareBlockers
    | DeclareFlankers
    | AssignDamage
    | SetDevotion
    | SetBase
    | SetDamage
    | MoveCard
    | ChangeControl
    | MarkResolved
)

ADJUSTMENTS = (SetDevotion, SetBase, SetDamage, MoveCard, ChangeControl, MarkResolved)

_TYPES: dict[str, type[Any]] = {
    cls.__name__: cls
    for cls in (
        KeepHand,
        Mulligan,
        Develop,
        Pass,
        PlayCard,
        PlayTrigger,
        DeclineTrigger,
        Activate,
        DeclareAttackers,
        DeclareBlockers,
        DeclareFlankers,
        AssignDamage,
        *ADJUSTMENTS,
    )
}
_PAIR_FIELDS = frozenset({"attackers", "hunts", "blocks", "flanks", "blockers", "bases"})


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _pairs_of(n: int) -> Callable[[object], bool]:
    def check(v: object) -> bool:
        return isinstance(v, tuple) and all(
            isinstance(p, tuple) and len(p) == n and all(_is_int(x) for x in p) for p in v
        )

    return check


# What each annotated field type accepts (the annotations are strings: `from __future__`).
_ACCEPTS: dict[str, tuple[Callable[[object], bool], str]] = {
    "int": (_is_int, "a whole number"),
    "int | None": (lambda v: v is None or _is_int(v), "a whole number or nothing"),
    "str": (lambda v: isinstance(v, str), "text"),
    "str | None": (lambda v: v is None or isinstance(v, str), "text or nothing"),
    "bool": (lambda v: isinstance(v, bool), "true or false"),
    "bool | None": (lambda v: v is None or isinstance(v, bool), "true, false or nothing"),
    "int | str": (lambda v: _is_int(v) or isinstance(v, str), "a card id or a permanent id"),
    "tuple[Target, ...]": (
        lambda v: isinstance(v, tuple) and all(_is_int(t) or isinstance(t, str) for t in v),
        "a list of ids or references",
    ),
    "tuple[tuple[int, int], ...]": (_pairs_of(2), "a list of pairs of numbers"),
    "tuple[tuple[int, int, int], ...]": (_pairs_of(3), "a list of triples of numbers"),
}


# Per action class: (field name, accepts, words), worked out once from the annotations.
_FIELD_CHECKS: dict[type[Any], tuple[tuple[str, Callable[[object], bool], str], ...]] = {
    cls: tuple((f.name, *_ACCEPTS[str(f.type)]) for f in dataclasses.fields(cls))
    for cls in _TYPES.values()
}


def type_problem(action: object) -> str | None:
    """Why an action's fields have the wrong kind of value (a buggy client, a corrupt file)."""
    checks = _FIELD_CHECKS.get(type(action))
    if checks is None:
        return f"{type(action).__name__} is not an action of Zeal"
    for field_name, accepts, words in checks:
        value = getattr(action, field_name)
        if not accepts(value):
            field = field_name.replace("_", " ")
            return f"{_label(type(action).__name__)}: {field} must be {words}, not {plain(value)}"
    return None


def _label(cls_name: str) -> str:
    """ "DeclareAttackers" -> "declare attackers": an action's name as words."""
    return "".join(f" {c.lower()}" if c.isupper() else c for c in cls_name).strip()


def is_adjustment(action: Action) -> bool:
    return isinstance(action, ADJUSTMENTS)


# The plain-data form every game shares (engine/core/actions.py); from_dict is this game's.
to_dict = action_to_dict


def from_dict(data: dict[str, Any]) -> Action:
    """The inverse of to_dict; MalformedAction in players' words for anything malformed."""
    if not isinstance(data, dict):
        raise MalformedAction(f"an action must be a table, not {plain(data)}")
    kind = data.get("type")
    cls = _TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise MalformedAction(f"unknown action type {plain(kind)} (known: {', '.join(_TYPES)})")
    fields = {f.name for f in dataclasses.fields(cls)}
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        if key == "type":
            continue
        if key not in fields:
            raise MalformedAction(
                f"{kind} has no field {plain(key)} (it has: {', '.join(sorted(fields))})"
            )
        if isinstance(value, list):
            if key in _PAIR_FIELDS:
                if not all(isinstance(v, list) for v in value):
                    raise MalformedAction(f"{kind}.{key} must be a list of pairs like [[3, 1]]")
                value = tuple(tuple(v) for v in value)
            else:
                value = tuple(value)
        kwargs[key] = value
    if "player" not in kwargs or isinstance(kwargs["player"], bool):
        raise MalformedAction(f"{kind} needs a player seat number")
    required = [f.name for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING]
    missing = [name for name in required if name not in kwargs]
    if missing:
        raise MalformedAction(f"{kind} needs {', '.join(missing)}")
    action: Action = cls(**kwargs)
    return action
