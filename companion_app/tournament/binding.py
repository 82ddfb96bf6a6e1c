"""A table's identity is its tablet's key, not its join code (issue 35, docs/tournament.md).

A join code can be read off a screen. So a tablet makes its own Ed25519 key the first time it
joins (``tablet_key.json`` in its folder, readable by its owner only) and says so to the host in
a JOIN message signed with the code's key (proof that it holds the code), naming its own public
key. The host binds the table to the first tablet key it hears (``bindings.json`` in the host's
folder, on disk before anyone is told), and from then on takes results for that table only when
signed by that tablet's key. A second JOIN with the same code from another key is refused,
counted and shown to the organizer, who can move the table to that tablet on purpose
(``altar tournament move --folder DIR --table N --to KEY``): the host picks the change up from
the file. The host's state lists the bound keys (public halves), so a tablet sees whether it is
the one bound, and tells its players if another tablet holds the table.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from companion_app.tournament import keys, messages
from companion_app.tournament.files import read_json, write_json
from companion_app.tournament.messages import BadMessage

JOIN = "join"  # a tablet's JOIN, signed with the join code's key
TABLET_KEY_FILE = "tablet_key.json"
BINDINGS_FILE = "bindings.json"
MAX_REFUSED = 8  # other tablets' keys remembered per table, for the organizer to move to
SHORT = 8  # characters of a key shown to people (the organizer types at least this many)


def tablet_key(folder: Path) -> str:
    """This tablet's own private key: made on first use, kept in the table's folder."""
    path = folder / TABLET_KEY_FILE
    data = read_json(path, {})
    key = data.get("key") if isinstance(data, dict) else None
    if isinstance(key, str):
        try:
            keys.public_key(key)
            return key
        except Exception:  # noqa: BLE001 - a damaged file: a new key (the organizer can move)
            pass
    key = keys.new_private_key()
    write_json(path, {"key": key})
    os.chmod(path, 0o600)
    return key


def join_message(tid: str, table: int, code_key: str, tablet_private: str) -> bytes:
    body = {"tid": tid, "table": table, "tablet": keys.public_key(tablet_private)}
    return keys.sign(JOIN, body, code_key)


def open_join(payload: bytes, tid: str, table: int, code_public: str) -> str | None:
    """The tablet key a JOIN names (signed with this table's code key), None if the payload
    is not a JOIN at all (a result); BadMessage if it is one and wrong."""
    try:
        body = keys.open_signed(
            JOIN, payload, lambda b: code_public if "tablet" in b else None, messages.RESULT
        )
    except keys.UnknownSigner:
        return None  # no "tablet" in it: not a JOIN
    if body.get("tid") != tid or body.get("table") != table:
        raise BadMessage(
            messages.MISADDRESSED, "a join sent on another table's or tournament's topic"
        )
    return keys.check_key(str(body.get("tablet")), "the tablet's key")


class Bindings:
    """table -> the tablet key it is bound to, and the other keys that tried its code."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / BINDINGS_FILE
        self.bound: dict[int, str] = {}
        self.refused: dict[int, list[str]] = {}
        self._mtime = -1.0
        self.reload()

    def reload(self) -> bool:
        """Re-read the file if someone (``altar tournament move``) changed it; True if so."""
        try:
            mtime = self.path.stat().st_mtime
        except OSError:
            mtime = 0.0
        if mtime == self._mtime:
            return False
        self._mtime = mtime
        data = read_json(self.path, {})
        self.bound, self.refused = _parse(data)
        return True

    def save(self) -> None:
        write_json(
            self.path,
            {
                "bound": {str(t): k for t, k in sorted(self.bound.items())},
                "refused": {str(t): ks for t, ks in sorted(self.refused.items())},
            },
        )
        self._mtime = self.path.stat().st_mtime

    def join(self, table: int, tablet: str) -> str:
        """ "bound" (the first join: now bound), "same" (this tablet again), or "refused"."""
        have = self.bound.get(table)
        if have == tablet:
            return "same"
        if have is None:
            self.bound[table] = tablet
            self.refused.pop(table, None)
            self.save()  # on disk before the state tells anyone
            return "bound"
        tried = self.refused.setdefault(table, [])
        if tablet not in tried:
            tried.append(tablet)
            del tried[:-MAX_REFUSED]
            self.save()
        return "refused"

    def move(self, table: int, prefix: str) -> str:
        """The organizer moves the table to the tablet whose key starts with ``prefix`` (one
        that tried to join it); ValueError in words otherwise. -> the key now bound."""
        if len(prefix) < SHORT:
            raise ValueError(f"give at least {SHORT} characters of the tablet's key")
        found = [k for k in self.refused.get(table, []) if k.startswith(prefix)]
        if not found:
            raise ValueError(
                f"no tablet whose key starts with {prefix} tried to join table {table + 1}"
            )
        if len(found) > 1:
            raise ValueError(f"more than one tablet's key starts with {prefix}: give more of it")
        self.bound[table] = found[0]
        self.refused[table].remove(found[0])
        self.save()
        return found[0]


def _parse(data: Any) -> tuple[dict[int, str], dict[int, list[str]]]:
    if not isinstance(data, dict):
        raise ValueError("bindings.json is not Altar's (not an object)")
    bound: dict[int, str] = {}
    refused: dict[int, list[str]] = {}
    for t, k in (data.get("bound") or {}).items():
        bound[int(t)] = keys.check_key(str(k), "a bound tablet's key")
    for t, ks in (data.get("refused") or {}).items():
        refused[int(t)] = [keys.check_key(str(k), "a tablet's key") for k in ks]
    return bound, refused


def short(key: str) -> str:
    return key[:SHORT]
