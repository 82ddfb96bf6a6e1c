"""Where a table's view travels and how it is signed: the topic, the signature's purpose, the
limits a reader holds it to. A view is signed with its table's own Ed25519 key (the
tournament's ``keys`` module): in a tournament, the key the host gave the table, whose public
half the host's signed state lists; outside one, a key the tablet made for itself, which the
server's operator admits (``AdmittedKeys``: the server shows a new table's name and key code,
the tablet's Broadcast page shows the same code).

A tournament's tables are named by their number counted from 1, as the host prints them and
the pairings say ("table 1"); the topic keeps the host's index from 0 (the broker's ACL).
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Callable, Iterable
from typing import Any, Final, Protocol

from companion_app.tournament import keys, messages, topics
from companion_app.tournament.messages import BadMessage, Limit

VIEW = "view"  # the purpose a table's view is signed for: never taken for a result or a state
# The largest real view (8 Zeal players, characters in play) is about 12 KB, nested 4 deep.
LIMIT = Limit(max_bytes=48_000, max_depth=6)
CASUAL_ROOT = "altar/broadcast"
NOT_ADMITTED: Final = "not admitted"  # a NotAdmitted's kind
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


def tournament_name(index: int) -> str:
    """A tournament table's broadcast name: its number as players read it (index 0: "1")."""
    return str(index + 1)


def tournament_table_of(topic: str) -> str:
    """The name of the tournament table whose view topic this is ("" if none)."""
    last = table_of(topic)
    return tournament_name(int(last)) if last.isdigit() and len(last) < 4 else ""


def key_code(public: str) -> str:
    """A table's public key as twelve letters and digits an operator can read and compare
    ("K3QX-7M2A-PL4T"): 60 bits of its SHA-256."""
    text = base64.b32encode(hashlib.sha256(public.encode()).digest()).decode()[:12]
    return "-".join(text[i : i + 4] for i in range(0, 12, 4))


def normal_code(text: str) -> str:
    """A key code as an operator may type it (any case, dashes or not); a whole public key is
    turned into its code."""
    text = text.strip()
    if len(text) == keys.KEY_TEXT:
        return key_code(text)
    bare = text.replace("-", "").replace(" ", "").upper()
    return "-".join(bare[i : i + 4] for i in range(0, len(bare), 4))


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
        raise BadMessage(messages.MISADDRESSED, "the view names another table than its topic")
    table_keys.verified(table, view["key"])
    return view


class NotAdmitted(BadMessage):
    """A well-signed view from a table the operator has not admitted (yet); ``code`` is its
    key's code when the operator was told of it ("" beyond those)."""

    def __init__(self, message: str, code: str = "") -> None:
        super().__init__(NOT_ADMITTED, message)
        self.code = code


class AdmittedKeys:
    """Outside a tournament: a table is shown only once its operator admits its key (by its
    code, ``key_code``), typed at the server or listed at start. The first admitted key that
    signs a table's name holds that name; another key's view of it is refused. A key not
    admitted is remembered (at most ``max_waiting``) and told to ``on_new`` once, so the
    operator sees the table's name and code; what it sends is refused and costs no more."""

    def __init__(
        self,
        admitted: Iterable[str] = (),
        on_new: Callable[[str, str], None] | None = None,
        max_waiting: int = 32,
    ) -> None:
        self.admitted = {normal_code(c) for c in admitted}
        self.on_new = on_new
        self.max_waiting = max_waiting
        self.pinned: dict[str, str] = {}
        self.waiting: dict[str, str] = {}  # key code -> the table name it signed
        self.unheard = 0  # keys not remembered because ``max_waiting`` were already waiting

    def key(self, table: str, claimed: str) -> str | None:
        return self.pinned.get(table, claimed)

    def verified(self, table: str, key: str) -> None:
        code = key_code(key)
        if code in self.admitted:
            self.pinned.setdefault(table, key)
            return
        if code not in self.waiting:
            if len(self.waiting) >= self.max_waiting:
                self.unheard += 1
                raise NotAdmitted("a table not admitted, beyond those the operator was shown")
            self.waiting[code] = table
            if self.on_new is not None:
                self.on_new(table, code)
        if self.waiting.get(code) != table:  # the same key, another name: not held
            raise NotAdmitted(f"table {table} (key {code}) is not admitted")
        raise NotAdmitted(f"table {table} (key {code}) is not admitted", code)

    def admit(self, code: str) -> str:
        """Admits a key by its code (or the whole key); the code as kept."""
        code = normal_code(code)
        self.admitted.add(code)
        self.waiting.pop(code, None)
        return code


class TournamentKeys:
    """The tables' public keys as the host's signed state lists them (``table_keys``), by the
    table's name (its number from 1)."""

    def __init__(self) -> None:
        self.table_keys: list[str] = []

    def key(self, table: str, claimed: str) -> str | None:
        if table.isdigit() and len(table) < 4 and 0 < int(table) <= len(self.table_keys):
            return self.table_keys[int(table) - 1]
        return None

    def verified(self, table: str, key: str) -> None:
        pass
