"""A game's setup as plain data and back, the same for every game, as the actions are
(``actions.py``): the app's store and saved games, the new-game screen, ``altar`` commands.

A game lists the keys of its setup record, each with how it is read (its default, its range
or its choices, through ``fields.Fields``) and written; a ``SetupCodec`` of those keys reads a
record into the game's setup dataclass and writes one back. The catalog check, unknown keys,
the players' tables, values left out when they are None (TOML has no null), tuples written
as lists and every error as ``SetupError`` naming the field are written once, here.

A key's name is the record's and the setup field's: ``Key("seed", ...)`` reads
``record["seed"]`` into ``Setup(seed=...)`` and writes ``setup.seed`` back. Keys are written
in the order listed, so a game's records keep the shape they have always had.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping
from typing import Any, Generic, TypeVar

from engine.core.catalog import CardCatalog
from engine.core.fields import FieldError, Fields
from engine.errors import SetupError

T = TypeVar("T")
S = TypeVar("S")  # a game's setup dataclass

# How a key is read: from its table, with the game's catalog (for card ids).
Reader = Callable[[Fields, Any], T]


def _same(value: Any) -> Any:
    return value


def _is_none(value: Any) -> bool:
    return value is None


@dataclasses.dataclass(frozen=True)
class Key(Generic[T]):
    """One key of a record's table: how it is read, how written, and when it is left out."""

    name: str
    read: Reader[T]
    write: Callable[[T], Any] = _same
    left_out: Callable[[T], bool] = _is_none


# --- the kinds of keys ---------------------------------------------------------------------


def _left_out(default: Any, when_default: bool) -> Callable[[Any], bool]:
    return (lambda value: value == default) if when_default else _is_none


def number(
    name: str,
    default: int,
    lo: int = 0,
    hi: int | None = None,
    *,
    left_out_when_default: bool = False,
) -> Key[int]:
    """A whole number from ``lo`` (to ``hi``), ``default`` when absent (and, with
    ``left_out_when_default``, not written when it is the default)."""
    read: Reader[int] = lambda f, _catalog: f.number(name, default, lo, hi)  # noqa: E731
    return Key(name, read, left_out=_left_out(default, left_out_when_default))


def opt_number(name: str, lo: int = 0, hi: int | None = None) -> Key[int | None]:
    """A whole number or nothing (None, left out of the record)."""
    return Key(name, lambda f, _catalog: f.opt_number(name, lo, hi))


def flag(name: str, default: bool) -> Key[bool]:
    return Key(name, lambda f, _catalog: f.flag(name, default))


def text(name: str, default: str = "", *, left_out_when_default: bool = False) -> Key[str]:
    """Text, ``default`` when absent (and, with ``left_out_when_default``, not written when
    it is the default)."""
    read: Reader[str] = lambda f, _catalog: f.text(name, default)  # noqa: E731
    return Key(name, read, left_out=_left_out(default, left_out_when_default))


def choice(name: str, default: str, allowed: Collection[str]) -> Key[str]:
    """One of ``allowed`` (the error lists them)."""
    return Key(name, lambda f, _catalog: f.choice(name, default, allowed))


def texts(name: str, allowed: Collection[str] | None = None) -> Key[tuple[str, ...]]:
    """A list of texts (each one of ``allowed``, when given)."""
    return Key(name, lambda f, _catalog: f.texts(name, allowed), write=list)


def card_ids(name: str) -> Key[tuple[str, ...]]:
    """A list of card ids, each in the game's catalog."""
    return Key(name, lambda f, catalog: f.card_ids(name, catalog), write=list)


def rows(name: str, table: Table[T]) -> Key[tuple[T, ...]]:
    """A list of tables (``[[players]]``), each read and written by ``table``."""

    def read(f: Fields, catalog: Any) -> tuple[T, ...]:
        return tuple(table.read(row, catalog) for row in f.tables(name, table.known))

    def write(values: tuple[T, ...]) -> list[dict[str, Any]]:
        return [table.write(v) for v in values]

    return Key(name, read, write=write)


class Table(Generic[T]):
    """A table of keys, read into one dataclass (``make``, called with a value per key) and
    written back from its fields. A table whose keys depend on each other (Z-G's figure
    gives a deck and a character) gives its own ``read``, and the keys it reads that are
    never written (``also_known``)."""

    def __init__(
        self,
        make: Callable[..., T],
        *keys: Key[Any],
        read: Reader[T] | None = None,
        also_known: tuple[str, ...] = (),
    ) -> None:
        self.make = make
        self.keys = keys
        self.known = tuple(k.name for k in keys) + also_known
        self._read = read

    def values(self, f: Fields, catalog: Any) -> dict[str, Any]:
        """Each key's value, read from the table in order."""
        return {k.name: k.read(f, catalog) for k in self.keys}

    def read(self, f: Fields, catalog: Any) -> T:
        if self._read is not None:
            return self._read(f, catalog)
        return self.make(**self.values(f, catalog))

    def write(self, value: T) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k in self.keys:
            field = getattr(value, k.name)
            if not k.left_out(field):
                out[k.name] = k.write(field)
        return out


# --- what every game's setup has -----------------------------------------------------------

NAME: Key[str] = Key("name", lambda f, _catalog: f.text("name", "").strip())
DECK = card_ids("deck")
DECK_SIZE = opt_number("deck_size")  # hidden hands: how many cards, when none are listed
SEED = number("seed", 0, 0, (1 << 64) - 1)
HIDDEN_HANDS = flag("hidden_hands", True)


class SetupCodec(Generic[S]):
    """One game's setup record: ``to_dict`` writes it, ``from_dict`` reads it back, checked.

    ``make`` is the game's setup dataclass (given ``catalog=`` and a value per key);
    ``catalog_type`` the game's catalog class; ``check``, when given, refuses a setup that
    can't start (SetupError in players' words) once the record is read.
    """

    def __init__(
        self,
        game: str,
        make: Callable[..., S],
        catalog_type: type[Any],
        *keys: Key[Any],
        check: Callable[[S], None] | None = None,
    ) -> None:
        self.game = game
        self.catalog_type = catalog_type
        self.table: Table[S] = Table(make, *keys)
        self.check = check

    def to_dict(self, setup: S) -> dict[str, Any]:
        return self.table.write(setup)

    def from_dict(self, record: Mapping[str, Any], catalog: CardCatalog) -> S:
        """The setup a record describes; SetupError naming the field for anything wrong."""
        if not isinstance(catalog, self.catalog_type):
            raise SetupError(f"a game of {self.game} needs its own card catalog")
        try:
            f = Fields(dict(record), "setup", self.table.known)
            setup = self.table.make(catalog=catalog, **self.table.values(f, catalog))
        except FieldError as exc:
            raise SetupError(str(exc)) from None
        if self.check is not None:
            self.check(setup)
        return setup
