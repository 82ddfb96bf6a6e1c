"""A game's state as plain JSON data and back, exactly: the snapshot a saved game resumes from.

Every engine's state is a tree of frozen dataclasses, enum members, tuples and plain values
(int, str, bool, None), so one generic encoding serves all five games without knowing any of
them. Why not pickle: a saved-games file lies on the tablet where anything may change it, and
unpickling runs whatever the bytes say. This decoder only ever makes what the bytes may name:
dataclasses and enums defined in the game's own package (``engine.<kind>``), found among the
modules already loaded (nothing is imported by name from the file), each given exactly the
fields its class has now, by name and order (a file from an older engine whose records changed
shape is refused, never half read). Nothing runs but field assignment: no ``__init__``, no ``__setstate__``.

The scenario files' positions (``position_to_dict``) are not exact enough for this: they leave
out what a table never writes down (ids not yet given, a turn in its middle), so a game resumed
from one would not be the game that was saved.

Encoding: a dataclass is ``{"d": i, "v": [field values in order]}``, an enum member
``{"e": i, "n": name}``, where ``i`` indexes the list of class paths written beside the value
(with each one's field names, checked when read);
a tuple is a JSON list. Anything else in a state (a list, a dict, a set) is refused when the
snapshot is made (StateCodecError), so a game whose state holds one simply keeps no snapshots.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import sys
from typing import Any


class StateCodecError(ValueError):
    """The state can't be written this way, or the text is not a state of this game."""


_PLAIN = (int, str, bool, type(None))


def package_of(cls: type) -> str:
    """The package whose classes a state of ``cls``'s game may hold: "engine.zeal"."""
    parts = cls.__module__.split(".")
    return ".".join(parts[:2])


def encode_state(state: object, package: str) -> str:
    """``state`` as JSON text; every class in it must come from ``package``."""
    classes: list[str] = []
    where: dict[type, int] = {}

    def index(cls: type) -> int:
        found = where.get(cls)
        if found is None:
            if not cls.__module__.startswith(package + "."):
                raise StateCodecError(f"{cls.__qualname__} is not one of {package}'s records")
            found = where[cls] = len(classes)
            classes.append(f"{cls.__module__}:{cls.__qualname__}")
        return found

    def plain(value: object) -> object:
        if isinstance(value, enum.Enum):
            return {"e": index(type(value)), "n": value.name}
        if type(value) in _PLAIN:
            return value
        if type(value) is tuple:
            return [plain(v) for v in value]
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            fields = dataclasses.fields(value)
            return {"d": index(type(value)), "v": [plain(getattr(value, f.name)) for f in fields]}
        raise StateCodecError(f"a state may not hold a {type(value).__name__}")

    body = plain(state)
    shapes = [_shape(_class(name, package)) for name in classes]
    return json.dumps({"classes": classes, "shapes": shapes, "state": body}, separators=(",", ":"))


def _shape(cls: type) -> list[str] | None:
    """A dataclass's field names, in order (None for an enum)."""
    if isinstance(cls, enum.EnumMeta):
        return None
    return [f.name for f in dataclasses.fields(cls)]


def decode_state(text: str | bytes, package: str) -> Any:
    """The state ``encode_state`` wrote; StateCodecError for anything else."""
    try:
        data = json.loads(text)
        names = data["classes"]
        shapes = data["shapes"]
        body = data["state"]
    except (ValueError, TypeError, KeyError) as e:
        raise StateCodecError(f"not a saved state ({e})") from None
    if not isinstance(names, list):
        raise StateCodecError("not a saved state (no list of records)")
    classes = [_class(name, package) for name in names]
    fields = [_shape(c) for c in classes]
    if shapes != fields:  # a record that changed shape since (another version of the game)
        raise StateCodecError("the saved state's records are not shaped as this game's are")

    def build(value: Any) -> Any:
        if type(value) in _PLAIN:
            return value
        if type(value) is list:
            return tuple(build(v) for v in value)
        if type(value) is dict:
            cls, names = _pick(classes, fields, value)
            if names is None:
                try:
                    return cls[value["n"]]
                except (KeyError, TypeError):
                    raise StateCodecError(f"no {cls.__qualname__} {value.get('n')!r}") from None
            values = value.get("v")
            if type(values) is not list or len(values) != len(names):
                raise StateCodecError(f"a {cls.__qualname__} with other fields than it has now")
            obj = cls.__new__(cls)  # a compiled (mypyc) class refuses object.__new__
            for name, v in zip(names, values, strict=True):
                object.__setattr__(obj, name, build(v))
            return obj
        raise StateCodecError(f"not a saved state (a {type(value).__name__})")

    try:
        return build(body)
    except RecursionError:
        raise StateCodecError("not a saved state (nested too deep)") from None


def _pick(classes: list[type], fields: list[list[str] | None], value: dict[str, Any]) -> Any:
    at = value.get("d", value.get("e"))
    if type(at) is not int or not 0 <= at < len(classes):
        raise StateCodecError("not a saved state (a record of no known kind)")
    names = fields[at]
    if ("e" in value) != (names is None):
        raise StateCodecError(f"not a saved state ({classes[at].__qualname__} misread)")
    return classes[at], names


def _class(name: object, package: str) -> type:
    """The dataclass or enum ``module:qualname`` of ``package``, among the loaded modules."""
    if not isinstance(name, str) or ":" not in name:
        raise StateCodecError(f"not a saved state (record {name!r})")
    module_name, _, qualname = name.partition(":")
    module = sys.modules.get(module_name) if module_name.startswith(package + ".") else None
    if module is None:
        raise StateCodecError(f"{name} is not one of this game's records")
    found: Any = module
    for part in qualname.split("."):
        found = getattr(found, part, None)
    ok = isinstance(found, type) and (
        isinstance(found, enum.EnumMeta) or dataclasses.is_dataclass(found)
    )
    if not ok or found.__module__ != module_name:
        raise StateCodecError(f"{name} is not one of this game's records")
    return found  # type: ignore[no-any-return]
