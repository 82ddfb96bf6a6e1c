"""The check of an action's field kinds, generated once per action class.

Every command a device sends is checked field by field (``ActionCodec.type_problem``), and
nearly every value is of a type its field surely accepts (a seat that is an ``int``, a card id
that is a ``str``). Like ``dataclasses`` itself and ``engine/core/evolve.py``, this writes a
small function per class from its own field names: for each field, the "surely fine" type test
inline, and the field's full check (``accepts``) only when that test fails, so the answer is
always the full check's. Which types surely pass is known for the core's own checks
(``is_whole`` and the like, and ``optional`` / ``list_of`` made of them), registered here by
``engine/core/actions.py``; a game's own check gets no inline test and is always called.
"""

from __future__ import annotations

import keyword
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

F = TypeVar("F")
Accepts = Callable[[object], bool]

# Values of exactly these types pass the check (a bool is an int, and is not a whole number:
# exact types, never isinstance).
_SURE: dict[Accepts, frozenset[type]] = {}
# The same for the items of a tuple: a tuple whose items are all of these types passes.
_SURE_ITEMS: dict[Accepts, frozenset[type]] = {}


def surely(accepts: Accepts, types: frozenset[type]) -> Accepts:
    """Registers that ``accepts`` accepts any value of exactly one of ``types``."""
    _SURE[accepts] = types
    return accepts


def surely_items(accepts: Accepts, types: frozenset[type]) -> Accepts:
    """Registers that ``accepts`` accepts any tuple of items of exactly ``types``."""
    _SURE_ITEMS[accepts] = types
    return accepts


def sure_types(accepts: Accepts) -> frozenset[type] | None:
    """The types ``accepts`` surely accepts, if known (for ``optional`` and ``list_of``)."""
    return _SURE.get(accepts)


def _sure_test(accepts: Accepts, i: int, scope: dict[str, Any]) -> str | None:
    """The inline test that the value ``v`` (of type ``kind``) surely passes ``accepts`` (the
    names it uses put in ``scope``); None if no type surely passes."""
    sure = _SURE.get(accepts)
    if sure is not None:
        # None first (the cheapest test), the rest in a fixed order (a set's is arbitrary).
        tests = ["v is None"] if type(None) in sure else []
        for j, t in enumerate(sorted(sure - {type(None)}, key=lambda t: t.__name__)):
            scope[f"sure_{i}_{j}"] = t
            tests.append(f"kind is sure_{i}_{j}")
        return " or ".join(tests)
    items = _SURE_ITEMS.get(accepts)
    if items is not None:
        scope[f"items_{i}"] = items
        return f"kind is tuple and (not v or items_{i}.issuperset(map(type, v)))"
    return None


def first_wrong(fields: Sequence[tuple[str, Accepts, F]]) -> Callable[[Any], F | None]:
    """A function giving the ``F`` of the first field (name, what it accepts, its ``F``) of an
    action holding a value its check refuses, or None when every field's value is right."""
    scope: dict[str, Any] = {"tuple": tuple}
    lines = ["def first_wrong(action):"]
    for i, (name, accepts, found) in enumerate(fields):
        assert name.isidentifier() and not keyword.iskeyword(name), name
        scope[f"accepts_{i}"], scope[f"field_{i}"] = accepts, found
        sure = _sure_test(accepts, i, scope)
        lines.append(f"    v = action.{name}")
        if sure is not None:
            lines.append("    kind = type(v)")
            lines.append(f"    if not ({sure}) and not accepts_{i}(v):")
        else:
            lines.append(f"    if not accepts_{i}(v):")
        lines.append(f"        return field_{i}")
    lines.append("    return None")
    exec("\n".join(lines), scope)  # noqa: S102 -- our own field names, checked above
    check: Callable[[Any], F | None] = scope["first_wrong"]
    return check
