"""Typed, named, strict access to one TOML table of a scenario, save or setup record.

Every game's file reader uses it, so a damaged or hand-written file gets an error naming the
table and the field, never a crash, and a misspelt key (``devotoin = 4``) is an error naming
the key rather than a value silently left at its default.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any, Protocol


class FieldError(ValueError):
    """A table that can't be read; the message names the table and the field."""


class _HasCards(Protocol):
    def __contains__(self, card_id: object, /) -> bool: ...


class Fields:
    """One table, read by key with a type and a range. ``known`` lists every key the table may
    hold: any other key is refused at once (None: not checked, for tables read in parts)."""

    def __init__(self, data: Any, where: str, known: Iterable[str] | None = None) -> None:
        if not isinstance(data, dict):
            raise FieldError(f"{where}: must be a table, not {data!r}")
        self.data: dict[str, Any] = data
        self.where = where
        if known is not None:
            check_known(data, where, known)

    def fail(self, key: str, problem: str) -> FieldError:
        return FieldError(f"{self.where}: field {key!r} {problem}")

    def has(self, key: str) -> bool:
        return key in self.data

    def number(self, key: str, default: int, lo: int = 0, hi: int | None = None) -> int:
        value = self.data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"must be a whole number, not {value!r}")
        if value < lo or (hi is not None and value > hi):
            top = "" if hi is None else f" to {hi}"
            raise self.fail(key, f"must be {lo}{top or ' or more'}, not {value}")
        return value

    def opt_number(self, key: str, lo: int = 0, hi: int | None = None) -> int | None:
        if self.data.get(key) is None:
            return None
        return self.number(key, 0, lo, hi)

    def flag(self, key: str, default: bool) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, not {value!r}")
        return value

    def text(self, key: str, default: str) -> str:
        value = self.data.get(key, default)
        if not isinstance(value, str):
            raise self.fail(key, f"must be text, not {value!r}")
        return value

    def choice(self, key: str, default: str, allowed: Collection[str]) -> str:
        value = self.text(key, default)
        if value not in allowed:
            raise self.fail(key, f"is {value!r}; it may be one of: {', '.join(sorted(allowed))}")
        return value

    def items(self, key: str) -> list[Any]:
        value = self.data.get(key, [])
        if not isinstance(value, list):
            raise self.fail(key, f"must be a list, not {value!r}")
        return value

    def table(self, key: str, known: Iterable[str] | None = None) -> Fields:
        """A nested table (empty when absent)."""
        return Fields(self.data.get(key, {}), f"{self.where}.{key}", known)

    def tables(self, key: str, known: Iterable[str] | None = None) -> list[Fields]:
        """A list of tables ([[key]])."""
        return [
            Fields(entry, f"{self.where}.{key}[{i}]", known)
            for i, entry in enumerate(self.items(key))
        ]

    def texts(self, key: str, allowed: Collection[str] | None = None) -> tuple[str, ...]:
        out = []
        for value in self.items(key):
            if not isinstance(value, str) or (allowed is not None and value not in allowed):
                raise self.fail(key, f"has {value!r}, which is not allowed here")
            out.append(value)
        return tuple(out)

    def card_ids(self, key: str, catalog: _HasCards) -> tuple[str, ...]:
        ids = self.texts(key)
        for card_id in ids:
            if card_id not in catalog:
                raise self.fail(key, f"names {card_id!r}, which is not in the catalog")
        return ids

    def seats(self, key: str, seats: int) -> tuple[int, ...]:
        out = []
        for value in self.items(key):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
                raise self.fail(key, f"has {value!r}: seats are 0 to {seats - 1}")
            out.append(value)
        return tuple(out)

    def tuples(self, key: str, size: int) -> tuple[tuple[int, ...], ...]:
        out = []
        for value in self.items(key):
            ok = isinstance(value, list) and len(value) == size
            if not ok or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                raise self.fail(key, f"must list groups of {size} numbers, not {value!r}")
            out.append(tuple(value))
        return tuple(out)


def check_known(data: dict[str, Any], where: str, known: Iterable[str]) -> None:
    """Refuses a key that is not in ``known``, naming the table, the key and what is allowed."""
    allowed = set(known)
    for key in data:
        if key not in allowed:
            listed = ", ".join(sorted(allowed)) or "none"
            raise FieldError(f"{where}: unknown key {key!r} (the keys allowed here: {listed})")
