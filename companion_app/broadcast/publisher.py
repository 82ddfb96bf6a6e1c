"""The tablet's side of a broadcast: after every change to the game, its public view, signed by
the table and retained on the broker, so a viewer who arrives late sees the present at once.

It watches the session's ``revision`` (bumped by every redraw) and publishes only when the view
changed. Publishing never blocks the table: paho queues the message and sends it from its own
thread, and a broker that is down loses nothing that matters (the next change is the whole
present again). No Kivy import: the session is any object with ``bind``, ``game``, ``adapter``
and ``colours``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

from companion_app.broadcast.channel import sign_view
from companion_app.broadcast.public_view import public_view


class Publishes(Protocol):
    def publish(self, topic: str, payload: bytes, *, retain: bool = False) -> None: ...


class TableBroadcast:
    def __init__(
        self,
        session: Any,
        link: Publishes,
        topic: str,
        table: str,
        private_key: str,
        title: str = "",
        active: Callable[[], bool] = lambda: True,
    ) -> None:
        self.session = session
        self.link = link
        self.topic = topic
        self.table = table
        self.private_key = private_key
        self.title = title
        self.active = active  # whether the game in the session is the one to broadcast now
        self.on = True
        self.published = 0
        self._last = ""
        session.bind(revision=self._changed)
        self.publish_now()  # the present at once: a viewer should not wait for the next move

    def view(self) -> dict[str, Any] | None:
        game = self.session.game
        if game is None:
            return None
        title = self.title or str(self.session.metadata.get("title", ""))
        return public_view(game, self.session.adapter, self.table, title, self.session.colours)

    def _changed(self, *_args: Any) -> None:
        if self.on:
            self.publish_now()

    def publish_now(self) -> bool:
        """Publishes the view if it changed since the last one; True when it did."""
        view = self.view() if self.active() else None
        if view is None:
            return False
        text = json.dumps(view, sort_keys=True)
        if text == self._last:
            return False
        self._last = text
        self.link.publish(self.topic, sign_view(view, self.private_key), retain=True)
        self.published += 1
        return True

    def stop(self) -> None:
        self.on = False
        self.session.unbind(revision=self._changed)
