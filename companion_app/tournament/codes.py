"""Join and watch codes: what the host hands each tablet, and no more.

A table's code: ``tid.N.TABLEKEY.HOSTKEY.PASSWORD[.PIN]``: the tournament, the table (0-based),
the table's own private signing key (it signs this table's results and nobody else's), the
host's public key (it checks the host's state; it signs nothing), the table's broker password
(its user, ``altar-<tid>-table-<N>``, may publish on its own result and view topics only), and,
when the broker speaks TLS, the SHA-256 of the broker's certificate.

A watcher's code: ``tid.watch.HOSTKEY.PASSWORD[.PIN]``: no signing key at all, and a broker user
(``altar-<tid>-watch``) that may only read the state and the views. Every key is 43 characters
of base64url (keys.py); no field holds a dot.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass

from companion_app.tournament import keys
from companion_app.tournament.messages import BadMessage

WATCH = "watch"  # the middle word of a watcher's code, not a table
_TID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # safe in a topic: no '/', '+' or '#'
_PASSWORD = re.compile(r"[A-Za-z0-9_-]{16,64}")
TABLE_CODE = "tournament.table.key.hostkey.password"
WATCH_CODE = "tournament.watch.hostkey.password"


def check_tid(tid: str) -> str:
    if not _TID.fullmatch(tid):
        raise ValueError("a tournament id is 1 to 32 letters, digits, '-' or '_'")
    return tid


def new_password() -> str:
    return secrets.token_urlsafe(16)


def table_user(tid: str, table: int) -> str:
    return f"altar-{tid}-table-{table}"


def host_user(tid: str) -> str:
    return f"altar-{tid}-host"


def watch_user(tid: str) -> str:
    return f"altar-{tid}-watch"


@dataclass(frozen=True)
class JoinCode:
    tid: str
    table: int  # -1: a watcher
    table_key: str  # this table's private signing key; "" for a watcher
    host_key: str  # the host's public key: checks the state
    password: str  # the broker password of this code's user
    pin: str = ""  # the broker certificate's SHA-256 (keys.fingerprint) when it speaks TLS
    user: str = ""  # the broker user, when not this code's own (a table's code used to watch)

    @classmethod
    def parse(cls, code: str) -> JoinCode:
        """A table's code; ValueError in words otherwise (a watcher's code is told apart)."""
        parts = code.strip().split(".")
        if len(parts) >= 2 and parts[1] == WATCH:
            raise ValueError(
                "that is a watcher's code: it shows the standings (Watch), it can't join as a table"
            )
        try:
            if len(parts) not in (5, 6) or not parts[1].isdigit():
                raise ValueError
            tid, table, tkey, hkey, password = parts[:5]
            made = cls(tid, int(table), tkey, hkey, password, parts[5] if len(parts) == 6 else "")
            return made._checked()
        except ValueError:
            raise ValueError(f"a join code is {TABLE_CODE}, as the host printed it") from None

    @classmethod
    def for_watching(cls, code: str) -> JoinCode:
        """A watch-only tablet's code (table -1, no signing key): from the host's watcher code,
        or from a table's code, dropping its table key."""
        parts = code.strip().split(".")
        try:
            if len(parts) in (4, 5) and parts[1] == WATCH:
                pin = parts[4] if len(parts) == 5 else ""
                return cls(parts[0], -1, "", parts[2], parts[3], pin)._checked()
            table = cls.parse(code)
        except ValueError:
            raise ValueError(f"a watcher's code is {WATCH_CODE}, as the host printed it") from None
        # A table's code used to watch still logs in to the broker as that table's user.
        return cls(table.tid, -1, "", table.host_key, table.password, table.pin, table.username)

    def _checked(self) -> JoinCode:
        try:
            check_tid(self.tid)
            keys.check_key(self.host_key, "the host's key")
            if self.table_key:
                keys.check_key(self.table_key, "the table's key")
            if self.pin:
                keys.check_key(self.pin, "the broker's certificate pin")
        except BadMessage as e:
            raise ValueError(str(e)) from None
        if not _PASSWORD.fullmatch(self.password) or self.table < -1:
            raise ValueError("not a code")
        return self

    @property
    def watching(self) -> bool:
        return self.table < 0

    @property
    def username(self) -> str:
        if self.user:
            return self.user
        return watch_user(self.tid) if self.watching else table_user(self.tid, self.table)

    def client_id(self) -> str:
        """A table's MQTT client id: unguessable without its password, so nobody else can take
        its session over (a second client with the same id makes the broker drop the first).
        Watchers are many: each a random one."""
        if self.watching:
            return f"altar-{self.tid}-watch-{secrets.token_hex(6)}"
        tag = hashlib.sha256(self.password.encode()).hexdigest()[:12]
        return f"{self.username}-{tag}"

    def text(self) -> str:
        if self.watching:
            fields = [self.tid, WATCH, self.host_key, self.password]
        else:
            fields = [self.tid, str(self.table), self.table_key, self.host_key, self.password]
        return ".".join(fields + ([self.pin] if self.pin else []))
