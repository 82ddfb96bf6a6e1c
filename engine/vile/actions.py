"""Vile Incantations' actions: frozen dataclasses, each with the seat of the player taking it.

Game actions follow the rules; the manual adjustments (AdjustPlayer, AdjustMonster, SetZone,
PutMonster, MarkResolved) are always legal, because the physical table is the truth.
``to_dict``/``from_dict`` give the command log's TOML/JSON form (None fields are left out).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from engine.core.actions import action_to_dict
from engine.core.words import plain
from engine.errors import MalformedAction

Target = int | str  # a monster's number, or a component's card id (negate)


@dataclass(frozen=True, slots=True)
class Pass:
    """Move on: end this phase or step, or let the ritual go on without (more) sabotage."""

    player: int


@dataclass(frozen=True, slots=True)
class Gather:
    """Gather: set ``card_id`` (a component among the top five) face down, or none ("")."""

    player: int
    card_id: str = ""


@dataclass(frozen=True, slots=True)
class SetComponent:
    player: int
    card_id: str


@dataclass(frozen=True, slots=True)
class Recruit:
    """Recruit a cultist by putting ``card_id`` from hand on the bottom of the gate deck
    ("" with hidden hands: the tablet need not know which card went)."""

    player: int
    card_id: str = ""


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a spell or a monster from hand, paying its cost with ready cultists."""

    player: int
    card_id: str
    targets: tuple[Target, ...] = ()


@dataclass(frozen=True, slots=True)
class Deploy:
    player: int
    monster_id: int


@dataclass(frozen=True, slots=True)
class Activate:
    player: int
    monster_id: int
    ability: int = 0
    targets: tuple[Target, ...] = ()


@dataclass(frozen=True, slots=True)
class SetSabotage:
    """Set a sabotage card face down, stockpiling ``stockpile`` devotion with it."""

    player: int
    card_id: str
    stockpile: int = 0


@dataclass(frozen=True, slots=True)
class DeclareAttackers:
    player: int
    attackers: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class DeclareBlockers:
    player: int
    blocks: tuple[tuple[int, int], ...] = ()  # (blocker, attacker)


@dataclass(frozen=True, slots=True)
class AssignDamage:
    """The attacker's damage: (attacker, monster hit, amount). A blocked attacker left out
    deals its damage to its blockers in the order they blocked; an unblocked one left out
    deals none."""

    player: int
    assignments: tuple[tuple[int, int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class PerformRitual:
    player: int


@dataclass(frozen=True, slots=True)
class FlipSabotage:
    """Flip a face-down sabotage card during the opponent's ritual and play it, paying
    ``from_stockpile`` (None: as much as it can) and the rest with ready cultists."""

    player: int
    card_id: str
    from_stockpile: int | None = None
    targets: tuple[Target, ...] = ()


@dataclass(frozen=True, slots=True)
class ApplyComponent:
    """Apply the next component's effects (the performer chooses the order)."""

    player: int
    card_id: str
    targets: tuple[Target, ...] = ()


# --- manual adjustments: always legal ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class AdjustPlayer:
    player: int
    energy: int | None = None
    cultists: int | None = None
    exhausted: int | None = None
    stockpile: int | None = None
    hand_size: int | None = None
    deck_size: int | None = None
    reserve_limit: int | None = None


@dataclass(frozen=True, slots=True)
class AdjustMonster:
    """Set a monster's state; ``zone`` "reserved", "deployed" or "void" (it leaves play)."""

    player: int
    monster_id: int
    zone: str | None = None
    damage: int | None = None
    plus: int | None = None
    experience: int | None = None
    controller: int | None = None


@dataclass(frozen=True, slots=True)
class SetZone:
    """Set what lies face down in a player's "ritual" or "sabotage" zone."""

    player: int
    zone: str
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PutMonster:
    """Put a monster into play for a card effect the vocabulary can't express."""

    player: int
    card_id: str
    deployed: bool = True


@dataclass(frozen=True, slots=True)
class MarkResolved:
    """The table has resolved the oldest card-text note."""

    player: int


Action = (
    Pass
    | Gather
    | SetComponent
    | Recruit
    | PlayCard
    | Deploy
    | Activate
    | SetSabotage
    | DeclareAttackers
    | DeclareBlockers
    | AssignDamage
    | PerformRitual
    | FlipSabotage
    | ApplyComponent
    | AdjustPlayer
    | AdjustMonster
    | SetZone
    | PutMonster
    | MarkResolved
)
ADJUSTMENTS = (AdjustPlayer, AdjustMonster, SetZone, PutMonster, MarkResolved)

_TYPES: dict[str, type[Any]] = {
    cls.__name__: cls
    for cls in (
        Pass,
        Gather,
        SetComponent,
        Recruit,
        PlayCard,
        Deploy,
        Activate,
        SetSabotage,
        DeclareAttackers,
        DeclareBlockers,
        AssignDamage,
        PerformRitual,
        FlipSabotage,
        ApplyComponent,
        *ADJUSTMENTS,
    )
}


# The plain-data form every game shares (engine/core/actions.py); from_dict is this game's.
to_dict = action_to_dict


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read(name: str, hint: str, value: Any, kind: str) -> Any:
    """A field's value checked against its annotation's shape."""
    bad = MalformedAction(f"{kind}: field '{name}' can't be {plain(value)}")
    optional = hint.endswith("| None")
    base = hint.removesuffix(" | None")
    if value is None and optional:
        return None
    if base == "int":
        if not _is_int(value):
            raise bad
        return value
    if base == "str":
        if not isinstance(value, str):
            raise bad
        return value
    if base == "bool":
        if not isinstance(value, bool):
            raise bad
        return value
    if not isinstance(value, list | tuple):
        raise bad
    if base == "tuple[str, ...]":
        if not all(isinstance(v, str) for v in value):
            raise bad
        return tuple(value)
    if base == "tuple[int, ...]":
        if not all(_is_int(v) for v in value):
            raise bad
        return tuple(value)
    if base == "tuple[Target, ...]":
        if not all(_is_int(v) or isinstance(v, str) for v in value):
            raise bad
        return tuple(value)
    size = 2 if base == "tuple[tuple[int, int], ...]" else 3
    out = []
    for entry in value:
        if not isinstance(entry, list | tuple) or len(entry) != size:
            raise bad
        if not all(_is_int(v) for v in entry):
            raise bad
        out.append(tuple(entry))
    return tuple(out)


_HINTS: dict[str, dict[str, str]] = {}


def _hints(cls: type[Any]) -> dict[str, str]:
    found = _HINTS.get(cls.__name__)
    if found is None:
        found = {f.name: str(f.type) for f in dataclasses.fields(cls)}
        _HINTS[cls.__name__] = found
    return found


def from_dict(data: Any) -> Action:
    """An action from its dict form; MalformedAction naming what is wrong."""
    if not isinstance(data, dict):
        raise MalformedAction("an action must be a table with a 'type'")
    kind = data.get("type")
    cls = _TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None or not isinstance(kind, str):
        known = ", ".join(_TYPES)
        raise MalformedAction(f"unknown action type {plain(kind)} (the types are: {known})")
    hints = _hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        if key == "type":
            continue
        if key not in fields:
            raise MalformedAction(f"{kind}: unknown field '{key}' (fields: {', '.join(fields)})")
        kwargs[key] = _read(key, hints[key], value, kind)
    for name, f in fields.items():
        missing = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        if missing and name not in kwargs:
            raise MalformedAction(f"{kind}: field '{name}' is missing")
    action: Action = cls(**kwargs)
    return action


__all__ = ["ADJUSTMENTS", "Action", "Target", "from_dict", "to_dict"]
