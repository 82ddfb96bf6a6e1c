"""A faster dataclasses.replace for frozen, slotted dataclasses.

Every rules step copies a few immutable records; dataclasses.replace re-reads the field list
and goes through the frozen __init__ each time. Like dataclasses itself, this generates a small
copying function per class (from its field names). For a slotted class on ``object`` the copy
is filled in as an unfrozen twin with the same slots and then given its class (about three
times faster than setting each slot through its descriptor, the fallback). Only for plain
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
        assert all(name.isidentifier() for name in names)
        copy = _twin_copier(cls, names) or _slot_copier(cls, names)
        found = (copy, frozenset(names))
        _COPIERS[cls] = found
    return found


def _twin_copier(cls: type, names: tuple[str, ...]) -> Callable[[Any, dict[str, Any]], Any] | None:
    """The fast copier: the copy is made as an unfrozen twin class with the very same slots
    (plain attribute stores, which the interpreter specialises), then given its real class.
    None when the class's layout is not exactly its fields' slots on ``object``."""
    if cls.__bases__ != (object,) or tuple(cls.__dict__.get("__slots__", ())) != names:
        return None
    twin = type(f"_{cls.__name__}Twin", (object,), {"__slots__": names})
    scope: dict[str, Any] = {"new_": object.__new__, "twin": twin, "cls": cls}
    lines = ["def copy(obj, changes):", "    new = new_(twin)"]
    lines += [f"    new.{name} = obj.{name}" for name in names]
    lines += [
        "    for key, value in changes.items():",
        "        setattr(new, key, value)",
        "    new.__class__ = cls",  # same layout: allowed, and the copy is frozen from here on
        "    return new",
    ]
    exec("\n".join(lines), scope)  # noqa: S102 -- our own field names, checked above
    copy: Callable[[Any, dict[str, Any]], Any] = scope["copy"]
    try:
        probe: Any = object.__new__(twin)
        probe.__class__ = cls  # raises TypeError if the layouts differ after all
    except TypeError:
        return None
    return copy


def _slot_copier(cls: type, names: tuple[str, ...]) -> Callable[[Any, dict[str, Any]], Any]:
    # Each slot is set through its own descriptor (the frozen __setattr__ is bypassed, as
    # dataclasses' own __init__ does); then the changes overwrite theirs.
    scope: dict[str, Any] = {"new_": cls.__new__, "cls": cls, "set_": object.__setattr__}
    lines = ["def copy(obj, changes):", "    new = new_(cls)"]
    for name in names:
        scope[f"slot_{name}"] = getattr(cls, name).__set__
        lines.append(f"    slot_{name}(new, obj.{name})")
    lines.append("    for key, value in changes.items():")
    lines.append("        set_(new, key, value)")
    lines.append("    return new")
    exec("\n".join(lines), scope)  # noqa: S102 -- our own field names, checked above
    copy: Callable[[Any, dict[str, Any]], Any] = scope["copy"]
    return copy


def evolve(obj: T, **changes: Any) -> T:
    """A copy of ``obj`` with ``changes``; unknown field names raise TypeError as replace does."""
    copy, known = _copier(type(obj))
    if not known.issuperset(changes):
        unknown = sorted(set(changes) - known)
        raise TypeError(f"{type(obj).__name__} has no field {unknown[0]!r}")
    new: T = copy(obj, changes)
    return new


def maker(cls: Callable[..., T]) -> Callable[..., T]:
    """A constructor for the frozen, slotted dataclass ``cls`` taking every field in order
    (positionally), as fast as ``evolve``'s copies; ``cls`` itself when it is not plain."""
    assert isinstance(cls, type)
    names = tuple(f.name for f in dataclasses.fields(cls))
    if _twin_copier(cls, names) is None:
        return cls
    twin = type(f"_{cls.__name__}Twin", (object,), {"__slots__": names})
    scope: dict[str, Any] = {"new_": object.__new__, "twin": twin, "cls": cls}
    lines = [f"def make({', '.join(names)}):", "    new = new_(twin)"]
    lines += [f"    new.{name} = {name}" for name in names]
    lines += ["    new.__class__ = cls", "    return new"]
    exec("\n".join(lines), scope)  # noqa: S102 -- our own field names, checked by _twin_copier
    make: Callable[..., T] = scope["make"]
    return make
