"""What a broadcast message may hold: every field of a table's view and of the standings, its
type and its bounds, written once as data.

The server checks each view against ``VIEW`` before it keeps, serves or draws it (a signature
says who sent a view, not that it is well made: a table's real key can sign ``seats: null``);
what fails is dropped and counted. The same description is served to the page as JSON
(``describe``, at ``/schema.json``), whose script checks each message with it before drawing,
so the browser draws only what it understands. To add a field (the standings of another kind
of tournament, say) add it here: the server and the page both learn it. No I/O here.

Bounds are the real thing's with room: the largest real view (8 Zeal players with characters
in play) is about 12 KB; ``tests/broadcast/test_no_leak.py`` checks every view of random games
of all five games against ``VIEW``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any


class SchemaError(ValueError):
    """A message that is not what the schema says, with where and why in words."""


class Spec:
    def check(self, value: Any, where: str) -> None:
        raise NotImplementedError

    def describe(self) -> dict[str, Any]:
        raise NotImplementedError


@dataclass(frozen=True)
class Text(Spec):
    most: int
    least: int = 0
    pattern: str = ""  # the whole text must match (a plain pattern both Python and JS read)

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, str):
            raise SchemaError(f"{where} is not text")
        if not self.least <= len(value) <= self.most:
            raise SchemaError(f"{where} is not {self.least} to {self.most} characters long")
        if self.pattern and not re.fullmatch(self.pattern, value):
            raise SchemaError(f"{where} is not of the form {self.pattern}")

    def describe(self) -> dict[str, Any]:
        return {"type": "text", "least": self.least, "most": self.most, "pattern": self.pattern}


@dataclass(frozen=True)
class Whole(Spec):
    least: int
    most: int

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise SchemaError(f"{where} is not a whole number")
        if not self.least <= value <= self.most:
            raise SchemaError(f"{where} is not between {self.least} and {self.most}")

    def describe(self) -> dict[str, Any]:
        return {"type": "whole", "least": self.least, "most": self.most}


@dataclass(frozen=True)
class Flag(Spec):
    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, bool):
            raise SchemaError(f"{where} is not true or false")

    def describe(self) -> dict[str, Any]:
        return {"type": "flag"}


@dataclass(frozen=True)
class Maybe(Spec):
    """``of``, or null."""

    of: Spec

    def check(self, value: Any, where: str) -> None:
        if value is not None:
            self.of.check(value, where)

    def describe(self) -> dict[str, Any]:
        return {"type": "maybe", "of": self.of.describe()}


@dataclass(frozen=True)
class Items(Spec):
    of: Spec
    most: int
    least: int = 0

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, list):
            raise SchemaError(f"{where} is not a list")
        if not self.least <= len(value) <= self.most:
            raise SchemaError(f"{where} does not hold {self.least} to {self.most} items")
        for i, item in enumerate(value):
            self.of.check(item, f"{where}[{i}]")

    def describe(self) -> dict[str, Any]:
        return {"type": "items", "of": self.of.describe(), "least": self.least, "most": self.most}


@dataclass(frozen=True)
class Record(Spec):
    """An object with exactly these fields (none missing, none more)."""

    fields: dict[str, Spec] = field(default_factory=dict)

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, dict):
            raise SchemaError(f"{where} is not an object")
        missing = [k for k in self.fields if k not in value]
        if missing:
            raise SchemaError(f"{where} has no {missing[0]}")
        extra = [k for k in value if k not in self.fields]
        if extra:
            raise SchemaError(f"{where} has a field the page does not know ({str(extra[0])[:40]})")
        for name, spec in self.fields.items():
            spec.check(value[name], f"{where}.{name}")

    def describe(self) -> dict[str, Any]:
        return {"type": "record", "fields": {k: s.describe() for k, s in self.fields.items()}}

    def plus(self, **more: Spec) -> Record:
        """This record with more fields (a newer message's)."""
        return Record({**self.fields, **more})


NAME = Text(64, least=1)  # a player's name
LINE = Text(500)  # a line of the log, a card in play, what waits
BIG = 10**9

COUNTER = Record(
    {
        "label": Text(60),
        "value": Whole(-BIG, BIG),
        "note": Text(60),
        "big": Flag(),
        "dimmed": Flag(),
    }
)

SEAT = Record(
    {
        "name": NAME,
        "colour": Text(7, least=7, pattern="#[0-9a-f]{6}"),
        "counters": Items(COUNTER, 24),
        "badges": Items(Text(80), 24),
        "lines": Items(LINE, 60),
        "eliminated": Flag(),
        "active": Flag(),
        "acting": Flag(),
    }
)

MAX_SEATS = 8  # the most players any game seats (Zeal's eight)

VIEW = Record(
    {
        "v": Whole(1, 1),
        "table": Text(32, least=1, pattern="[A-Za-z0-9_-]{1,32}"),
        "seq": Whole(0, BIG),
        "kind": Text(32, least=1),
        "game": Text(64),
        "title": Text(200),
        "turn": Whole(0, BIG),
        "phase": Text(80),
        "active": Maybe(NAME),
        "acting": Maybe(NAME),
        "waiting": Items(LINE, 40),
        "log": Items(LINE, 24),
        "over": Flag(),
        "winner": Maybe(NAME),
        "outcome": Text(300),
        "seats": Items(SEAT, MAX_SEATS, least=1),
    }
)

STANDINGS_ROW = Record(
    {
        "place": Text(8),
        "name": Text(140, least=1),
        "points": Text(12),
        "games": Text(12),
        "drawn_lost": Text(24),
    }
)

SWISS_ROW = Record(
    {
        "place": Whole(1, 10_000),
        "name": Text(140, least=1),
        "points": Whole(0, 100_000),
        "record": Text(24),
        "omw": Text(12),
        "gw": Text(12),
        "ogw": Text(12),
        "note": Text(200),
    }
)

# A Swiss event's own figures (companion_app/tournament/swiss_view.broadcast_fields): its
# tiebreakers, the newest round's pairings by table with its bye, the top cut.
SWISS = Record(
    {
        "seed": Whole(0, 2**53),  # what a page's number holds exactly
        "rounds": Whole(0, 1_000),
        "round_name": Text(80),
        "rows": Items(SWISS_ROW, 4096),
        "pairings": Items(Text(300), 4096),
        "cut": Items(Text(300), 64),
    }
)

STANDINGS = Record(
    {
        "headline": Text(200),
        "round": Whole(0, 10_000),
        "rows": Items(STANDINGS_ROW, 512),
        "pairings": Items(Text(300), 512),
        "swiss": Maybe(SWISS),  # null for a round robin or a team draft
    }
)


def check_view(view: Any) -> dict[str, Any]:
    """``view`` when it is a whole, well-formed view; SchemaError saying where it is not."""
    VIEW.check(view, "the view")
    return dict(view)


def check_standings(standings: Any) -> dict[str, Any]:
    STANDINGS.check(standings, "the standings")
    return dict(standings)


def describe() -> dict[str, Any]:
    """What the page's script checks each message with (served at /schema.json)."""
    return {"view": VIEW.describe(), "standings": STANDINGS.describe()}
