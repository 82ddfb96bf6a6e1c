"""A faster dataclasses.replace for frozen, slotted dataclasses.

Every rules step copies a few immutable records; dataclasses.replace re-reads the field list
and goes through the frozen __init__ each time. This copies the slots directly. It is only
for plain frozen dataclasses with slots and no __post_init__ (all of the engine's states).
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

_FIELDS: dict[type, tuple[str, ...]] = {}
_set = object.__setattr__


def _fields(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls))
        _FIELDS[cls] = names
    return names


def evolve(obj: T, **changes: Any) -> T:
    """A copy of ``obj`` with ``changes``; unknown field names raise TypeError as replace does."""
    cls = type(obj)
    names = _fields(cls)
    for key in changes:
        if key not in names:
            raise TypeError(f"{cls.__name__} has no field {key!r}")
    new = cls.__new__(cls)
    for name in names:
        _set(new, name, changes[name] if name in changes else getattr(obj, name))
    return new
