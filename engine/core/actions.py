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

from engine.core.kind_checks import Accepts, first_wrong, sure_types, surely, surely_items
from engine.core.words import plain
from engine.errors import MalformedAction

A = TypeVar("A")  # a game's Action union
_NONE = type(None)
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
# Each registers the types it surely accepts (engine/core/kind_checks.py): a field holding a
# value of exactly such a type is passed without calling its check (every command is checked).


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


surely(is_whole, frozenset({int}))
surely(is_text, frozenset({str}))
surely(is_flag, frozenset({bool}))
surely(is_whole_or_text, frozenset({int, str}))


def optional(check: FieldCheck) -> FieldCheck:
    """The check of ``X | None``: X or nothing."""
    accepts, words = check

    def optional_(v: object) -> bool:
        return v is None or accepts(v)

    sure = sure_types(accepts)
    if sure is not None:
        surely(optional_, sure | {_NONE})
    return optional_, f"{words} or nothing"


def list_of(accepts: Accepts, words: str) -> FieldCheck:
    """The check of ``tuple[X, ...]``: a list of what ``accepts`` accepts."""

    def list_of_(v: object) -> bool:
        if not isinstance(v, tuple):
            return False
        for item in v:  # noqa: SIM110 -- a plain loop: no generator per command
            if not accepts(item):
                return False
        return True

    sure = sure_types(accepts)
    if sure is not None:
        surely_items(list_of_, sure)
    return list_of_, words


def list_of_tuples(size: int, words: str) -> FieldCheck:
    """The check of ``tuple[tuple[int, int], ...]`` and longer: numbers ``size`` at a time."""

    def rows(v: object) -> bool:
        if not isinstance(v, tuple):
            return False
        for row in v:  # plain loops: no generator per command (Zeal's attackers, blockers)
            if not isinstance(row, tuple) or len(row) != size:
                return False
            for x in row:
                if type(x) is not int and not is_whole(x):
                    return False
        return True

    return rows, words


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
    "bool | None": (optional(_BASIC["bool"])[0], "true, false or nothing"),
    "tuple[str, ...]": list_of(is_text, "a list of card ids"),
    "tuple[int, ...]": list_of(is_whole, "a list of whole numbers"),
    "tuple[tuple[int, int], ...]": list_of_tuples(2, "a list of pairs of numbers like [[3, 1]]"),
    "tuple[tuple[int, int, int], ...]": list_of_tuples(
        3, "a list of triples of numbers like [[3, 1, 2]]"
    ),
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
        # Per class, the first field holding the wrong kind of value (generated: a hot path).
        self._first_wrong: dict[type[Any], Callable[[Any], _Field | None]] = {}
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
            self._first_wrong[cls] = first_wrong([(f.name, f.accepts, f) for f in fields])

    def type_problem(self, action: object) -> str | None:
        """Why an action's fields hold the wrong kind of value, in players' words
        ("play card: card id must be text, not 5"), or None when every field is right."""
        check = self._first_wrong.get(type(action))
        if check is None:
            return f"{plain(type(action).__name__)} is not an action of {self.game}"
        wrong = check(action)
        if wrong is None:
            return None
        name = label_of(type(action).__name__)
        return f"{name}: {wrong.name.replace('_', ' ')} {self._should_be(action, wrong)}"

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
        wrong = self._first_wrong[cls](action)
        if wrong is not None:
            raise MalformedAction(f"{kind}: {wrong.name} {self._should_be(action, wrong)}")
        return action
