"""Broadcasting outside a tournament: the menu's switch (and `altar app --broadcast`).

The tablet signs its views with a key of its own, made the first time and kept beside its saved
games (readable by its owner only), so a server that pinned it on first sight keeps taking this
table's views after a restart. Starting checks what the player typed and says what is wrong in
words; the connection is paho's, in its own thread, so the table never waits for the broker.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion_app.broadcast import channel
from companion_app.broadcast.publisher import TableBroadcast
from companion_app.tournament import keys
from companion_app.tournament.messages import BadMessage
from companion_app.tournament.mqtt_link import Link

KEY_FILE = "broadcast-key.json"
TOURNAMENT_GAME = "tournament"  # the session's metadata key of a tournament's game (table_play)


def parse_broker(text: str) -> tuple[str, int]:
    host, sep, port = text.strip().rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"the broker is host:port, for example 192.168.1.10:1883 (not {text!r})")
    return host, int(port)


def table_key(folder: Path) -> str:
    """This tablet's broadcast key: read from ``folder``, or made and saved there."""
    path = folder / KEY_FILE
    try:
        return keys.check_key(json.loads(path.read_text(encoding="utf-8"))["key"], "the key")
    except (OSError, ValueError, KeyError, TypeError, BadMessage):
        pass  # none yet, or damaged: a new one (a server that pinned the old one says so)
    key = keys.new_private_key()
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"key": key}), encoding="utf-8")
    path.chmod(0o600)
    return key


class CasualBroadcast:
    def __init__(self, session: Any, folder: Path) -> None:
        self.session = session
        self.folder = folder
        self.broadcast: TableBroadcast | None = None
        self.link: Link | None = None
        self.where = ""
        self.code = ""  # this tablet's key code, as the page's operator sees it
        self.name = ""

    @property
    def on(self) -> bool:
        return self.broadcast is not None

    def start(
        self, broker: str, name: str, user: str | None = None, password: str | None = None
    ) -> str:
        """Starts broadcasting this table as ``name``; what the table is told. ValueError in
        words when the broker or the name will not do."""
        host, port = parse_broker(broker)
        topic = channel.view_topic(channel.check_name(name.strip()))
        self.stop()
        self.link = Link(
            f"altar-table-{name.strip()}", host, port, [], username=user, password=password
        )
        self.link.start()
        key = table_key(self.folder)
        self.broadcast = TableBroadcast(
            self.session, self.link, topic, name.strip(), key, active=self._casual_game
        )
        self.where = f"{host}:{port}"
        self.code = channel.key_code(keys.public_key(key))
        self.name = name.strip()
        return self.said()

    def state(self) -> str:
        """What is true of the broadcast now, in words (issue 33: the page said "Broadcasting"
        with nothing listening): connected, refused, nothing answering, or still trying."""
        link = self.link
        if link is None or self.broadcast is None:
            return "Off: nobody outside this table sees the game."
        if link.connected.is_set():
            return (
                f"Broadcasting this table as {self.name}: connected to the broker at {self.where}."
            )
        if link.refused:
            return (
                f"Not broadcasting: the broker at {self.where} refused this table "
                f"({link.refused}); trying again."
            )
        if link.failures or link.connects:
            return (
                f"Not connected: no broker answers at {self.where}; trying again every "
                "2 seconds (the game is shown as soon as it answers)."
            )
        return f"Connecting to the broker at {self.where}..."

    def said(self) -> str:
        """The state, and while on, the key code the page's operator admits this table by."""
        state = self.state()
        if self.broadcast is None:
            return state
        return f"{state} Its key code is {self.code}: the page's operator admits that code."

    def _casual_game(self) -> bool:
        """A tournament's game is broadcast by the tournament (to its own broker, under its
        table's key): never also here."""
        return TOURNAMENT_GAME not in getattr(self.session, "metadata", {})

    def stop(self) -> None:
        if self.broadcast is not None:
            self.broadcast.stop()
            self.broadcast = None
        if self.link is not None:
            self.link.stop()
            self.link = None
