"""A faster dataclasses.replace for frozen, slotted dataclasses.

Every rules step copies a few immutable records; dataclasses.replace re-reads the field list
and goes through the frozen __init__ each time. Like dataclasses itself, this generates a small
copying function per class (from its field names) that sets the slots directly. Only for plain
frozen dataclasses with no __post_init__ (all of the engine's states).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_COPIERS: dict[type, tuple[Callable[[Any, dict[str, Any]], Any], frozenset[str]]] = {}


def _copier(cls: type) -> tuple[Callable[[Any, dict[str, Any]], Any], frozenset[str]]:
    found = _COPIERS.get(cls)
    if found is None:
        names = tuple(f.name for f in dataclasses.fields(cls))
        # Each slot is set through its own descriptor (the frozen __setattr__ is bypassed, as
        # dataclasses' own __init__ does); then the changes overwrite theirs.
        scope: dict[str, Any] = {"new_": cls.__new__, "cls": cls, "set_": object.__setattr__}
        lines = ["def copy(obj, changes):", "    new = new_(cls)"]
        for name in names:
            assert name.isidentifier()
            scope[f"slot_{name}"] = getattr(cls, name).__set__
            lines.append(f"    slot_{name}(new, obj.{name})")
        lines.append("    for key, value in changes.items():")
        lines.append("        set_(new, key, value)")
        lines.append("    return new")
        exec("\n".join(lines), scope)  # noqa: S102 -- our own field names, checked above
        found = (scope["copy"], frozenset(names))
        _COPIERS[cls] = found
    return found


def evolve(obj: T, **changes: Any) -> T:
    """A copy of ``obj`` with ``changes``; unknown field names raise TypeError as replace does."""
    copy, known = _copier(type(obj))
    if not known.issuperset(changes):
        unknown = sorted(set(changes) - known)
        raise TypeError(f"{type(obj).__name__} has no field {unknown[0]!r}")
    new: T = copy(obj, changes)
    return new
