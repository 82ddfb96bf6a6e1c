"""The broadcast server's picture of the tables: the newest verified public view of each, and
the tournament's standings, made from whatever arrives on the broker (no I/O here).

Anything may be published on a shared broker. A message is taken only if it is within the size
and nesting limits, signed for a table's view, whole and well formed by the schema
(``view_schema``), and not a repeat; everything else is counted and dropped, so a message costs
at most itself. The board holds at most ``max_tables`` tables, so what a new viewer is sent
(``snapshot``) is bounded too: ``max_tables`` views of at most ``VIEW_BYTES`` each.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion_app.broadcast import view_schema

# What a view may weigh: the largest real view (8 Zeal players with characters in play) is
# about 12 KB; four times that leaves room and still bounds what a stranger can make us parse.
VIEW_BYTES = 48_000
VIEW_DEPTH = 8
MAX_TABLES = 64  # a big tournament's tables with room; a casual server's admitted tables

Verify = Callable[[str, bytes], dict[str, Any]]  # (topic, payload) -> the view, or raises


class Refused(ValueError):
    """A message the board does not take, with why in words."""


@dataclass
class Board:
    """Latest view per table, keyed by the table's name as its topic gives it."""

    verify: Verify
    max_tables: int = MAX_TABLES
    views: dict[str, dict[str, Any]] = field(default_factory=dict)
    standings: dict[str, Any] | None = None
    taken: int = 0
    dropped: dict[str, int] = field(default_factory=dict)
    listeners: list[Callable[[str, dict[str, Any]], None]] = field(default_factory=list)
    # Called after every message the board dealt with, shown or dropped: its counts changed.
    # A monitor (the server's health, a test) waits on this instead of asking again and again.
    handled: list[Callable[[], None]] = field(default_factory=list)

    def take_view(self, table: str, topic: str, payload: bytes) -> bool:
        """A table's view from the broker: True when it is new and now shown."""
        try:
            return self._take_view(table, topic, payload)
        finally:
            for callback in list(self.handled):
                callback()

    def _take_view(self, table: str, topic: str, payload: bytes) -> bool:
        try:
            view = self.verify(topic, payload)
            if not isinstance(view, dict) or view.get("table") != table:
                raise Refused("the view names another table than its topic")
            view.pop("key", None)  # who signed it: checked, and of no use to a viewer
            # A signature says who sent it, not that it is whole: a table's own key can sign
            # `seats: null`, which must never reach a page.
            view_schema.check_view(view)
            if table not in self.views and len(self.views) >= self.max_tables:
                raise Refused("the board holds as many tables as it may")
        except Exception as e:  # anything the verifier raises is a dropped message
            self._drop(type(e).__name__)
            return False
        held = self.views.get(table)
        # An undo makes seq smaller: the same game's newer view may have a lower number.
        # A view is replaced by any other verified view of the table; only an exact repeat is
        # skipped (a retained copy seen again on reconnect).
        if held == view:
            self._drop("repeat")
            return False
        self.views[table] = view
        self.taken += 1
        for listener in list(self.listeners):
            listener("view", view)
        return True

    def take_standings(self, standings: dict[str, Any]) -> None:
        try:
            view_schema.check_standings(standings)
            new = standings != self.standings
        except view_schema.SchemaError:
            self._drop("SchemaError")
            new = False  # nothing to show; the count changed
        if new:
            self.standings = standings
            for listener in list(self.listeners):
                listener("standings", standings)
        for callback in list(self.handled):
            callback()

    def snapshot(self) -> dict[str, Any]:
        return {
            "type": "snapshot",
            "views": [self.views[t] for t in sorted(self.views)],
            "standings": self.standings,
        }

    def _drop(self, why: str) -> None:
        self.dropped[why] = self.dropped.get(why, 0) + 1
