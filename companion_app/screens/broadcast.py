"""The Broadcast page (menu, "Broadcast"): this table's game live in a web browser, outside a
tournament (in one, the tournament's tablet broadcasts by itself: docs/broadcast.md).

The player names the broker and this table; the page starts or stops the tablet's broadcast
and says what happened in words. The work is ``companion_app.broadcast.casual`` (no Kivy).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion_app.broadcast.casual import CasualBroadcast


class BroadcastScreen(Screen):
    session = ObjectProperty(None, rebind=True)
    status = StringProperty("Off: nobody outside this table sees the game.")
    on = BooleanProperty(False)

    def _casual(self) -> CasualBroadcast:
        found = getattr(self, "_broadcast", None)
        if found is None:
            path = self.session.store.path
            # The table's own key lives beside its saved games (a tablet in memory: a scratch
            # folder for this run).
            folder = (
                Path(tempfile.mkdtemp(prefix="altar-broadcast-"))
                if path == ":memory:"
                else Path(path).parent
            )
            found = self._broadcast = CasualBroadcast(self.session, folder)
        return found

    def toggle(self, broker: str, name: str, user: str, password: str) -> None:
        casual = self._casual()
        if casual.on:
            casual.stop()
            self.on = False
            self.status = "Stopped: nobody outside this table sees the game."
            return
        try:
            self.status = casual.start(broker, name, user.strip() or None, password or None)
        except ValueError as e:
            self.status = f"Not started: {e}."
            return
        self.on = True
        self._watch()

    def _watch(self) -> None:
        """The connection changes in paho's thread: the page reads it twice a second while the
        broadcast is on, so what it says stays true (connected, refused, nobody answering)."""

        def look(_dt: float) -> bool:
            casual = getattr(self, "_broadcast", None)
            if casual is None or not casual.on:
                return False
            self.status = casual.said()
            return True

        self.session.clock.schedule_interval(look, 0.5)

    def back(self, *_args: Any) -> None:
        App.get_running_app().show("menu")
