"""Actions as plain data, the same for every game: a game's actions are frozen dataclasses, and
their JSON/TOML form (the command log, scenario and save files) is {"type": class name, field:
value ...} with None fields left out (TOML has no null) and tuples written as lists.

``action_to_dict`` writes that form; an ``ActionCodec`` reads it back for one game and checks
that every field holds the kind of value its annotation names. A game gives the codec its
action classes and the words for its own annotations (``Target``, ``int | str``); the table
check, the type lookup, unknown and missing fields, lists back to tuples and the value check
are written once, here, with one wording for every game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar

from engine.core.words import plain
from engine.errors import MalformedAction

A = TypeVar("A")  # a game's Action union
Accepts = Callable[[object], bool]
# What a field's annotation accepts, and how players are told what it should be.
FieldCheck = tuple[Accepts, str]


def action_to_dict(action: Any) -> dict[str, Any]:
    """{"type": "PlayCard", "player": 0, ...}; a game's ActionCodec reads it back."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if value is not None:
            out[f.name] = _plain(value)
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _tuples(value: Any) -> Any:
    """The inverse of _plain: lists (JSON and TOML have no tuples) back to tuples, all the way
    down, so that actions stay hashable and compare equal to the ones written."""
    if isinstance(value, list | tuple):
        return tuple(_tuples(v) for v in value)
    return value


# --- what values a field accepts --------------------------------------------------------------


def is_whole(value: object) -> bool:
    """A whole number; true and false are not (bool is an int in Python, not at the table)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_text(value: object) -> bool:
    return isinstance(value, str)


def is_flag(value: object) -> bool:
    return isinstance(value, bool)


def is_whole_or_text(value: object) -> bool:
    """A number (a card in play, a permanent) or a card id: what games call a Target."""
    return is_whole(value) or is_text(value)


def optional(check: FieldCheck) -> FieldCheck:
    """The check of ``X | None``: X or nothing."""
    accepts, words = check
    return (lambda v: v is None or accepts(v)), f"{words} or nothing"


def list_of(accepts: Accepts, words: str) -> FieldCheck:
    """The check of ``tuple[X, ...]``: a list of what ``accepts`` accepts."""
    return (lambda v: isinstance(v, tuple) and all(accepts(x) for x in v)), words


def list_of_tuples(size: int, words: str) -> FieldCheck:
    """The check of ``tuple[tuple[int, int], ...]`` and longer: numbers ``size`` at a time."""

    def accepts(entry: object) -> bool:
        return isinstance(entry, tuple) and len(entry) == size and all(is_whole(x) for x in entry)

    return list_of(accepts, words)


# The annotations every game uses. ``int``, ``str`` and ``bool`` also get their ``| None``.
_BASIC: dict[str, FieldCheck] = {
    "int": (is_whole, "a whole number"),
    "str": (is_text, "text"),
    "bool": (is_flag, "true or false"),
}
COMMON_CHECKS: dict[str, FieldCheck] = {
    **_BASIC,
    "int | None": optional(_BASIC["int"]),
    "str | None": optional(_BASIC["str"]),
    "bool | None": (lambda v: v is None or is_flag(v), "true, false or nothing"),
    "tuple[str, ...]": list_of(is_text, "a list of card ids"),
    "tuple[int, ...]": list_of(is_whole, "a list of whole numbers"),
    "tuple[tuple[int, int], ...]": list_of_tuples(2, "a list of pairs of numbers like [[3, 1]]"),
    "tuple[tuple[int, int, int], ...]": list_of_tuples(
        3, "a list of triples of numbers like [[3, 1, 2]]"
    ),
}


# Values of these exact types pass the common check of these annotations without calling it
# (an action is checked before every command is applied and every listed action: the check is
# a hot path). A game that rewords an annotation's check gets no such shortcut for it.
_NONE = type(None)
_SURE: dict[str, frozenset[type]] = {
    "int": frozenset({int}),
    "str": frozenset({str}),
    "bool": frozenset({bool}),
    "int | None": frozenset({int, _NONE}),
    "str | None": frozenset({str, _NONE}),
    "bool | None": frozenset({bool, _NONE}),
}
# The same for a tuple's items: a tuple whose items are all of these types passes.
_SURE_ITEMS: dict[str, frozenset[type]] = {
    "tuple[str, ...]": frozenset({str}),
    "tuple[int, ...]": frozenset({int}),
}


def label_of(cls_name: str) -> str:
    """ "DeclareAttackers" -> "declare attackers": an action's name as words."""
    return "".join(f" {c.lower()}" if c.isupper() else c for c in cls_name).strip()


# --- one game's reader --------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class _Field:
    name: str
    accepts: Accepts
    words: str
    required: bool


class ActionCodec(Generic[A]):
    """Reads one game's actions back from their plain-data form, and says why an action's fields
    hold the wrong kind of value (a buggy client, a corrupt file).

    ``checks`` adds to or rewords COMMON_CHECKS for this game's annotations (the annotations
    are strings: every game's actions module has ``from __future__ import annotations``). An
    annotation no check covers is a programming error, found when the codec is made.
    """

    def __init__(
        self, game: str, types: Iterable[type[Any]], checks: Mapping[str, FieldCheck] | None = None
    ) -> None:
        self.game = game
        self.types: dict[str, type[Any]] = {cls.__name__: cls for cls in types}
        known = {**COMMON_CHECKS, **(checks or {})}
        self._fields: dict[type[Any], tuple[_Field, ...]] = {}
        # Per class, for _wrong_field: (field name, the types that surely pass, the item types
        # that surely pass in a tuple, the field).
        self._checks: dict[
            type[Any], tuple[tuple[str, frozenset[type], frozenset[type] | None, _Field], ...]
        ] = {}
        for cls in self.types.values():
            fields = []
            for f in dataclasses.fields(cls):
                hint = str(f.type)
                if hint not in known:
                    raise TypeError(f"{cls.__name__}.{f.name}: no check for {hint!r}")
                required = f.default is dataclasses.MISSING and (
                    f.default_factory is dataclasses.MISSING
                )
                fields.append(_Field(f.name, *known[hint], required))
            self._fields[cls] = tuple(fields)
            checks_ = []
            for f, field in zip(dataclasses.fields(cls), fields, strict=True):
                hint = str(f.type)
                common = known[hint] is COMMON_CHECKS.get(hint)
                sure = _SURE.get(hint, frozenset()) if common else frozenset()
                items = _SURE_ITEMS.get(hint) if common else None
                checks_.append((f.name, sure, items, field))
            self._checks[cls] = tuple(checks_)

    def type_problem(self, action: object) -> str | None:
        """Why an action's fields hold the wrong kind of value, in players' words
        ("play card: card id must be text, not 5"), or None when every field is right."""
        if type(action) not in self._fields:
            return f"{plain(type(action).__name__)} is not an action of {self.game}"
        wrong = self._wrong_field(action)
        if wrong is None:
            return None
        name = label_of(type(action).__name__)
        return f"{name}: {wrong.name.replace('_', ' ')} {self._should_be(action, wrong)}"

    def _wrong_field(self, action: object) -> _Field | None:
        """The first field of an action of this game holding the wrong kind of value."""
        for name, sure, items, f in self._checks[type(action)]:
            value = getattr(action, name)
            kind = type(value)
            if kind in sure:
                continue
            if items is not None and kind is tuple and items.issuperset(map(type, value)):
                continue
            if not f.accepts(value):
                return f
        return None

    @staticmethod
    def _should_be(action: object, f: _Field) -> str:
        return f"must be {f.words}, not {plain(getattr(action, f.name))}"

    def from_dict(self, data: object) -> A:
        """The inverse of action_to_dict; MalformedAction naming the action and the field for
        anything malformed. Names are the file's own ("PlayCard", "card_id"): the one who
        reads the message is fixing that file."""
        if not isinstance(data, Mapping):
            raise MalformedAction(f"an action must be a table, not {plain(data)}")
        kind = data.get("type")
        cls = self.types.get(kind) if isinstance(kind, str) else None
        if cls is None:
            known = ", ".join(self.types)
            raise MalformedAction(
                f"unknown action type {plain(kind)} (the actions of {self.game}: {known})"
            )
        fields = self._fields[cls]
        names = [f.name for f in fields]
        for key in data:
            if key != "type" and key not in names:
                raise MalformedAction(
                    f"{kind} has no field {plain(key)} (it has: {', '.join(names)})"
                )
        missing = [f for f in fields if f.required and f.name not in data]
        if missing:
            needs = ", ".join(f"{f.name} ({f.words})" for f in missing)
            raise MalformedAction(f"{kind} needs {needs}")
        action: A = cls(**{f.name: _tuples(data[f.name]) for f in fields if f.name in data})
        wrong = self._wrong_field(action)
        if wrong is not None:
            raise MalformedAction(f"{kind}: {wrong.name} {self._should_be(action, wrong)}")
        return action
