"""Where a table's view travels and how it is signed: the topic, the signature's purpose, the
limits a reader holds it to. A view is signed with its table's own Ed25519 key (the
tournament's ``keys`` module): in a tournament, the key the host gave the table, whose public
half the host's signed state lists; outside one, a key the tablet made for itself, pinned by the
server the first time it sees that table (trust on first use).
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from companion_app.tournament import keys, topics
from companion_app.tournament.messages import BadMessage, Limit

VIEW = "view"  # the purpose a table's view is signed for: never taken for a result or a state
# The largest real view (8 Zeal players, characters in play) is about 12 KB, nested 4 deep.
LIMIT = Limit(max_bytes=48_000, max_depth=6)
CASUAL_ROOT = "altar/broadcast"
_NAME = re.compile(r"[A-Za-z0-9_-]{1,32}")


def check_name(name: str) -> str:
    """A table's name as a topic level: letters, digits, '-' and '_' (no '/', '+' or '#')."""
    if not _NAME.fullmatch(name):
        raise ValueError("a table's broadcast name is 1 to 32 letters, digits, '-' or '_'")
    return name


def view_topic(table: str, tid: str | None = None) -> str:
    """A tournament table's view under its tournament (``table`` is its number); a casual
    table's under ``altar/broadcast``."""
    if tid is not None:
        return topics.view(tid, int(table))
    return f"{CASUAL_ROOT}/{check_name(table)}"


def views_topic(tid: str | None = None) -> str:
    return topics.views(tid) if tid is not None else f"{CASUAL_ROOT}/+"


def table_of(topic: str) -> str:
    return topic.rsplit("/", 1)[-1]


def sign_view(view: dict[str, Any], private: str) -> bytes:
    body = dict(view)
    body["key"] = keys.public_key(private)
    return keys.sign(VIEW, body, private)


class TableKeys(Protocol):
    """Which key signs a table's views."""

    def key(self, table: str, claimed: str) -> str | None:
        """The key a view of ``table`` that says it is signed by ``claimed`` must verify with."""

    def verified(self, table: str, key: str) -> None:
        """A view of ``table`` verified with ``key``."""


def open_view(payload: bytes, table_keys: TableKeys, table: str) -> dict[str, Any]:
    """The view in ``payload``, checked: within the limits, signed for a view by the key
    ``table_keys`` accepts for that table. BadMessage otherwise."""

    def public_for(body: dict[str, Any]) -> str | None:
        claimed = body.get("key")
        return table_keys.key(table, claimed) if isinstance(claimed, str) else None

    view = keys.open_signed(VIEW, payload, public_for, LIMIT)
    if view.get("table") != table:
        raise BadMessage("the view names another table than its topic")
    table_keys.verified(table, view["key"])
    return view


class FirstKeySeen:
    """Trust on first use, per table: the first key that signs a table's view is that table's
    key for as long as the server runs; a view of the same table under another key is refused.
    (In a tournament the host's state names the keys instead: ``TournamentKeys``.)"""

    def __init__(self) -> None:
        self.pinned: dict[str, str] = {}

    def key(self, table: str, claimed: str) -> str | None:
        # Pinned only once a view verifies with it (``verified``): a forged first message
        # pins nothing.
        return self.pinned.get(table, claimed)

    def verified(self, table: str, key: str) -> None:
        self.pinned.setdefault(table, key)


class TournamentKeys:
    """The tables' public keys as the host's signed state lists them (``table_keys``)."""

    def __init__(self) -> None:
        self.table_keys: list[str] = []

    def key(self, table: str, claimed: str) -> str | None:
        if table.isdigit() and len(table) < 4 and int(table) < len(self.table_keys):
            return self.table_keys[int(table)]
        return None

    def verified(self, table: str, key: str) -> None:
        pass
