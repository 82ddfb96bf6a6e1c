"""A faster dataclasses.replace for frozen, slotted dataclasses.

Every rules step copies a few immutable records; dataclasses.replace re-reads the field list
and goes through the frozen __init__ each time. Like dataclasses itself, this generates a small
copying function, per class and set of changed fields (from its field names). For a slotted
class on ``object`` the copy is filled in as an unfrozen twin with the same slots and then
given its class (about three times faster than setting each slot through its descriptor, the
fallback). Only for plain frozen dataclasses with no __post_init__ (all of the engine's states).

The compiled build's records have no twin (their fields are native slots), and the copier that
fills them through each field's descriptor costs about twice what the source's twin does (2.1
against 1.1 us for Zeal's state, timeit). A class copied on every command may have a
hand-written copier (``copier_of``, e.g. engine/zeal/state_copy.py): compiled code that
stores each field straight into its native slot, about a tenth of that. It is used only where
the class has no twin, and run on the source too by the tests (``blank`` and ``sealed``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

T = TypeVar("T")
Copier = Callable[[Any, dict[str, Any]], Any]

# Per (class, the names of the fields changed, in order): its copier, which stores each changed
# field straight from the changes and every other field from the original. The names were
# checked when the copier was made, so a call checks nothing (a few code sites each change a
# fixed set of fields: few copiers). Measured with timeit on a 17-field slotted frozen class:
# 15-25 % faster than one copier per class checking the names and setting each change in a loop.
_COPIERS: dict[tuple[type, tuple[str, ...]], Copier] = {}
_TWINS: dict[type, type | None] = {}
# Hand-written copiers and makers, by class (copier_of, maker_of): the compiled build's.
_HAND_COPIERS: dict[type, Copier] = {}
_HAND_MAKERS: dict[type, Callable[..., Any]] = {}
C = TypeVar("C", bound=Callable[..., Any])


def evolve(obj: T, **changes: Any) -> T:
    """A copy of ``obj`` with ``changes``; unknown field names raise TypeError as replace does."""
    key = (type(obj), tuple(changes))
    try:
        copy = _COPIERS[key]
    except KeyError:
        copy = _COPIERS[key] = _copier(*key)
    new: T = copy(obj, changes)
    return new


def _copier(cls: type, changed: tuple[str, ...]) -> Copier:
    names = tuple(f.name for f in dataclasses.fields(cls))
    assert all(name.isidentifier() for name in names)
    unknown = [name for name in changed if name not in names]
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}") from None
    twin = _twin(cls, names)
    if twin is None:
        return _HAND_COPIERS.get(cls) or _set_each(cls, names, changed)
    scope: dict[str, Any] = {"new_": object.__new__, "twin": twin, "cls": cls}
    # The copy is made as an unfrozen twin with the very same slots (plain attribute stores,
    # which the interpreter specialises), then given its real class.
    lines = ["def copy(obj, changes):", "    new = new_(twin)"]
    for name in names:
        value = f"changes[{name!r}]" if name in changed else f"obj.{name}"
        lines.append(f"    new.{name} = {value}")
    lines.append("    new.__class__ = cls")  # same layout: allowed, frozen from here on
    lines.append("    return new")
    exec("\n".join(lines), scope)  # noqa: S102 -- our own field names, checked above
    copy: Copier = scope["copy"]
    return copy


def _set_each(cls: type, names: tuple[str, ...], changed: tuple[str, ...]) -> Copier:
    """The copier of a class that has no twin (a compiled class: its fields are native
    slots, its layout not a Python one): each field set through the class's own descriptor
    (its bound setter), the frozen __setattr__ bypassed as dataclasses' own __init__ does. A loop, not a generated
    function: in the compiled build it is compiled code (measured on a 17-field compiled
    record: 20 % faster than a generated copier the interpreter runs, 40 % than its __init__;
    on a 19-field one, Z-G's state, as fast as the generated copier)."""
    new_: Any = cls.__new__
    # Each field's own setter, bound (no lookup of the name in the class per field, as
    # object.__setattr__ makes: measured with perf, a tenth of Z-G's compiled time); a field
    # with none (kept in an instance dict) is set by name.
    plan: list[tuple[Callable[[Any, Any], None], str, bool]] = []
    for name in names:
        setter = getattr(getattr(cls, name, None), "__set__", None)
        if setter is None:
            setter = partial(_set_by_name, name)
        plan.append((setter, name, name in changed))
    fields = tuple(plan)

    def copy(obj: Any, changes: dict[str, Any]) -> Any:
        new = new_(cls)
        for set_field, name, is_changed in fields:
            set_field(new, changes[name] if is_changed else getattr(obj, name))
        return new

    return copy


def _set_by_name(name: str, obj: Any, value: Any) -> None:
    object.__setattr__(obj, name, value)


def _twin(cls: type, names: tuple[str, ...]) -> type | None:
    """An unfrozen class with the very same slots as ``cls``, whose instances may be given
    ``cls`` as their class (about three times faster to fill in than setting each slot through
    its descriptor); None when the class's layout is not exactly its fields' slots on object."""
    if cls in _TWINS:
        return _TWINS[cls]
    twin: type | None = None
    if cls.__bases__ == (object,) and tuple(cls.__dict__.get("__slots__", ())) == names:
        twin = type(f"_{cls.__name__}Twin", (object,), {"__slots__": names})
        try:
            probe: Any = object.__new__(twin)
            probe.__class__ = cls  # raises TypeError if the layouts differ after all
        except TypeError:
            twin = None
    _TWINS[cls] = twin
    return twin


def maker(cls: Callable[..., T]) -> Callable[..., T]:
    """A constructor for the frozen, slotted dataclass ``cls`` taking every field in order
    (positionally), as fast as ``evolve``'s copies; ``cls`` itself when it is not plain."""
    assert isinstance(cls, type)
    names = tuple(f.name for f in dataclasses.fields(cls))
    assert all(name.isidentifier() for name in names)
    twin = _twin(cls, names)
    if twin is None:
        # A compiled class, among others: its hand-written maker where it has one (maker_of),
        # else its own __init__ (dataclasses', interpreted), as fast as any loop filling it in
        # through the descriptors (measured: a compiled loop took 2.4 times as long).
        hand: Callable[..., T] = _HAND_MAKERS.get(cls, cls)
        return hand
    scope: dict[str, Any] = {"new_": object.__new__, "twin": twin, "cls": cls}
    lines = [f"def make({', '.join(names)}):", "    new = new_(twin)"]
    lines += [f"    new.{name} = {name}" for name in names]
    lines += ["    new.__class__ = cls", "    return new"]
    exec("\n".join(lines), scope)  # noqa: S102 -- our own field names, checked above
    make: Callable[..., T] = scope["make"]
    return make


def copier_of(cls: type[T]) -> Callable[[C], C]:
    """Registers the decorated ``copy(old, changes) -> new`` as ``cls``'s copier where the class
    has no twin (the compiled build: a copy filled in through each field's descriptor costs
    about twice the source's; a copier about a tenth). It must set every field, each from ``changes`` when there
    and else from ``old``, on ``blank(cls)``, and return ``sealed(new, cls)``: plain stores to
    the fields, which compiled code makes straight into the native slots (the frozen
    ``__setattr__`` is bypassed, as dataclasses' own ``__init__`` does; its module tells mypy
    so). evolve has checked the names changed before it calls a copier; tests/engine/
    test_evolve_copiers.py holds every copier to ``dataclasses.replace``, field by field."""

    def register(copy: C) -> C:
        _HAND_COPIERS[cls] = copy
        return copy

    return register


def maker_of(cls: type[T]) -> Callable[[C], C]:
    """Registers the decorated function as ``maker(cls)`` where the class has no twin: every
    field in order, set on ``blank(cls)`` as a copier does (``copier_of``). Registered before
    ``maker(cls)`` is first asked for."""

    def register(make: C) -> C:
        _HAND_MAKERS[cls] = make
        return make

    return register


def blank(cls: type[T]) -> T:
    """An instance of ``cls`` with no field set, for a hand-written copier or maker to fill in
    with plain stores: the class's own where it has no twin (the compiled build), else its
    unfrozen twin (the source: the tests run the copiers there), typed as ``cls`` for the
    stores, given ``cls`` by ``sealed``."""
    twin = _TWINS.get(cls)
    if twin is None and cls not in _TWINS:
        klass: Any = cls  # a dataclass (mypy can't bound T so)
        twin = _twin(cls, tuple(f.name for f in dataclasses.fields(klass)))
    new: T = object.__new__(twin) if twin is not None else cls.__new__(cls)
    return new


def sealed(new: T, cls: type[T]) -> T:
    """``new``, filled in by a hand-written copier or maker, as a ``cls`` (frozen from here on):
    the twin is given its class; the class's own instance already is one."""
    if type(new) is not cls:
        new.__class__ = cls  # same layout: allowed (see _twin)
    return new
