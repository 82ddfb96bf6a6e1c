"""This table's identity and the per-device keys it shares with the devices it claimed.

``KeyStore(path)`` keeps them in SQLite (``path=None`` or ``":memory:"``: for this run only).
A device key is 16 bytes agreed by X25519 when the table claimed the device (never sent); the
device keeps its copy with the table id. Sessions prove it with HMAC challenges over the
handshake's transcript (docs/protocol.md). A new claim replaces it; ``forget`` is the unclaim.
"""

from __future__ import annotations

import os
import sqlite3
import threading

# The key file's tables (`altar unclaim` reads a file as this table's by them: one definition).
SCHEMA = """
CREATE TABLE IF NOT EXISTS device_key (device TEXT PRIMARY KEY, key BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS setting (name TEXT PRIMARY KEY, value BLOB NOT NULL);
"""


def new_table_id() -> bytes:
    return os.urandom(4)


class KeyStore:
    def __init__(self, path: str | None = None) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path or ":memory:", check_same_thread=False)
        self._db.executescript(SCHEMA)

    def key_for(self, device: str) -> bytes | None:
        with self._lock:
            row = self._db.execute("SELECT key FROM device_key WHERE device = ?", (device,))
            found = row.fetchone()
        return bytes(found[0]) if found else None

    def store(self, device: str, key: bytes) -> None:
        if len(key) != 16:
            raise ValueError(f"a device key has 16 bytes, not {len(key)}")
        with self._lock, self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO device_key (device, key) VALUES (?, ?)", (device, key)
            )

    def forget(self, device: str) -> None:
        with self._lock, self._db:
            self._db.execute("DELETE FROM device_key WHERE device = ?", (device,))

    def devices(self) -> list[str]:
        with self._lock:
            rows = self._db.execute("SELECT device FROM device_key ORDER BY device").fetchall()
        return [str(r[0]) for r in rows]

    def table_id(self) -> bytes:
        """This table's id, made once and kept (so claimed devices still know the table)."""
        with self._lock, self._db:
            row = self._db.execute("SELECT value FROM setting WHERE name = 'table_id'").fetchone()
            if row:
                return bytes(row[0])
            table = new_table_id()
            self._db.execute("INSERT INTO setting (name, value) VALUES ('table_id', ?)", (table,))
            return table

    def close(self) -> None:
        with self._lock:
            self._db.close()
